/**
 * The data client navigation loads for a public route (see src/shared/page-data.ts), taken from
 * the page exactly as it was rendered, so a page reached by a click is the page a full load shows.
 */
import type { Route } from '../../shared/manifest.js'
import type { PageData } from '../../shared/page-data.js'
import type { PageView, SiteView } from '../../shared/page-view.js'
import { siteHref } from '../../shared/canonical-path.js'
import { pageRegionOf } from '../../client/theme/Page.js'
import { documentTitle } from './html-document.js'

export interface PageDataInput {
  readonly route: Route
  readonly page: PageView
  /** The site as drawn for this route (its navbar links marked). */
  readonly site: SiteView
  /** The page's full HTML document. */
  readonly html: string
  /** For a redirect route: where it sends the reader. */
  readonly redirectTo: string | undefined
  /** The build's id (see RuntimeConfig.build). */
  readonly build: string
}

/** The data of a route, or undefined for routes that get none: private routes (never published) and the 404 page. */
export function createPageData({ route, page, site, html, redirectTo, build }: PageDataInput): PageData | undefined {
  if (route.access.private || route.kind === 'notFound') return undefined
  const currentHref = siteHref(site.baseUrl, route.path)
  const navbar: Record<string, 'page' | 'true'> = {}
  for (const item of site.navbar.items) if (item.active) navbar[item.href] = item.href === currentHref ? 'page' : 'true'
  return {
    format: 1,
    path: route.path,
    title: documentTitle(site, page),
    description: page.description,
    html: redirectTo === undefined ? pageRegionOf(html) : '',
    navbar,
    redirect: redirectTo,
    build,
  }
}
