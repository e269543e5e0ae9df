/**
 * Content files → documents: each Markdown file parsed once (HTML, headings, links), each
 * category file read, every file given its route. Links to `.md` files are rewritten to the
 * route they publish to (resolve-link.ts), so the output never links to a source file. Large sites are parsed on
 * several threads, which share the files chunk by chunk; the result is the same either way.
 */
import { availableParallelism } from 'node:os'
import { join, posix } from 'node:path'
import { siteHref, underBaseUrl } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import { pushAll } from '../../shared/push-all.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { defaultCategory, readCategory, type CategoryMeta } from './read-category.js'
import { assetPathFor, docId, routeFromFile } from './route-from-file.js'
import { checkHeap } from '../diagnostics/heap-watch.js'
import { readTextFile } from '../files/read-text-file.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { claimChunks, shareWork, type SharedWork } from '../workers/share-work.js'
import type { parseMarkdown } from './parse-markdown.js'
import { resolveLink, type LinkTargets } from './resolve-link.js'
import { createBodyWriter, emptyBody, type PageBody } from './page-bodies.js'
import { hashSource, type ParseCache, type ParseRecord } from './parse-cache.js'
import type { ContentFile } from './read-content.js'

export interface ContentDocument {
  readonly file: string
  readonly kind: 'doc' | 'page' | 'component-page'
  /** Path under its section folder (`Sanctum/intro.md`). */
  readonly relative: string
  /** For docs: the id (`Sanctum/intro`). */
  readonly id: string | undefined
  readonly route: string
  readonly title: string
  readonly description: string | undefined
  readonly sidebarLabel: string | undefined
  readonly sidebarPosition: number | undefined
  /** Sanitised body HTML, kept on disk until rendered (page-bodies.ts); empty for component pages (rendered later). */
  readonly body: PageBody
  readonly headings: readonly Heading[]
  readonly links: readonly SourceLink[]
  /** Files beside the pages (`content/docs/Guides/shot.png`) that this page links to or shows. */
  readonly assets: readonly string[]
}

/** Sees a parsed document once its body is on disk, where the listener can read it (page-bodies.ts). */
export type DocumentListener = (document: ContentDocument) => void

export interface ParsedContent {
  readonly documents: readonly ContentDocument[]
  /** Files published as they are: every file of `static/`, and the files beside the pages. */
  readonly assetFiles: readonly { readonly file: string; readonly path: string; readonly kind: 'asset' | 'static' }[]
  /** Category metadata by docs folder (`Sanctum/PaperCut`). */
  readonly categories: ReadonlyMap<string, CategoryMeta>
  readonly diagnostics: readonly Diagnostic[]
}

export interface ParseOptions {
  /** Threads to parse on, the current one included; default: one per core, for large sites (2500 files per thread). */
  readonly threads?: number
  /** Where the pages' bodies are kept until rendered (createBodyFolder); none for a check, which renders nothing. */
  readonly bodiesDir?: string
  /** Parse results of earlier builds (its bodies folder replaces bodiesDir); this build's are saved into it. */
  readonly cache?: ParseCache<ContentDocument>
  /** The files changed since the cache was saved, when the caller knows (serve); the others are not read to be compared. */
  readonly changedFiles?: ReadonlySet<string>
  /**
   * Called with each Markdown document in file order, so later work can start before all are
   * parsed: as its body is on disk on one thread; on several, once all are.
   */
  readonly onDocument?: DocumentListener
}

/** What a parse thread receives: the Markdown files (it reads them), every file's route (to rewrite links), its share. */
export interface ParseJob {
  readonly siteDir: string
  readonly files: readonly ContentFile[]
  readonly routeOfFile: readonly (readonly [string, string])[]
  /** Where each file beside the pages is served, by source file. */
  readonly assetOfFile: readonly (readonly [string, string])[]
  /** The site's base URL, which links to routes are published under. */
  readonly baseUrl: string
  /** The chunks of `files` this thread parses; all of them when absent. */
  readonly work?: SharedWork
  /** Where bodies go (page-bodies.ts); undefined keeps none. */
  readonly bodiesDir: string | undefined
  /** Whether to return a ParseRecord of each file (for the parse cache). */
  readonly record: boolean
}

export interface ParseJobResult {
  readonly documents: ContentDocument[]
  readonly diagnostics: Diagnostic[]
  /** What a parse cache keeps of each file parsed, when the job asks. */
  readonly records: ParseRecord[]
}

// A worker takes about 0.3 s to load its modules, and two threads parsing at once each run
// slower than one alone. Measured on 2 cores: one thread is faster at 1000 docs (2.07 s against
// 2.36 s, medians of 8 builds), two are faster at 10 000 (parse 7.3 s against 9.4 s).
const filesPerThreadMinimum = 2500
const filesPerChunk = 20

