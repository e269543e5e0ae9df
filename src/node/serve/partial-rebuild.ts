/**
 * `docsgen serve`'s rebuild of what saved Markdown pages touch, from the site the last build
 * kept in memory (BuiltSite), instead of a whole build. Each page is parsed again on its own
 * (reparse-document.ts). When what a page gives the manifest is unchanged (everything of its
 * document but its body and links: title, headings, description, sidebar place, display), its
 * own links are checked and only its route is rendered. Otherwise the manifest is made again, the
 * whole site validated, and the routes whose inputs changed (page-inputs.ts: another page's
 * sidebar showing a new title) rendered. Pages are rendered into a work folder and moved into the
 * served folders only once every check passed, so a failed rebuild leaves the last good pages
 * served. What is written site-wide (the manifests, the sitemap, sidebar data, the search index)
 * is left for the next whole build, which the caller runs when the author pauses.
 *
 * The bodies of pages parsed again are kept in the work folder until the next whole build, which
 * forgets them (forgetBodies).
 *
 * Undefined when the change is not one it makes (a new, deleted or renamed page, a changed route
 * or access, MDX, anything but a page): the caller builds the whole site.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { sortDiagnostics, type Diagnostic } from '../../shared/diagnostic.js'
import type { BuiltSite } from '../build.js'
import type { ContentDocument } from '../content/parse-content.js'
import { loadReparser, reparseDocument } from '../content/reparse-document.js'
import { buildManifest } from '../manifest/build-manifest.js'
import { renderPages, type RenderInput } from '../render/render-pages.js'
import { checkLinks } from '../validate/check-links.js'
import { checkOutputPaths } from '../validate/check-output-paths.js'
import { privateProbes } from '../validate/find-private-leaks.js'
import { validateSite } from '../validate/validate-site.js'
import { writeRoutes } from '../write/write-pages.js'

/** The site as its pages now are, kept between rebuilds. */
export interface SiteMemory {
  readonly site: BuiltSite
  /** Every problem the site has now (content, manifest, validation). */
  readonly diagnostics: readonly Diagnostic[]
  /** The content problems of the last whole build; a page it reported on is rebuilt by a whole build. */
  readonly wholeContent: readonly Diagnostic[]
  /** The content problems of the pages parsed again since, by file. */
  readonly reparsed: ReadonlyMap<string, readonly Diagnostic[]>
  /** Routes changed by rebuilds that failed, not yet written. */
  readonly unwritten: ReadonlySet<string>
  /** Each route's inputs (page-inputs.ts), once a shared change needed them. */
  readonly inputs: ReadonlyMap<string, string> | undefined
}

export function rememberSite(site: BuiltSite, diagnostics: readonly Diagnostic[]): SiteMemory {
  return { site, diagnostics, wholeContent: site.contentDiagnostics, reparsed: new Map(), unwritten: new Set(), inputs: undefined }
}

export interface PartialRebuild {
  readonly memory: SiteMemory
  /** Every problem the site has now; the output was left as it was when one is an error. */
  readonly diagnostics: readonly Diagnostic[]
  readonly failed: boolean
  /** Routes written, and their files relative to the served folders. */
  readonly routes: readonly string[]
  readonly files: { readonly public: readonly string[]; readonly private: readonly string[] }
}

export interface PartialFolders {
  readonly siteDir: string
  readonly outDir: string
  readonly privateDir: string
  /** Where new bodies are kept and pages are rendered before they are moved in (emptied here). */
  readonly workDir: string
  readonly drafts: boolean
}

export async function rebuildPages(memory: SiteMemory, files: readonly string[], folders: PartialFolders): Promise<PartialRebuild | undefined> {
  const { site } = memory
  const byFile = new Map(site.content.documents.map((document) => [document.file, document]))
  const replaced = new Map<string, ContentDocument>()
  const reparsed = new Map(memory.reparsed)
  const bodiesDir = join(folders.workDir, 'bodies')
  mkdirSync(bodiesDir, { recursive: true })
  for (const file of new Set(files)) {
    const previous = byFile.get(file)
    if (previous === undefined || memory.wholeContent.some((problem) => problem.file === file)) return undefined
    const again = await reparseDocument(folders.siteDir, previous, site.content, site.config, { drafts: folders.drafts, bodiesDir })
    if (again === undefined) return undefined
    replaced.set(previous.route, again.document)
    reparsed.set(file, again.diagnostics)
  }
  const documents = site.content.documents.map((document) => replaced.get(document.route) ?? document)
  const content = { ...site.content, documents }
  const contentProblems = [...memory.wholeContent, ...[...reparsed.values()].flat()]
  const shared = [...replaced.values()].some((document) => sharedPart(document) !== sharedPart(byFile.get(document.file)!))
  const quiet = !shared && [...replaced.values()].every((document) => reparsed.get(document.file)!.length === 0) && !memory.diagnostics.some((problem) => files.includes(problem.file))
  const ownLinks = quiet ? checkLinks(site.manifest, content, site.config, [...replaced.values()]) : []

  let next: SiteMemory
  let routes: string[]
  if (quiet && ownLinks.length === 0) {
    // Nothing another page shows or checks changed: the site is as it was but for these pages' bodies and links,
    // and, when a private page changed, the private text no public page may hold.
    const access = new Map(site.manifest.routes.map((route) => [route.path, route.access.private]))
    const probes = [...replaced.keys()].some((route) => access.get(route)) ? probesOf(site.manifest, content.documents, site.config) : site.render.probes
    next = { ...memory, site: { ...site, content, render: { ...site.render, documents, probes } }, reparsed, inputs: undefined }
    routes = [...replaced.keys()]
  } else {
    const whole = wholeSite(memory, content, contentProblems, reparsed)
    if (whole === undefined) return undefined
    next = whole.memory
    routes = whole.routes
  }
  const failed = next.diagnostics.some((problem) => problem.severity === 'error')
  const wanted = [...new Set([...memory.unwritten, ...routes])]
  if (failed) return { memory: { ...next, unwritten: new Set(wanted) }, diagnostics: next.diagnostics, failed, routes: [], files: { public: [], private: [] } }
  const written = writeInPlace(next.site.render, wanted, folders)
  if (written.diagnostics.length > 0) {
    // Found in what was rendered, not in the sources: the pages are checked again when next rendered.
    const diagnostics = sortDiagnostics([...next.diagnostics, ...written.diagnostics])
    return { memory: { ...next, unwritten: new Set(wanted) }, diagnostics, failed: true, routes: [], files: { public: [], private: [] } }
  }
  return { memory: { ...next, unwritten: new Set() }, diagnostics: next.diagnostics, failed: false, routes: wanted, files: written.files }
}

