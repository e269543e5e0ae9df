/**
 * A navbar item that names a doc by its id (`docId`, Docusaurus's `type: 'doc'` items) opens
 * that doc where the docs served at docs.routeBasePath (the last version's) put it, its front
 * matter slug included: known once the docs are read, so the config is completed here. An id
 * no doc has leaves the item without a route, which validation reports (check-navigation.ts).
 */
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/content-document.js'

export function withNavbarDocRoutes(config: ResolvedConfig, documents: readonly ContentDocument[]): ResolvedConfig {
  if (!config.navbar.items.some((item) => item.docId !== undefined)) return config
  const last = config.docs.versions.find((version) => version.isLast)
  const inLast = (document: ContentDocument) => last !== undefined && document.file.startsWith(`${last.folder}/`)
  const routes = new Map(documents.filter((document) => document.kind === 'doc' && inLast(document)).map((document) => [document.id, document.route]))
  const items = config.navbar.items.map((item) => (item.docId === undefined ? item : { ...item, to: routes.get(item.docId) }))
  return { ...config, navbar: { ...config.navbar, items } }
}
