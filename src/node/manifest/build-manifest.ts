/**
 * Documents and categories → the Manifest: every route (docs of every version, generated
 * category pages, standalone pages, each version's docs root redirect, 404), the sidebars (of
 * the sidebars files, or generated from the folders) with the one each doc belongs to, and each
 * route's access rule. The manifest is frozen: later stages read it, never change it.
 */
import { stripRouteSuffix } from '../../shared/canonical-path.js'
import { deepFreeze } from '../../shared/deep-freeze.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Access, Asset, DocsVersion, Manifest, Route, SidebarItem } from '../../shared/manifest.js'
import { collisionKey, parentFolders } from '../../shared/portable-path.js'
import { pushAll } from '../../shared/push-all.js'
import { isDocusaurusFolder, type ResolvedConfig } from '../config/resolve-config.js'
import { currentVersion, type ResolvedVersion } from '../config/resolve-versions.js'
import type { ContentDocument, ParsedContent } from '../content/parse-content.js'
import type { CategoryMeta } from '../content/read-category.js'
import type { SidebarsFile } from '../content/read-sidebars.js'
import { outputFileFor, withTrailingSlash } from '../content/route-from-file.js'
import { addBlogRoutes } from './blog-routes.js'
import { buildSidebar } from './generated-sidebar.js'
import type { CompiledRule } from './private-path-rules.js'
import { routeDisplay } from './route-display.js'
import { createRouteTable, describeSource, type RouteTable } from './route-table.js'
import { sidebarFromFile, type SidebarLink, type SidebarsFromFile } from './sidebar-from-file.js'
import { addTagRoutes } from './tag-routes.js'
import { versionedAccess, versionedRules } from './versioned-access.js'

export interface ManifestResult {
  readonly manifest: Manifest
  readonly diagnostics: readonly Diagnostic[]
}

export const notFoundRoute = '/404'

/** The manifest stage's line. */
export function describeManifest({ manifest }: ManifestResult): string {
  return `${manifest.routes.length} routes, ${manifest.routes.filter((route) => route.access.private).length} private`
}

export type ManifestContent = ParsedContent & {
  /** The current version's sidebars file, if the site has one. */
  readonly sidebars?: SidebarsFile | undefined
  /** Each released version's sidebars file, by version name. */
  readonly versionedSidebars?: ReadonlyMap<string, SidebarsFile>
}

