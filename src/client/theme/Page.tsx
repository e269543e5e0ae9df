import type { ReactElement } from 'react'
import { routeHref } from '../../shared/canonical-path.js'
import type { PageProps } from '../../shared/page-view.js'
import { AnnouncementBar } from './AnnouncementBar.js'
import { DocPage } from './DocPage.js'
import { Footer } from './Footer.js'
import { Navbar } from './Navbar.js'
import { NotFound } from './NotFound.js'
import { PlainPage } from './PlainPage.js'
import { SkipLink } from './SkipLink.js'

/**
 * Everything inside <body> for one page. The document around it (head, stylesheet, the colour
 * mode script that sets `data-theme` on <html> before paint) is written by the build.
 */
export function Page({ site, page, sidebar, sidebarHtml }: PageProps): ReactElement {
  const currentHref = routeHref(page.path)
  const mainSidebar = page.layout === 'docs' && page.kind !== 'notFound' ? sidebar : undefined
  return (
    <>
      <SkipLink />
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <Navbar site={site} sidebar={mainSidebar} sidebarHtml={sidebarHtml} currentHref={currentHref} />
      {page.kind === 'notFound' ? (
        <NotFound homeHref={site.baseUrl} />
      ) : page.layout === 'docs' ? (
        <DocPage page={page} sidebar={mainSidebar} sidebarHtml={sidebarHtml} currentHref={currentHref} homeHref={site.baseUrl} />
      ) : (
        <PlainPage page={page} />
      )}
      <Footer footer={site.footer} />
    </>
  )
}