/**
 * Loads the parser and renders one page to nothing, while the author reads: the first page
 * saved is then rebuilt as fast as the next ones, not after React and the theme start up.
 */
export async function warmUp(site: BuiltSite): Promise<void> {
  await loadReparser()
  const page = site.manifest.routes.find((route) => route.kind === 'doc' && !route.access.private)
  const none = () => {}
  if (page) renderPages(site.render, [page.path], { public: none, private: none, data: none })
}

/** After a whole build, whose documents' bodies are its own: the bodies of pages parsed again since are dropped. */
export function forgetBodies(workDir: string): void {
  rmSync(join(workDir, 'bodies'), { recursive: true, force: true })
}

/** What of a document other pages show or check: all of it but its body and its own links. */
function sharedPart(document: ContentDocument): string {
  return JSON.stringify({ ...document, body: undefined, links: undefined })
}

/**
 * A change other pages see: the manifest made again and the whole site validated; the routes to
 * render are those whose inputs changed. Undefined when the routes or their access changed, or a
 * component page is touched (its HTML is rendered by a whole build only).
 */
function wholeSite(memory: SiteMemory, content: BuiltSite['content'], contentProblems: readonly Diagnostic[], reparsed: ReadonlyMap<string, readonly Diagnostic[]>) {
  const { site } = memory
  const { manifest, diagnostics: manifestProblems } = buildManifest(content, site.config, site.rules.compiled)
  const routeKey = (routes: typeof manifest.routes) => JSON.stringify(routes.map((route) => [route.path, route.access]))
  if (routeKey(manifest.routes) !== routeKey(site.manifest.routes)) return undefined
  const validation = validateSite({ manifest, content, config: site.config, rules: site.rules, configSource: site.configSource })
  const diagnostics = sortDiagnostics([...contentProblems, ...manifestProblems, ...validation.diagnostics, ...checkOutputPaths(manifest)])
  const probes = probesOf(manifest, content.documents, site.config)
  const render: RenderInput = { ...site.render, manifest, documents: content.documents, probes }
  const before = memory.inputs ?? routeInputs(site.render)
  const after = routeInputs(render)
  const routes = manifest.routes.filter((route) => before.get(route.path) !== after.get(route.path)).map((route) => route.path)
  const components = new Set(content.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
  if (routes.some((route) => components.has(route))) return undefined
  const next: SiteMemory = { ...memory, site: { ...site, content, manifest, render }, diagnostics, reparsed, inputs: after }
  return { memory: next, routes }
}

/** Private text and paths no public file may hold, as the build finds them. */
function probesOf(manifest: BuiltSite['manifest'], documents: readonly ContentDocument[], config: BuiltSite['config']) {
  return config.privatePages === 'client-only' ? [] : privateProbes(manifest, documents)
}

/** Each route's inputs, found as an incremental build finds them, rendering nothing. */
function routeInputs(render: RenderInput): Map<string, string> {
  const inputs = new Map<string, string>()
  const none = () => {}
  renderPages(render, undefined, {
    public: none,
    private: none,
    data: none,
    unchanged: (route, made) => {
      inputs.set(route.path, made)
      return true
    },
  })
  return inputs
}

/** The routes rendered into the work folder, then, if no public file holds private text, moved into the served folders. */
function writeInPlace(render: RenderInput, routes: readonly string[], folders: PartialFolders) {
  const work = { publicDir: join(folders.workDir, 'public'), privateDir: join(folders.workDir, 'private') }
  rmSync(work.publicDir, { recursive: true, force: true })
  rmSync(work.privateDir, { recursive: true, force: true })
  const pages = writeRoutes(render, work, routes)
  const files = { public: [...pages.written.public, ...pages.written.data], private: pages.written.private }
  if (pages.diagnostics.length === 0) {
    moveAll(work.publicDir, folders.outDir, files.public)
    moveAll(work.privateDir, folders.privateDir, files.private)
  }
  return { diagnostics: pages.diagnostics, files }
}

function moveAll(from: string, to: string, files: readonly string[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true })
    renameSync(join(from, file), join(to, file))
  }
}
