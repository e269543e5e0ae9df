/**
 * Every page into the staging folders, written as it is rendered (by any thread), so a build
 * never holds the whole site in memory. Large sites render on several threads, split by body
 * size; component pages render on their own thread (see load-component-pages.ts) while this one
 * renders the rest.
 */
import { availableParallelism } from 'node:os'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import { pageDataFile, type PageData, type SidebarData } from '../../shared/page-data.js'
import { pushAll } from '../../shared/push-all.js'
import { renderComponentPages, type ComponentPages } from '../content/load-component-pages.js'
import { bodySize, emptyBody } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import { hasPageData } from '../render/page-data.js'
import { renderPages, type RenderInput } from '../render/render-pages.js'
import { createPageViews } from '../render/page-views.js'
import type { SidebarBranch } from '../render/sidebar-markup.js'
import { findLeaks } from '../validate/find-private-leaks.js'
import { runInWorker, siblingModule } from '../workers/run-in-worker.js'
import { createPageKeeper, type OutputSide, type PageLedger, type RouteMemo, type WrittenLedger } from './output-ledger.js'
import { createFileWriter, type FileWriter } from './write-site.js'

/** The staging folders pages are written to, and what an incremental build knows they and the last output hold. */
export interface PageFolders {
  readonly publicDir: string
  readonly privateDir: string
  readonly ledger?: PageLedger | undefined
}

export interface WrittenPages {
  readonly bytes: number
  /** Every page and page data file written, relative to its folder: the rest of a reused staging folder is swept. */
  readonly written: { readonly public: readonly string[]; readonly private: readonly string[]; readonly data: readonly string[] }
  readonly diagnostics: readonly Diagnostic[]
  /** What each page file and route was made from, for the next incremental build (empty without a ledger). */
  readonly ledger: WrittenLedger
  /** The routes rendered (not kept as they were). */
  readonly rendered: readonly string[]
}

/** What a page thread receives: the input, the folders and the routes it renders. */
export type WritePagesJob = RenderInput & PageFolders & { readonly routes: readonly string[] }

// As for parsing (see parse-content.ts): a worker's start-up only pays off on large sites.
const routesPerThreadMinimum = 2500

