/**
 * Navbar items whose route is known only once the site is read, so the config is completed here:
 * a doc named by its id (`docId`, Docusaurus's `type: 'doc'` items), where the docs served at
 * docs.routeBasePath (the last version's) put it, its front matter slug included; and a sidebar
 * named by its id (`sidebarId`, `type: 'docSidebar'`), its first page. An id that names nothing
 * leaves the item without a route, which validation reports (check-navigation.ts).
 */
import type { Manifest, SidebarItem } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { currentVersion } from '../config/resolve-versions.js'
import type { ContentDocument } from '../content/content-document.js'

export function withNavbarRoutes(config: ResolvedConfig, documents: readonly ContentDocument[], manifest: Pick<Manifest, 'sidebars' | 'version'>): ResolvedConfig {
  return withSidebarRoutes(withDocRoutes(config, documents), manifest)
}

function withDocRoutes(config: ResolvedConfig, documents: readonly ContentDocument[]): ResolvedConfig {
  if (!config.navbar.items.some((item) => item.docId !== undefined)) return config
  const last = config.docs.versions.find((version) => version.isLast)
  const inLast = (document: ContentDocument) => last !== undefined && document.file.startsWith(`${last.folder}/`)
  const routes = new Map(documents.filter((document) => document.kind === 'doc' && inLast(document)).map((document) => [document.id, document.route]))
  const items = config.navbar.items.map((item) => (item.docId === undefined ? item : { ...item, to: routes.get(item.docId) }))
  return { ...config, navbar: { ...config.navbar, items } }
}

/** A sidebar's first page, a doc or a category's own page, as Docusaurus finds it; in the sidebars of the docs at docs.routeBasePath. */
function withSidebarRoutes(config: ResolvedConfig, manifest: Pick<Manifest, 'sidebars' | 'version'>): ResolvedConfig {
  if (!config.navbar.items.some((item) => item.sidebarId !== undefined)) return config
  // The current version's sidebars are named as written; a released one's with its name before (build-manifest.ts).
  const prefix = manifest.version.name === currentVersion ? '' : `version-${manifest.version.name}/`
  const items = config.navbar.items.map((item) => (item.sidebarId === undefined ? item : { ...item, to: firstPage(manifest.sidebars[`${prefix}${item.sidebarId}`] ?? []) }))
  return { ...config, navbar: { ...config.navbar, items } }
}

function firstPage(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.path
    if (item.type !== 'category') continue
    const found = item.path ?? firstPage(item.items)
    if (found !== undefined) return found
  }
  return undefined
}