export function buildManifest(content: ManifestContent, config: ResolvedConfig, rules: readonly CompiledRule[]): ManifestResult {
  const diagnostics: Diagnostic[] = []
  const table = createRouteTable(diagnostics, config.pageFolders)
  const { routes, addRoute } = table
  const accessOf = versionedAccess(config, rules)
  const docsOf = (version: ResolvedVersion) => content.documents.filter((document) => document.kind === 'doc' && (version.folder === '.' || document.file.startsWith(`${version.folder}/`)))
  const last = config.docs.versions.find((version) => version.isLast) ?? config.docs.versions[0]!
  const versioned = config.docs.versions.length > 1
  const tagPathsOf = new Map(config.docs.versions.map((version) => [version.name, addTagRoutes(docsOf(version), version.path, config.trailingSlash, accessOf, { addRoute, routes })]))
  const lastDocsById = new Map(docsOf(last).map((document) => [document.id!, document]))

  const posts = content.documents.filter((document) => document.kind === 'post')
  addBlogRoutes(posts, config, accessOf, { addRoute, routes }, { byId: lastDocsById, diagnostics })
  for (const document of content.documents.filter((document) => document.kind === 'component-page' || document.kind === 'page'))
    addRoute(pageRoute(document, document.kind === 'page' ? routeDisplay(document, lastDocsById, tagPathsOf.get(last.name)!, diagnostics) : undefined, accessOf))

  const sidebars: Record<string, readonly SidebarItem[]> = {}
  const sidebarOf = new Map<string, string>()
  const sidebarLinks: SidebarLink[] = []
  const versions = config.docs.versions.map((version): DocsVersion => {
    const docs = docsOf(version)
    const docsById = new Map(docs.map((document) => [document.id!, document]))
    for (const document of docs)
      addRoute({ ...pageRoute(document, routeDisplay(document, docsById, tagPathsOf.get(version.name)!, diagnostics), accessOf), ...(versioned ? { version: version.name } : {}) })
    const read = versionSidebars(version, docs, content, config, { table, accessOf })
    pushAll(diagnostics, read.diagnostics)
    pushAll(sidebarLinks, read.links)
    for (const [id, items] of read.sidebars) sidebars[id] = items
    for (const [path, id] of read.sidebarOf) if (!sidebarOf.has(path)) sidebarOf.set(path, id)
    const first = read.sidebars.values().next().value ?? []
    const mainDoc = addGeneratedRoutes(config, version, first, docs, accessOf, table, diagnostics)
    return { name: version.name, label: version.label, path: version.path, mainDoc: mainDoc?.id ?? '', banner: version.banner, isLast: version.isLast, noIndex: version.noIndex }
  })
  addNotFoundRoute(addRoute)
  pushAll(diagnostics, checkSidebarLinks(sidebarLinks, routes, config))

  const manifest: Manifest = {
    format: 1,
    baseUrl: config.baseUrl,
    version: versions.find((version) => version.isLast) ?? versions[0]!,
    versions,
    routes: [...routes.values()]
      .map((route) => (sidebarOf.has(route.path) ? { ...route, sidebar: sidebarOf.get(route.path) } : route))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    privatePaths: versionedRules(config, rules).map((rule) => ({ pattern: rule.pattern, groups: rule.rule.groups })),
    sidebars,
    assets: publishedAssets(content, routes, accessOf, diagnostics),
  }
  return { manifest: deepFreeze(manifest), diagnostics }
}

/** The route of a page or doc, before it is placed in a sidebar. */
function pageRoute(document: ContentDocument, display: Route['display'], accessOf: (path: string) => Access): Route {
  return {
    path: document.route,
    kind: document.kind === 'doc' ? 'doc' : 'page',
    title: document.title,
    description: document.description,
    source: document.file,
    file: outputFileFor(document.route),
    access: accessOf(document.route),
    headings: document.headings,
    sidebar: undefined,
    redirectTo: undefined,
    ...(display === undefined ? {} : { display }),
  }
}

/**
 * A version's sidebars: from its sidebars file (sidebars.js, `sidebars` in the config, or the
 * version's JSON), else the one generated from its folders, which every doc of the version belongs to.
 */
function versionSidebars(
  version: ResolvedVersion,
  docs: readonly ContentDocument[],
  content: ManifestContent,
  config: ResolvedConfig,
  { table, accessOf }: { table: RouteTable; accessOf: (path: string) => Access },
): SidebarsFromFile {
  const prefix = version.name === currentVersion ? '' : `version-${version.name}/`
  const categories = new Map<string, CategoryMeta>()
  for (const [key, meta] of content.categories) {
    const folder = key.startsWith('@') ? (key.startsWith(`@${version.name}:`) ? key.slice(version.name.length + 2) : undefined) : version.name === currentVersion ? key : undefined
    if (folder !== undefined) categories.set(folder, meta)
  }
  const collapsed = config.docs.sidebarCollapsed
  const generated = buildSidebar(docs, categories, { docsBase: version.path, trailingSlash: config.trailingSlash, collapsed }, table.routes, table.addRoute, accessOf)
  const file =
    version.name === currentVersion
      ? (content.sidebars ?? config.sidebars)
      : content.versionedSidebars?.get(version.name)
  const isPrivate = (path: string) => table.routes.get(path)?.access.private ?? false
  if (file) {
    const linkedBaseUrl = isDocusaurusFolder(config) ? config.baseUrl : undefined
    const routePath = (path: string) => table.routeAt(path)?.path
    return sidebarFromFile(file, { docsById: new Map(docs.map((document) => [document.id!, document])), isPrivate, routePath, autogenerated: (folder) => generated.itemsByFolder.get(folder), idPrefix: prefix, linkedBaseUrl, collapsed })
  }
  const id = `${prefix}${config.docs.sidebarId}`
  const sidebarOf = new Map<string, string>(docs.map((document) => [document.route, id]))
  for (const path of categoryPaths(generated.items)) sidebarOf.set(path, id)
  return { sidebars: new Map([[id, generated.items]]), sidebarOf, links: [], diagnostics: [] }
}