export async function writePages(
  { components, ...input }: RenderInput & { readonly components: ComponentPages },
  folders: PageFolders,
  options: { threads?: number } = {},
): Promise<WrittenPages> {
  const componentRoutes = new Set(input.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
  const pending = renderComponentPages(components, createPageViews(input.manifest, input.config).site, input.config.baseUrl)
  const rest = await writeAll(input, folders, input.manifest.routes.filter((route) => !componentRoutes.has(route.path)), options)
  const rendered = await pending
  const documents = input.documents.map((document) =>
    document.kind === 'component-page' ? { ...document, body: { html: rendered.html.get(document.file) ?? '' }, description: rendered.descriptions.get(document.file) } : document,
  )
  const pages = writeRoutes({ ...input, documents }, folders, [...componentRoutes])
  return merge([{ ...pages, diagnostics: [...rendered.diagnostics, ...pages.diagnostics] }, rest])
}

/** The render stage's line. */
export function describePages(pages: WrittenPages): string {
  const line = `${pages.written.public.length} public pages, ${pages.written.private.length} private`
  // An incremental build (output-ledger.ts) kept the others as they were.
  return pages.rendered.length < pages.written.public.length ? `${line}, ${pages.rendered.length} rendered` : line
}

/** Renders and writes the given routes (default: all) on this thread; with a ledger, keeps the pages whose inputs are unchanged. */
export function writeRoutes(input: RenderInput, folders: PageFolders, routes?: readonly string[]): WrittenPages {
  const keeper = createPageKeeper(folders.ledger, folders)
  const publicWriter = createFileWriter(folders.publicDir)
  const privateWriter = createFileWriter(folders.privateDir)
  const dataWriter = createFileWriter(folders.publicDir)
  const dataProblems: Diagnostic[] = []
  // What the page being written is made from, when there is a ledger to note it in.
  const writer = (side: OutputSide, files: FileWriter, check: boolean) => (file: string, content: string, made = keeping?.made()) => {
    if (check) pushAll(dataProblems, findLeaks(file, content, input.probes))
    files.write(file, content)
    if (made !== undefined) keeper.record(side, file, made)
  }
  const writeData = writer('public', dataWriter, true)
  const kept = { public: [] as string[], private: [] as string[], data: [] as string[] }
  // Each branch's list once per thread; threads that share a branch write the same bytes to it.
  const branches = new Set<string>()
  // Named after its content: a file of that name is that content.
  const keptBranch = (file: string) => {
    if (branches.has(file)) return true
    if (!keeper.keep([['public', file]], file)) return false
    branches.add(file)
    kept.data.push(file)
    return true
  }
  const branch = (sidebar: SidebarBranch | undefined) => {
    if (sidebar === undefined || keptBranch(sidebar.file)) return
    branches.add(sidebar.file)
    writeData(sidebar.file, JSON.stringify({ format: 1, html: sidebar.html } satisfies SidebarData), folders.ledger && sidebar.file)
  }
  const data = (page: PageData, sidebar: SidebarBranch | undefined) => {
    const file = pageDataFile(page.path)
    if (file === undefined) throw new Error(`writeRoutes: "${page.path}" is not a route path`)
    writeData(file, JSON.stringify(page))
    branch(sidebar)
  }
  /** Whether the route's files hold what `made` renders, kept as they are or linked from the last output. */
  const keepFiles = (route: Route, files: readonly (readonly [OutputSide, string])[], made: string) => {
    if (!keeper.keep(files, made)) return false
    for (const [side, file] of files) {
      if (side === 'private') kept.private.push(file)
      else if (file === route.file) kept.public.push(file)
      else kept.data.push(file)
    }
    return true
  }
  const keeping = folders.ledger && routeKeeping(folders.ledger, { files: keepFiles, branch: keptBranch, sidebar: branch }, (route) => routeFiles(input, route))
  const output = { public: writer('public', publicWriter, false), private: writer('private', privateWriter, false), data }
  const diagnostics = renderPages(input, routes, keeping ? { ...output, ...keeping.output } : output)
  return {
    bytes: publicWriter.written().bytes + dataWriter.written().bytes,
    written: {
      public: [...publicWriter.written().paths, ...kept.public],
      private: [...privateWriter.written().paths, ...kept.private],
      data: [...dataWriter.written().paths, ...kept.data],
    },
    diagnostics: [...diagnostics, ...dataProblems],
    ledger: { ...keeper.ledger(), memos: keeping?.memos ?? [] },
    rendered: keeping?.rendered ?? [...(routes ?? input.manifest.routes.map((route) => route.path))],
  }
}

type RouteFiles = readonly (readonly [OutputSide, string])[]

/**
 * What an incremental build answers before rendering a route (render-pages.ts's `keptAsBefore`
 * and `unchanged`): whether `keep` could keep its files (and its sidebar branch's), by the
 * route's memo from the last build or by its inputs. The routes it could not keep are rendered
 * from `made()`; every route's memo is noted for the next build.
 */
function routeKeeping(
  ledger: PageLedger,
  keep: { readonly files: (route: Route, files: RouteFiles, made: string) => boolean; readonly branch: (file: string) => boolean; readonly sidebar: (sidebar: SidebarBranch | undefined) => void },
  filesOf: (route: Route) => RouteFiles,
) {
  const rendered: string[] = []
  const memos: [string, RouteMemo][] = []
  let made: string | undefined
  const hasData = (route: Route, files: RouteFiles) => files.some(([side, file]) => side === 'public' && file !== route.file)
  const unchanged = (route: Route, inputs: string, sidebar: SidebarBranch | undefined, own: string) => {
    memos.push([route.path, [own, inputs, sidebar?.file ?? null]])
    const files = filesOf(route)
    if (keep.files(route, files, `${ledger.global} ${inputs}`)) {
      if (hasData(route, files)) keep.sidebar(sidebar)
      return true
    }
    made = `${ledger.global} ${inputs}`
    rendered.push(route.path)
    return false
  }
  // The route's memo from the last build, while the rest of the site is as it was: its inputs are known.
  const keptAsBefore = (route: Route, own: string) => {
    const memo = ledger.memos[route.path]
    if (memo === undefined || memo[0] !== own) return false
    const [, inputs, branchFile] = memo
    const files = filesOf(route)
    // The branch first: one that must be written again needs its markup, which only `unchanged` has.
    if (branchFile !== null && hasData(route, files) && !keep.branch(branchFile)) return false
    if (!keep.files(route, files, `${ledger.global} ${inputs}`)) return false
    memos.push([route.path, memo])
    return true
  }
  return { output: { unchanged, keptAsBefore }, rendered, memos, made: () => made }
}

/** The files renderPages writes for a route (render-pages.ts): a private one's only in the private output, and only for the gate. */
function routeFiles(input: RenderInput, route: Route): [OutputSide, string][] {
  if (route.access.private && input.config.privatePages !== 'client-only') return input.config.privatePages === 'gate' ? [['private', pageDataFile(route.path)!]] : []
  const dataFile = input.runtime && hasPageData(route) ? pageDataFile(route.path) : undefined
  return dataFile === undefined ? [['public', route.file]] : [['public', route.file], ['public', dataFile]]
}

async function writeAll(input: RenderInput, folders: PageFolders, routes: readonly Route[], options: { threads?: number }): Promise<WrittenPages> {
  // An incremental build renders the routes it has no memo for, and few others: threads pay off only when those are many.
  const toRender = folders.ledger ? routes.filter((route) => folders.ledger!.memos[route.path] === undefined).length : routes.length
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.floor(toRender / routesPerThreadMinimum) || 1))
  if (threads === 1 && options.threads === undefined) return writeRoutes(input, folders, routes.map((route) => route.path))

  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const shares = contiguousShares(routes, options.threads ?? threads, (path) => bodySize(documents.get(path)?.body ?? emptyBody) + 4000)
  const [own = [], ...others] = shares
  const posts = input.documents.filter((document) => document.kind === 'post')
  // Start the workers before rendering this thread's share, so they run at the same time.
  const pending = others.map((share) =>
    runInWorker<WrittenPages>(siblingModule('write-pages-worker', import.meta.url), {
      ...input,
      ...folders,
      manifest: manifestToRender(share, input.manifest),
      documents: documentsToRender(share, documents, posts),
      routes: share,
    } satisfies WritePagesJob),
  )
  // Handled now: if this thread's share fails, a worker's failure must not go unhandled meanwhile.
  const theirs = Promise.all(pending)
  theirs.catch(() => undefined)
  return merge([writeRoutes(input, folders, own), ...(await theirs)])
}

