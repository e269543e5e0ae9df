import type { ReactElement } from 'react'
import { siteHref } from '../../shared/canonical-path.js'
import type { PageProps } from '../../shared/page-view.js'
import { BlogSidebar } from './BlogSidebar.js'
import { DocPage } from './DocPage.js'
import { MobileMenu } from './MobileMenu.js'
import { NotFound } from './NotFound.js'
import { PlainPage } from './PlainPage.js'

/** The content of a page's page region (see Page): what differs between pages. */
export function PageRegion({ site, page, sidebar, sidebarHtml }: PageProps): ReactElement {
  const currentHref = siteHref(site.baseUrl, page.path)
  const navbarItems = site.navbar.items
  const blogSidebar = page.blogSidebar ? <BlogSidebar sidebar={page.blogSidebar} /> : undefined
  if (page.layout === 'docs' && page.kind !== 'notFound')
    return <DocPage page={page} sidebar={sidebar} sidebarHtml={sidebarHtml} blogSidebar={blogSidebar} navbarItems={navbarItems} currentHref={currentHref} homeHref={site.homeHref} />
  // A blog page: its sidebar column, which is the mobile menu on narrow screens (as the docs layout's).
  return blogSidebar ? (
    <div className="blog-layout">
      <MobileMenu items={navbarItems} sidebar={blogSidebar} currentHref={currentHref} />
      <PlainPage page={page} />
    </div>
  ) : (
    <>
      <MobileMenu items={navbarItems} currentHref={currentHref} />
      {page.kind === 'notFound' ? <NotFound homeHref={site.homeHref} docsHref={site.docsHref} /> : <PlainPage page={page} />}
    </>
  )
}
