/**
 * The manifest as published. Private routes are not in it at all, not even their paths: the
 * public output knows only the private-path rules, as patterns (`privatePaths`). Their titles,
 * headings and sidebar entries stay in the private output, as do private files. A site that
 * publishes its private pages (privatePages: 'client-only') publishes the whole manifest.
 */
import type { Manifest } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { publicSidebar } from './public-sidebar.js'

export function publicManifest(manifest: Manifest, privatePages: ResolvedConfig['privatePages']): Manifest {
  if (privatePages === 'client-only') return manifest
  const privatePaths = new Set(manifest.routes.filter((route) => route.access.private).map((route) => route.path))
  return {
    ...manifest,
    routes: manifest.routes.filter((route) => !route.access.private),
    sidebars: Object.fromEntries(Object.entries(manifest.sidebars).map(([id, items]) => [id, publicSidebar(items, (path) => privatePaths.has(path))])),
    assets: manifest.assets.filter((asset) => !asset.access.private),
  }
}
