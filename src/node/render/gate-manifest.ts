/**
 * The gate's manifest (src/shared/gate-manifest.ts), written to the private folder: every
 * private route and file by canonical path with the groups it needs, the rules as patterns, the
 * one sign-in shell, and the private navigation (the sidebar entries and the navbar and footer
 * links that lead to private pages), which the gate hands only to readers who may open them.
 */
import { canonicalPath, siteHref, stripRouteSuffix, toHref } from '../../shared/canonical-path.js'
import { contentTypeOf } from '../../shared/content-type.js'
import { pageDataFile } from '../../shared/page-data.js'
import type { GateEntry, GateManifest, GateNavigationItem } from '../../shared/gate-manifest.js'
import type { Manifest, SidebarItem } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

/** The sign-in shell's key in the private folder. */
export const SHELL_FILE = 'shell.html'

export function gateManifest(manifest: Manifest, config: ResolvedConfig): GateManifest {
  const entries: Record<string, GateEntry> = {}
  for (const route of manifest.routes)
    // A private page is kept as its page data (render-pages.ts), which the runtime draws.
    if (route.access.private) entries[stripRouteSuffix(route.path)] = { groups: route.access.groups, file: pageDataFile(route.path)!, type: 'application/json; charset=utf-8' }
  for (const asset of manifest.assets) if (asset.access.private) entries[asset.path] = { groups: asset.access.groups, file: asset.file, type: contentTypeOf(asset.path) }
  const href = (path: string, hash?: string) => siteHref(config.baseUrl, path, hash)

  const navigation: GateNavigationItem[] = []
  const links = [
    ...config.navbar.items.map((item) => ({ to: item.to, fields: { kind: 'navbar', label: item.label, position: item.position, groups: item.groups } })),
    ...config.footer.links.flatMap((column) => column.items.map((item) => ({ to: item.to, fields: { kind: 'footer', label: item.label, column: column.title } }))),
  ]
  for (const { to, fields } of links) {
    if (to === undefined) continue
    // The page the link opens as a browser reads it ("/docs/beta/../alpha/x" opens "/docs/alpha/x").
    const path = canonicalPath(to)
    if (path !== undefined && Object.hasOwn(entries, path)) navigation.push({ path, ...fields, href: toHref(config.baseUrl, to) })
  }
  const walk = (items: readonly SidebarItem[], trail: readonly string[]) => {
    for (const item of items) {
      if (item.type === 'html') continue
      const target = item.type === 'link' ? item.target : item.path
      const path = target === undefined ? undefined : stripRouteSuffix(target)
      if (path !== undefined && Object.hasOwn(entries, path)) navigation.push({ path, kind: 'sidebar', type: item.type === 'link' ? 'doc' : item.type, label: item.label, href: href(target!), trail })
      if (item.type === 'category') walk(item.items, [...trail, item.label])
    }
  }
  for (const items of Object.values(manifest.sidebars)) walk(items, [])

  return { format: 1, baseUrl: config.baseUrl, rules: manifest.privatePaths, entries, shell: SHELL_FILE, navigation }
}
