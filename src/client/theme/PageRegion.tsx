import type { ReactElement } from 'react'
import { siteHref } from '../../shared/canonical-path.js'
import type { PageProps } from '../../shared/page-view.js'
import { DocPage } from './DocPage.js'
import { MobileMenu } from './MobileMenu.js'
import { NotFound } from './NotFound.js'
import { PlainPage } from './PlainPage.js'

/** The content of a page's page region (see Page): what differs between pages. */
export function PageRegion({ site, page, sidebar, sidebarHtml }: PageProps): ReactElement {
  const currentHref = siteHref(site.baseUrl, page.path)
  const navbarItems = site.navbar.items
  return page.layout === 'docs' && page.kind !== 'notFound' ? (
    <DocPage page={page} sidebar={sidebar} sidebarHtml={sidebarHtml} navbarItems={navbarItems} currentHref={currentHref} homeHref={site.homeHref} />
  ) : (
    <>
      <MobileMenu items={navbarItems} currentHref={currentHref} />
      {page.kind === 'notFound' ? <NotFound homeHref={site.homeHref} docsHref={site.docsHref} /> : <PlainPage page={page} />}
    </>
  )
}