function categoryPaths(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'category' ? [...(item.path === undefined ? [] : [item.path]), ...categoryPaths(item.items)] : []))
}

/** Internal `link` items of the sidebars must reach a route or a published file, as links in pages must. */
function checkSidebarLinks(links: readonly SidebarLink[], routes: ReadonlyMap<string, Route>, config: ResolvedConfig): Diagnostic[] {
  if (config.onBrokenLinks === 'ignore') return []
  const known = new Set([...routes.keys()].map(stripRouteSuffix))
  return links
    .filter((link) => link.target === undefined || !known.has(link.target))
    .map((link) =>
      diagnostic({
        file: link.file,
        line: link.line,
        column: link.column,
        ruleId: 'missing-route',
        severity: config.onBrokenLinks === 'throw' ? 'error' : 'warning',
        message: `The sidebar links to "${link.href}", which matches no page`,
        suggestion: 'Link to an existing route (such as "/docs/intro"), or write an external URL with its https: scheme.',
      }),
    )
}

/**
 * The routes docsgen makes for a version: its docs root (and, for the last version, a docs-only
 * site's root) sent to its main doc. Returns the main doc.
 */
function addGeneratedRoutes(
  config: ResolvedConfig,
  version: ResolvedVersion,
  sidebar: readonly SidebarItem[],
  docs: readonly ContentDocument[],
  accessOf: (path: string) => Access,
  { addRoute, hasRoute }: Pick<RouteTable, 'addRoute' | 'hasRoute'>,
  diagnostics: Diagnostic[],
): ContentDocument | undefined {
  const named = config.docs.mainDoc === undefined ? undefined : docs.find((document) => document.id === config.docs.mainDoc)
  // An older version may not have the doc the config names: it opens on its first doc.
  const mainDoc = named ?? (config.docs.mainDoc === undefined || !version.isLast ? firstDoc(sidebar, docs) : undefined)
  if (!mainDoc && version.isLast && config.docs.mainDoc !== undefined)
    diagnostics.push(
      diagnostic({
        file: 'site.config.ts',
        ruleId: 'config-invalid',
        message: `The main doc "${config.docs.mainDoc}" does not exist`,
        suggestion: `Create ${version.folder}/${config.docs.mainDoc}.md or set docs.mainDoc to an existing doc id.`,
      }),
    )
  // The docs root, and the site root of a docs-only site, send readers to the main doc.
  for (const path of [withTrailingSlash(version.path, config.trailingSlash), ...(version.isLast ? ['/'] : [])])
    if (!hasRoute(path) && mainDoc)
      addRoute({
        path,
        kind: 'redirect',
        title: version.label,
        description: undefined,
        source: undefined,
        file: outputFileFor(path),
        access: accessOf(path),
        headings: [],
        sidebar: undefined,
        redirectTo: mainDoc.route,
      })
  return mainDoc
}

function addNotFoundRoute(addRoute: RouteTable['addRoute']): void {
  addRoute({
    path: notFoundRoute,
    kind: 'notFound',
    title: 'Page Not Found',
    description: undefined,
    source: undefined,
    file: '404.html',
    access: { private: false },
    headings: [],
    sidebar: undefined,
    redirectTo: undefined,
  })
}

/**
 * The files published as they are: all of `static/`, and each file beside the pages that some
 * page uses. A file whose path a private-path rule matches is private; so is one only private
 * pages use (needing every group they need), since no public page shows it. A static file must
 * not sit under a private path: static files are always public.
 */
