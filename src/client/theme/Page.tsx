import type { ReactElement } from 'react'
import { siteHref } from '../../shared/canonical-path.js'
import type { PageProps } from '../../shared/page-view.js'
import { AnnouncementBar } from './AnnouncementBar.js'
import { DocPage } from './DocPage.js'
import { Footer } from './Footer.js'
import { MobileMenu, MobileMenuSwitch } from './MobileMenu.js'
import { Navbar } from './Navbar.js'
import { NotFound } from './NotFound.js'
import { PlainPage } from './PlainPage.js'
import { SkipLink } from './SkipLink.js'

/**
 * Everything inside <body> for one page. The document around it (head, stylesheet, the colour
 * mode script that sets `data-theme` on <html> before paint) is written by the build.
 */
export function Page({ site, page, sidebar, sidebarHtml }: PageProps): ReactElement {
  const currentHref = siteHref(site.baseUrl, page.path)
  const navbarItems = site.navbar.items
  return (
    <>
      <SkipLink />
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <MobileMenuSwitch />
      <Navbar site={site} currentHref={currentHref} />
      {page.layout === 'docs' && page.kind !== 'notFound' ? (
        <DocPage page={page} sidebar={sidebar} sidebarHtml={sidebarHtml} navbarItems={navbarItems} currentHref={currentHref} homeHref={site.homeHref} />
      ) : (
        <>
          <MobileMenu items={navbarItems} currentHref={currentHref} />
          {page.kind === 'notFound' ? <NotFound homeHref={site.homeHref} docsHref={site.docsHref} /> : <PlainPage page={page} />}
        </>
      )}
      <Footer footer={site.footer} />
    </>
  )
}
