import type { ReactElement } from 'react'
import { siteHref } from '../../shared/canonical-path.js'
import type { PageProps, SiteView } from '../../shared/page-view.js'
import { AnnouncementBar } from './AnnouncementBar.js'
import { Footer } from './Footer.js'
import { MobileMenuSwitch } from './MobileMenu.js'
import { Navbar } from './Navbar.js'
import { PageRegion } from './PageRegion.js'
import { SkipLink } from './SkipLink.js'

const regionStart = '<div class="page-region" data-page-region="">'
const regionEnd = '</div><footer class="footer'

/**
 * The inside of the page region in a page's body markup, as Page renders it: everything between
 * the navbar and the footer. The footer is the body's last element, so its opening tag is found
 * after any markup a page's content may hold.
 */
export function pageRegionOf(bodyHtml: string): string {
  const start = bodyHtml.indexOf(regionStart)
  const end = bodyHtml.lastIndexOf(regionEnd)
  if (start === -1 || end < start) throw new Error('pageRegionOf: the markup holds no page region (not rendered by Page?)')
  return bodyHtml.slice(start + regionStart.length, end)
}

/**
 * The markup around the page region, split at it: what Page draws before the region's content
 * and after it. The build draws it once for each `pageFrameKey` and PageRegion for each page.
 */
export function pageFrameOf(bodyHtml: string): { readonly before: string; readonly after: string } {
  const region = pageRegionOf(bodyHtml)
  const start = bodyHtml.indexOf(regionStart) + regionStart.length
  return { before: bodyHtml.slice(0, start), after: bodyHtml.slice(start + region.length) }
}

/**
 * Everything the markup outside the page region is drawn from: two pages with the same key have
 * the same navbar, announcement bar and footer. The page enters it only through its navbar links
 * (NavbarItem: `aria-current`); keep this in step with what Page draws outside the region.
 */
export function pageFrameKey(site: SiteView, pagePath: string): string {
  const currentHref = siteHref(site.baseUrl, pagePath)
  return JSON.stringify([site, site.navbar.items.map((item) => item.href === currentHref)])
}

/**
 * Everything inside <body> for one page. The document around it (head, stylesheet, the colour
 * mode script that sets `data-theme` on <html> before paint) is written by the build.
 */
export function Page(props: PageProps): ReactElement {
  const { site, page } = props
  const currentHref = siteHref(site.baseUrl, page.path)
  return (
    <>
      <SkipLink />
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <MobileMenuSwitch />
      <Navbar site={site} currentHref={currentHref} />
      {/* What differs between pages; client navigation swaps its content (see pageRegionOf). */}
      <div className="page-region" data-page-region="">
        <PageRegion {...props} />
      </div>
      <Footer footer={site.footer} />
    </>
  )
}