function publishedAssets(content: ParsedContent, routes: ReadonlyMap<string, Route>, accessOf: (path: string) => Access, diagnostics: Diagnostic[]): Asset[] {
  const users = new Map<string, Route[]>()
  for (const document of content.documents) {
    const route = routes.get(document.route)
    if (route) for (const file of document.assets) users.set(file, [...(users.get(file) ?? []), route])
  }
  // Everything else in the output, by file and by folder: a file may take none of these places,
  // nor one that differs only in letter case or Unicode form (one file on macOS and Windows).
  // The build's own files live in _docsgen/ (see check-reserved-paths.ts), but for these.
  const files = new Map<string, Owner>([['sitemap.xml', { text: 'the generated sitemap.xml', source: undefined }]])
  const folders = new Map<string, Owner>()
  // A page also owns its path without `.html`, where many hosts look first; a folder may share it (docs.html, docs/).
  const pagePaths = new Map<string, Owner>()
  const claim = (output: string, owner: Owner) => {
    files.set(collisionKey(output), owner)
    for (const folder of parentFolders(collisionKey(output))) if (!folders.has(folder)) folders.set(folder, owner)
  }
  for (const route of routes.values()) {
    claim(route.file, { text: describeSource(route), source: route.source })
    if (!route.path.endsWith('/')) pagePaths.set(collisionKey(route.path.slice(1)), { text: describeSource(route), source: route.source })
  }
  const clashOf = (output: string): Owner | undefined => {
    const key = collisionKey(output)
    const clash = files.get(key) ?? folders.get(key) ?? pagePaths.get(key)
    if (clash !== undefined) return clash
    for (const folder of parentFolders(key)) if (files.has(folder)) return files.get(folder)
    return undefined
  }
  const assets: Asset[] = []
  for (const { file, path, kind } of content.assetFiles) {
    const byRule = accessOf(path)
    let access: Access = byRule
    if (kind === 'static' && byRule.private) {
      diagnostics.push(
        diagnostic({
          file,
          ruleId: 'static-private',
          message: `Static file is served at "${path}", which private-path rule "${byRule.rules[0]}" protects, but files in static/ are always public`,
          suggestion: `Move it into content/ beside the private pages that show it (they publish it privately), or out of ${byRule.rules[0]}.`,
        }),
      )
      continue
    }
    if (kind === 'asset') {
      const usedBy = users.get(file)
      if (usedBy === undefined) continue
      if (!byRule.private && usedBy.every((route) => route.access.private)) {
        const needed = usedBy.map((route) => route.access as Extract<Access, { private: true }>)
        access = { private: true, groups: [...new Set(needed.flatMap((entry) => entry.groups))], rules: [...new Set(needed.flatMap((entry) => entry.rules))] }
      }
    }
    const output = path.slice(1)
    const clash = clashOf(output)
    // Two files whose own names clash are reported once, by the content stage (which fails the build).
    if (clash !== undefined && (clash.source === undefined || collisionKey(clash.source) !== collisionKey(file))) {
      diagnostics.push(
        diagnostic({
          file,
          ruleId: 'duplicate-route',
          message: `"${path}" is produced twice, or as both a file and a folder: by "${file}" and by ${clash.text}`,
          suggestion: 'Rename or move one of them; only one file or folder can live at a path.',
        }),
      )
      continue
    }
    claim(output, { text: `"${file}"`, source: file })
    assets.push({ path, source: file, file: output, access })
  }
  return assets.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** What already takes a place in the output: for messages, and its source file, if any. */
interface Owner {
  readonly text: string
  readonly source: string | undefined
}

/** The first doc in sidebar order: the main doc when the config names none. */
function firstDoc(sidebar: readonly SidebarItem[], docs: readonly ContentDocument[]): ContentDocument | undefined {
  for (const item of sidebar) {
    const linked = item.path === undefined ? undefined : docs.find((document) => document.route === item.path)
    const found = linked ?? (item.type === 'category' ? firstDoc(item.items, docs) : undefined)
    if (found) return found
  }
  return undefined
}
