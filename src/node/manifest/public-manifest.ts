/**
 * The manifest as published: private routes keep only what their public shell already shows
 * (path, kind, file, that they are private and which groups they need). Their titles,
 * descriptions, headings and sidebar entries stay in the private output, as do private files.
 */
import type { Manifest, Route, SidebarItem } from '../../shared/manifest.js'

export function publicManifest(manifest: Manifest): Manifest {
  return {
    ...manifest,
    routes: manifest.routes.map(
      (route): Route =>
        route.access.private ? { ...route, title: '', description: undefined, source: undefined, headings: [] } : route,
    ),
    sidebars: Object.fromEntries(Object.entries(manifest.sidebars).map(([id, items]) => [id, publicItems(items, manifest)])),
    // A private file's name can say what it is about; the gate reads the private manifest.
    assets: manifest.assets.filter((asset) => !asset.access.private),
  }
}

function publicItems(items: readonly SidebarItem[], manifest: Manifest): SidebarItem[] {
  const privatePaths = new Set(manifest.routes.filter((route) => route.access.private).map((route) => route.path))
  const walk = (list: readonly SidebarItem[]): SidebarItem[] =>
    list.flatMap((item): SidebarItem[] => {
      if (item.private) return []
      if (item.type === 'doc') return [item]
      return [{ ...item, path: item.path !== undefined && privatePaths.has(item.path) ? undefined : item.path, items: walk(item.items) }]
    })
  return walk(items)
}
