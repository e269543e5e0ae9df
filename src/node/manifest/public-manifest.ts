/**
 * The manifest as published. Private routes are not in it at all, not even their paths: the
 * public output knows only the private-path rules, as patterns (`privatePaths`). Their titles,
 * headings and sidebar entries stay in the private output, as do private files, and the docs
 * versions whose docs root is private. A site that
 * publishes its private pages (privatePages: 'client-only') publishes the whole manifest.
 */
import { stripRouteSuffix } from '../../shared/canonical-path.js'
import type { DocsVersion, Manifest, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { publicSidebar } from './public-sidebar.js'

export function publicManifest(manifest: Manifest, privatePages: ResolvedConfig['privatePages']): Manifest {
  if (privatePages === 'client-only') return manifest
  const privatePaths = new Set(manifest.routes.filter((route) => route.access.private).map((route) => route.path))
  const roots = new Map(manifest.routes.filter((route) => route.kind === 'redirect').map((route) => [stripRouteSuffix(route.path), route]))
  const rootOf = (version: DocsVersion) => roots.get(stripRouteSuffix(version.path))
  // A version whose docs root is private is not named at all; one whose main doc is private keeps it unnamed.
  const shown = (version: DocsVersion): DocsVersion => (privatePaths.has(rootOf(version)?.redirectTo ?? '') ? { ...version, mainDoc: '' } : version)
  return {
    ...manifest,
    version: shown(manifest.version),
    versions: manifest.versions.filter((version) => !privatePaths.has(rootOf(version)?.path ?? '')).map(shown),
    routes: manifest.routes.filter((route) => !route.access.private).map((route) => withoutPrivateLinks(route, privatePaths)),
    sidebars: Object.fromEntries(Object.entries(manifest.sidebars).map(([id, items]) => [id, publicSidebar(items, (path) => privatePaths.has(path))])),
    assets: manifest.assets.filter((asset) => !asset.access.private),
  }
}

/**
 * A public route as published: the pages its front matter names as previous and next and those it
 * lists (a blog or tag page's items), none of them private (its page shows none of them either).
 */
function withoutPrivateLinks(route: Route, privatePaths: ReadonlySet<string>): Route {
  const linksPrivate = (path: string | null | undefined) => typeof path === 'string' && privatePaths.has(path)
  const { display, items } = route
  const hidesNeighbours = display !== undefined && (linksPrivate(display.previous) || linksPrivate(display.next))
  const hidesItems = items !== undefined && items.some(linksPrivate)
  if (!hidesNeighbours && !hidesItems) return route
  return {
    ...route,
    ...(hidesNeighbours ? { display: { ...display!, previous: linksPrivate(display!.previous) ? null : display!.previous, next: linksPrivate(display!.next) ? null : display!.next } } : {}),
    ...(hidesItems ? { items: items!.filter((path) => !linksPrivate(path)) } : {}),
  }
}