export async function parseContent(siteDir: string, files: readonly ContentFile[], config: ResolvedConfig, options: ParseOptions = {}): Promise<ParsedContent> {
  const docsBase = config.docs.routeBasePath
  const routeOfFile = new Map<string, string>()
  const assetFiles: { file: string; path: string; kind: 'asset' | 'static' }[] = []
  for (const file of files) {
    if (file.kind === 'asset' || file.kind === 'static') {
      assetFiles.push({ file: file.file, path: assetPathFor(file, docsBase), kind: file.kind })
      continue
    }
    const route = routeFromFile(file, docsBase)
    if (route !== undefined) routeOfFile.set(file.file, route)
  }
  const assetOfFile = assetFiles.filter((asset) => asset.kind === 'asset').map((asset) => [asset.file, asset.path] as const)

  const diagnostics: Diagnostic[] = []
  const categories = new Map<string, CategoryMeta>()
  const documents: ContentDocument[] = []
  for (const file of files) {
    if (file.kind === 'category') {
      const result = readCategory(file.text, file.file)
      pushAll(diagnostics, result.diagnostics)
      categories.set(posix.dirname(file.relative) === '.' ? '' : posix.dirname(file.relative), result.meta)
    } else if (file.kind === 'component-page') {
      documents.push(componentPage(file, routeOfFile.get(file.file)!, config))
    }
  }

  const markdown = files.filter((file) => file.kind === 'doc' || file.kind === 'page')
  const routes = [...routeOfFile]
  const cached = options.cache && reuseCached(siteDir, markdown, linkTargets(routes, assetOfFile), config.baseUrl, options)
  if (cached) {
    pushAll(documents, cached.documents)
    pushAll(diagnostics, cached.diagnostics)
  }
  const toParse = cached ? cached.parse : markdown
  const threads = options.threads ?? Math.max(1, Math.min(availableParallelism(), Math.floor(toParse.length / filesPerThreadMinimum)))
  // Documents are told in file order, kept ones among parsed ones: the search index depends on the order.
  const teller = options.onDocument && threads === 1 ? inFileOrder(cached?.documents ?? [], options.onDocument) : undefined
  const bodiesDir = options.cache?.bodiesDir ?? options.bodiesDir
  const job = { siteDir, files: toParse, routeOfFile: routes, assetOfFile, baseUrl: config.baseUrl, bodiesDir, record: options.cache !== undefined }
  // The Markdown parser (markdown-it, unified, yaml) is loaded only by a site that has Markdown to parse.
  const parse = toParse.length > 0 ? (await import('./parse-markdown.js')).parseMarkdown : undefined
  const results = !parse
    ? []
    : threads === 1
      ? [runParseJob(job, parse, teller?.parsed)]
      : await shareWork({
          total: toParse.length,
          chunkSize: filesPerChunk,
          workers: threads - 1,
          workerModule: siblingModule('parse-worker', import.meta.url),
          jobFor: (work) => ({ ...job, work }) satisfies ParseJob,
          here: (work) => runParseJob({ ...job, work }, parse),
        })
  const parsed: ContentDocument[] = []
  for (const result of results) {
    pushAll(parsed, result.documents)
    pushAll(diagnostics, result.diagnostics)
  }
  pushAll(documents, parsed)
  options.cache?.save(documents, results.flatMap((result) => result.records))
  documents.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  teller?.rest()
  if (threads > 1 && options.onDocument) tellDocuments(documents, options.onDocument)
  for (const folder of docFolders(files)) if (!categories.has(folder)) categories.set(folder, defaultCategory)
  return { documents, categories, assetFiles, diagnostics }
}

/** Parses Markdown files with `parse`; pure, so it runs the same on the main thread and in a worker. `onDocument` sees each document as it is made. */
export function runParseJob(job: ParseJob, parse: typeof parseMarkdown, onDocument?: DocumentListener): ParseJobResult {
  const targets = linkTargets(job.routeOfFile, job.assetOfFile)
  const documents: ContentDocument[] = []
  const diagnostics: Diagnostic[] = []
  const records: ParseRecord[] = []
  // Told once their bodies are written, so that whoever is told can read them.
  const untold: ContentDocument[] = []
  const bodies = createBodyWriter(job.bodiesDir, () => {
    for (const document of untold.splice(0)) onDocument?.(document)
  })
  try {
    if (job.work) claimChunks(job.work, (start, end) => parseFiles(job.files.slice(start, end)))
    else parseFiles(job.files)
  } finally {
    bodies.close()
  }
  return { documents, diagnostics, records }

  function parseFiles(files: readonly ContentFile[]): void {
    for (const file of files) {
      checkHeap()
      parseFile(file)
    }
  }

  function parseFile(file: ContentFile): void {
    const kind = file.kind as 'doc' | 'page'
    const route = targets.routeOfFile.get(file.file)!
    const assets = new Set<string>()
    // Read here, one file at a time, so that a site's sources are never all in memory at once.
    const read = readTextFile(join(job.siteDir, file.file), file.file, { markdown: true })
    // An unreadable page stays, empty, so that links to it are not reported too.
    if (read.diagnostic) diagnostics.push(read.diagnostic)
    const rewrite = linkRewriter(targets, job.baseUrl, file, assets)
    const links: [string, string | null][] = []
    const parsed = parse(read.text ?? '', file.file, (url) => {
      const href = rewrite(url)
      links.push([url, href ?? null])
      return href
    })
    pushAll(diagnostics, parsed.diagnostics)
    if (job.record && read.text !== undefined) records.push({ file: file.file, source: hashSource(read.text), links, diagnostics: parsed.diagnostics })
    const document: ContentDocument = {
      file: file.file,
      kind,
      relative: file.relative,
      id: kind === 'doc' ? docId(file.relative) : undefined,
      route,
      title: parsed.title ?? titleFromFileName(file.relative),
      description: parsed.description,
      sidebarLabel: parsed.frontMatter.sidebarLabel,
      sidebarPosition: parsed.frontMatter.sidebarPosition,
      body: bodies.write(parsed.html),
      headings: parsed.headings,
      links: parsed.links,
      assets: [...assets],
    }
    documents.push(document)
    if (onDocument) untold.push(document)
  }
}

