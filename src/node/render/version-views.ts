/**
 * What a page shows of the docs' versions: the navbar's version dropdown (each version's same
 * page, else its docs root), and above a page of an unreleased or unmaintained version the
 * banner that sends readers to the last version. A link never names a page the reader of this
 * view may not open: a private page of another version is left for its docs root.
 */
import type { DocsVersion, Manifest, Route } from '../../shared/manifest.js'
import type { PageVersionView, VersionMenuView } from '../../shared/page-view.js'

export interface VersionViews {
  readonly menu: (route: Route) => VersionMenuView | undefined
  readonly pageVersion: (route: Route) => PageVersionView | undefined
}

export function createVersionViews(
  manifest: Manifest,
  routes: ReadonlyMap<string, Route>,
  isPrivate: (path: string) => boolean,
  href: (path: string, hash?: string) => string,
  siteTitle: string,
): VersionViews {
  const versions = manifest.versions
  if (versions.length < 2) return { menu: () => undefined, pageVersion: () => undefined }
  const byName = new Map(versions.map((version) => [version.name, version]))
  const last = manifest.version
  const open = (path: string | undefined) => (path !== undefined && routes.has(path) && !isPrivate(path) ? path : undefined)
  /** The version's docs root, where it sends readers (its main doc). */
  const rootOf = (version: DocsVersion) => {
    const root = routes.get(version.path) ?? routes.get(`${version.path}/`)
    return open(root?.redirectTo) ?? open(root?.path)
  }
  /** The page of `route` in `version`: the same path below the version's docs route, if it has one. */
  const samePage = (route: Route, from: DocsVersion, version: DocsVersion) => {
    const rest = route.path === from.path ? '' : route.path.startsWith(`${from.path === '/' ? '' : from.path}/`) ? route.path.slice(from.path === '/' ? 0 : from.path.length) : undefined
    if (rest === undefined) return undefined
    return open(`${version.path === '/' ? '' : version.path}${rest}`) ?? open(`${version.path}${rest}/`)
  }
  const targetIn = (route: Route, version: DocsVersion) => {
    const from = route.version === undefined ? undefined : byName.get(route.version)
    return (from && samePage(route, from, version)) ?? rootOf(version)
  }
  return {
    menu(route) {
      const current = (route.version === undefined ? undefined : byName.get(route.version)) ?? last
      const items = versions.flatMap((version) => {
        const target = version === current && route.version !== undefined ? route.path : targetIn(route, version)
        return target === undefined ? [] : [{ name: version.name, label: version.label, href: href(target), active: version === current }]
      })
      return { label: current.label, items }
    },
    pageVersion(route) {
      const version = route.version === undefined ? undefined : byName.get(route.version)
      if (!version) return undefined
      const latest = version.banner === undefined ? undefined : targetIn(route, last)
      return {
        name: version.name,
        label: version.label,
        noIndex: version.noIndex,
        banner: version.banner === undefined || latest === undefined ? undefined : { kind: version.banner, siteTitle, latestLabel: last.label, latestHref: href(latest) },
      }
    },
  }
}
