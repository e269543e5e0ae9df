/**
 * The manifest as published: private routes keep only what their public shell already shows
 * (path, kind, file, that they are private and which groups they need). Their titles,
 * descriptions, headings, tags, keywords and sidebar entries stay in the private output, as do
 * private files.
 */
import type { Manifest, Route } from '../../shared/manifest.js'
import { publicSidebar } from './public-sidebar.js'

export function publicManifest(manifest: Manifest): Manifest {
  const privatePaths = new Set(manifest.routes.filter((route) => route.access.private).map((route) => route.path))
  return {
    ...manifest,
    routes: manifest.routes.map(
      (route): Route =>
        route.access.private ? { ...route, title: '', description: undefined, source: undefined, headings: [], display: undefined } : route,
    ),
    sidebars: Object.fromEntries(Object.entries(manifest.sidebars).map(([id, items]) => [id, publicSidebar(items, (path) => privatePaths.has(path))])),
    // A private file's name can say what it is about; the gate reads the private manifest.
    assets: manifest.assets.filter((asset) => !asset.access.private),
  }
}