/** What a link of `file` is rewritten to (undefined: left as written, for validation to report); the files beside the pages it uses go to `assets`. */
function linkRewriter(targets: LinkTargets, baseUrl: string, file: ContentFile, assets: Set<string>): (url: string) => string | undefined {
  const kind = file.kind as 'doc' | 'page'
  const route = targets.routeOfFile.get(file.file)!
  return (url) => {
    const target = resolveLink(url, { file: file.file, kind, route }, targets)
    if (target.kind === 'asset') {
      assets.add(target.file)
      return siteHref(baseUrl, target.path) + target.suffix
    }
    // A missing target is reported by validation (missing-file) from the collected links.
    if (target.kind === 'document') return target.route === undefined ? undefined : siteHref(baseUrl, target.route, target.hash || undefined)
    // Other links are written as route paths (`/docs/intro`), as validation reads them, and
    // published under the base URL, as Docusaurus does.
    return underBaseUrl(baseUrl, url)
  }
}

/** A component page's document: what is known of it before it is rendered. */
function componentPage(file: ContentFile, route: string, config: ResolvedConfig): ContentDocument {
  return {
    file: file.file,
    kind: 'component-page',
    relative: file.relative,
    id: undefined,
    route,
    title: route === '/' ? config.title : titleFromFileName(file.relative),
    description: route === '/' ? config.tagline || undefined : undefined,
    sidebarLabel: undefined,
    sidebarPosition: undefined,
    body: emptyBody,
    headings: [],
    links: [],
    assets: [],
  }
}

function linkTargets(routeOfFile: ParseJob['routeOfFile'], assetOfFile: ParseJob['assetOfFile']): LinkTargets {
  return { routeOfFile: new Map(routeOfFile), fileAssets: new Map(assetOfFile), servedAssets: new Map(assetOfFile.map(([file, path]) => [path, file])) }
}

/** The documents the cache still holds, and the files to parse. */
function reuseCached(siteDir: string, markdown: readonly ContentFile[], targets: LinkTargets, baseUrl: string, options: ParseOptions) {
  const read = (file: ContentFile) => readTextFile(join(siteDir, file.file), file.file, { markdown: true }).text
  const rewrite = (file: ContentFile, url: string) => linkRewriter(targets, baseUrl, file, new Set())(url)
  return options.cache!.reuse(markdown, read, rewrite, options.changedFiles)
}

/** Tells `kept` documents (in file order) each before the first parsed one that comes after it, and the rest at the end. */
function inFileOrder(kept: readonly ContentDocument[], onDocument: DocumentListener) {
  let next = 0
  const tellKept = (before: string | undefined) => {
    for (; next < kept.length && (before === undefined || kept[next]!.file < before); next++) onDocument(kept[next]!)
  }
  return {
    parsed(document: ContentDocument) {
      tellKept(document.file)
      onDocument(document)
    },
    rest: () => tellKept(undefined),
  }
}

/** Documents parsed on other threads (told once all are) or kept from an earlier build. */
function tellDocuments(documents: readonly ContentDocument[], onDocument: DocumentListener): void {
  for (const document of documents) if (document.kind !== 'component-page') onDocument(document)
}

/** Every folder under content/docs that holds docs, directly or deeper. */
function docFolders(files: readonly ContentFile[]): Set<string> {
  const folders = new Set<string>()
  for (const file of files) {
    if (file.kind !== 'doc') continue
    let folder = posix.dirname(file.relative)
    while (folder !== '.') {
      folders.add(folder)
      folder = posix.dirname(folder)
    }
  }
  return folders
}

function titleFromFileName(relative: string): string {
  const name = posix.basename(relative).replace(/\.(md|tsx|jsx)$/, '')
  return name === 'index' ? posix.basename(posix.dirname(relative)) || 'Home' : name
}
