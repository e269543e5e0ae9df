/**
 * The data client navigation loads for a public route (see src/shared/page-data.ts), taken from
 * the page exactly as it was rendered, so a page reached by a click is the page a full load shows:
 * its page region, less the sidebar's list, which the page names by its branch's file.
 */
import type { Route } from '../../shared/manifest.js'
import type { PageData } from '../../shared/page-data.js'
import type { PageView, SiteView } from '../../shared/page-view.js'
import { siteHref } from '../../shared/canonical-path.js'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { pageRegionOf } from '../../client/theme/Page.js'
import { VersionDropdown } from '../../client/theme/VersionDropdown.js'
import { documentTitle } from './html-document.js'
import type { SidebarMarkup } from './sidebar-markup.js'

/** How the theme opens the sidebar's `<nav>` (see Sidebar.tsx). */
const sidebarNavStart = '<nav class="sidebar-nav" aria-label="Docs sidebar">'

export interface PageDataInput {
  readonly route: Route
  readonly page: PageView
  /** The site as drawn for this route (its navbar links marked). */
  readonly site: SiteView
  /** The page's full HTML document. */
  readonly html: string
  /** The sidebar list drawn in it, if any. */
  readonly sidebar: SidebarMarkup | undefined
  /** For a redirect route: where it sends the reader. */
  readonly redirectTo: string | undefined
  /** The build's id (see RuntimeConfig.build). */
  readonly build: string
}

/** Whether a route has page data: not private routes (never published) nor the 404 page. */
export function hasPageData(route: Route): boolean {
  return !route.access.private && route.kind !== 'notFound'
}

/** The data of a route, or undefined for routes that get none: private routes (never published) and the 404 page. */
export function createPageData(input: PageDataInput): PageData | undefined {
  const { route, html, sidebar, redirectTo } = input
  if (!hasPageData(route)) return undefined
  const common = commonData(input)
  // A redirect's data carries no page: the reader is sent on.
  if (redirectTo !== undefined) return { ...common, html: '', sidebar: undefined, redirect: redirectTo }
  const region = pageRegionOf(html)
  if (sidebar === undefined) return { ...common, html: region, sidebar: undefined, redirect: undefined }
  const drawn = `${sidebarNavStart}${sidebar.html}</nav>`
  if (!region.includes(drawn)) throw new Error(`createPageData: the sidebar of "${route.path}" is not in its page region`)
  // The sidebar comes before the page's content, so its first occurrence is the one replaced.
  return { ...common, html: region.replace(drawn, `${sidebarNavStart}</nav>`), sidebar: sidebar.branch.file, redirect: undefined }
}

/**
 * The data of a private route, which only the gate answers (to a reader it verified): its page
 * region whole, the sidebar drawn for the route's readers included, since no branch file of a
 * private sidebar is published.
 */
export function createPrivatePageData(input: Omit<PageDataInput, 'redirectTo' | 'sidebar'>): PageData {
  return { ...commonData(input), html: pageRegionOf(input.html), sidebar: undefined, redirect: undefined }
}

function commonData({ route, page, site, build }: Pick<PageDataInput, 'route' | 'page' | 'site' | 'build'>) {
  const currentHref = siteHref(site.baseUrl, route.path)
  const navbar: Record<string, 'page' | 'true'> = {}
  for (const item of site.navbar.items) if (item.active) navbar[item.href] = item.href === currentHref ? 'page' : 'true'
  // The version dropdown is in the navbar, outside the page region: it comes drawn for this page.
  const versions = site.navbar.versions && renderToStaticMarkup(createElement(VersionDropdown, { menu: site.navbar.versions }))
  return { format: 2, path: route.path, title: documentTitle(site, page), description: page.description, navbar, build, ...(versions ? { versions } : {}) } as const
}