/**
 * What a page thread needs of the documents: its routes' own, and every blog post's (the blog's
 * list, tag, author and archive pages and its sidebar show posts of other shares). Without what
 * only the earlier stages read (links, assets, includes) or the manifest holds too (headings: a
 * page's table of contents reads its route's): a 100 000-doc site's links alone are 400 000
 * objects, copied to the thread and held there while it renders.
 */
function documentsToRender(share: readonly string[], documents: ReadonlyMap<string, ContentDocument>, posts: readonly ContentDocument[]): ContentDocument[] {
  const chosen = new Set(posts)
  for (const path of share) {
    const document = documents.get(path)
    if (document !== undefined) chosen.add(document)
  }
  return [...chosen].map((document) => ({ ...document, links: [], assets: [], includes: undefined, headings: [] }))
}

/**
 * The manifest as a page thread needs it: the headings of routes it does not render left out
 * (only a page's own table of contents reads them). At 100 000 docs, with the documents' headings
 * left out too, the thread's heap held 295 MB as it began rendering, not 334 MB.
 */
function manifestToRender(share: readonly string[], manifest: Manifest): Manifest {
  const rendered = new Set(share)
  return { ...manifest, routes: manifest.routes.map((route) => (rendered.has(route.path) || route.headings.length === 0 ? route : { ...route, headings: [] })) }
}

/**
 * Routes split into `count` runs of about equal weight, each in route order: pages of one folder
 * stay together, so each thread renders a sidebar branch once (sidebar-markup.ts keeps only the
 * last few).
 */
function contiguousShares(routes: readonly Route[], count: number, weight: (path: string) => number): string[][] {
  const total = routes.reduce((sum, route) => sum + weight(route.path), 0)
  const shares: string[][] = Array.from({ length: count }, () => [])
  let done = 0
  for (const route of routes) {
    const share = Math.min(count - 1, Math.floor((done * count) / Math.max(total, 1)))
    shares[share]!.push(route.path)
    done += weight(route.path)
  }
  return shares
}

function merge(results: readonly WrittenPages[]): WrittenPages {
  return {
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    written: {
      public: results.flatMap((result) => result.written.public),
      private: results.flatMap((result) => result.written.private),
      data: results.flatMap((result) => result.written.data),
    },
    diagnostics: results.flatMap((result) => result.diagnostics),
    ledger: {
      public: results.flatMap((result) => result.ledger.public),
      private: results.flatMap((result) => result.ledger.private),
      memos: results.flatMap((result) => result.ledger.memos),
    },
    rendered: results.flatMap((result) => result.rendered),
  }
}
