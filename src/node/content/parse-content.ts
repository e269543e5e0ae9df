/**
 * Content files → documents: each Markdown file parsed once (HTML, headings, links), each
 * category file read, every file given its route. Links to `.md` files are rewritten to the
 * route they publish to (resolve-link.ts), so the output never links to a source file. Large sites are parsed on
 * several threads, which share the files chunk by chunk; the result is the same either way.
 */
import { join, posix } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { pushAll } from '../../shared/push-all.js'
import { isDocusaurusFolder, sectionFolders, type ResolvedConfig } from '../config/resolve-config.js'
import { checkHeap } from '../diagnostics/heap-watch.js'
import { readTextFile } from '../files/read-text-file.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { claimChunks, shareWork, threadsFor, type SharedWork } from '../workers/share-work.js'
import { contentDocument, createLinkRewriter, linkTargetsOf, plainDisplay, sourceOf, titleFromFileName, type ContentDocument } from './content-document.js'
import { mdxLinks } from './mdx-link-rewriter.js'
import { findUnsafeHtmlUrls } from './find-unsafe-urls.js'
import { isMdx } from './mdx-syntax.js'
import { markMdxTruncation, postExcerpt } from './post-excerpt.js'
import { createBodyWriter, emptyBody } from './page-bodies.js'
import { createPageTexts, defaultTextBudget, type PageTexts } from './page-texts.js'
import { fileStamp } from './file-stamp.js'
import { leadParser } from './page-lead.js'
import { dependencyHashes, hashSource, type ParseCache, type ParseRecord, type Placement } from './parse-cache.js'
import type { parseMarkdown } from './parse-markdown.js'
import { parseOptionsOf } from './parse-options-of.js'
import { defaultCategory, readCategory, type CategoryMeta } from './read-category.js'
import { acceptsCustomFrontMatter, emptyFrontMatter } from './read-front-matter.js'
import type { ContentFile } from './read-content.js'
import { readRouting } from './read-routing.js'
import { assetPathFor, routeFromFile, withTrailingSlash } from './route-from-file.js'
import { categoryKey, docsBaseOf } from './docs-version-of.js'

export type { ContentDocument, DocumentDisplay } from './content-document.js'

/** Sees a parsed document once its body is on disk, where the listener can read it (page-bodies.ts). */
export type DocumentListener = (document: ContentDocument) => void

export interface ParsedContent {
  readonly documents: readonly ContentDocument[]
  /** Files published as they are: every file of `static/`, and the files beside the pages. */
  readonly assetFiles: readonly { readonly file: string; readonly path: string; readonly kind: 'asset' | 'static' }[]
  /** Category metadata by docs folder (`Sanctum/PaperCut`). */
  readonly categories: ReadonlyMap<string, CategoryMeta>
  /** Docs marked `draft: true`, left out of this build. */
  readonly drafts: readonly string[]
  readonly diagnostics: readonly Diagnostic[]
}

export interface ParseOptions {
  /** Threads to parse on, the current one included; default: one per core, for large sites (2500 files per thread). */
  readonly threads?: number
  /** Build pages marked `draft: true` too (a preview); by default they are left out. */
  readonly drafts?: boolean
  /** Where MDX pages are compiled and how long each may render; without it, MDX pages are reported as unbuilt. */
  readonly mdx?: { readonly siteDir: string; readonly cacheDir: string; readonly timeLimitMs: number }
  /** Where the pages' bodies are kept until rendered (createBodyFolder); none for a check, which renders nothing. */
  readonly bodiesDir?: string
  /** Parse results of earlier builds (its bodies folder replaces bodiesDir); this build's are saved into it. */
  readonly cache?: ParseCache<ContentDocument>
  /** The files changed since the cache was saved, when the caller knows (serve); the others are not read to be compared. */
  readonly changedFiles?: ReadonlySet<string>
  /**
   * Called with each Markdown and MDX document, so later work can start before all are parsed:
   * the Markdown ones in file order (as their bodies are on disk on one thread; on several, once
   * all are), then the MDX ones in file order.
   */
  readonly onDocument?: DocumentListener
  /** Markdown files parsed only as far as lists show them (page-lead.ts; on one thread only): `docsgen serve`'s first pages. */
  readonly leadOnly?: (file: string) => boolean
}

/** What a parse thread receives: the Markdown files (it reads them), every file's route (to rewrite links), its share. */
export interface ParseJob {
  readonly siteDir: string
  readonly files: readonly ContentFile[]
  readonly routeOfFile: readonly (readonly [string, string])[]
  /** Where each file beside the pages is served, by source file. */
  readonly assetOfFile: readonly (readonly [string, string])[]
  /** Where each file of static/ is served, by source file (reached as `@site/static/…`). */
  readonly staticOfFile: readonly (readonly [string, string])[]
  /** The site's base URL, which links to routes are published under. */
  readonly baseUrl: string
  /** Docs left out of this build (drafts): links to them are reported as such. */
  readonly drafts: readonly string[]
  /** The site's `trailingSlash`: links to routes are written the way their pages are. */
  readonly trailingSlash: boolean | undefined
  /** In a Docusaurus folder: a root-relative link may start with the base URL already (withoutLinkedBaseUrl). */
  readonly baseUrlInLinks?: boolean
  /** Heading ids as GitHub or as VitePress makes them. */
  readonly slugify: ResolvedConfig['markdown']['slugify']
  /** Whether VitePress's own Markdown is read (markdown.flavor). */
  readonly flavor: ResolvedConfig['markdown']['flavor']
  /** What VitePress's `{#id .class}` attributes are written between (markdown.attrs). */
  readonly attrs: ResolvedConfig['markdown']['attrs']
  /** Front matter keys docsgen does not know are the site's own, not mistakes (acceptsCustomFrontMatter). */
  readonly customFrontMatter: boolean
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

// Two threads parsing at once each run slower than one alone. Measured on 2 cores: one thread
// is faster at 1000 docs (2.07 s against 2.36 s, medians of 8 builds; again with the search
// index built beside it and a parse thread that starts in 0.1 s: 2.90 s against 3.09 s, medians
// of 5), two are faster at 10 000 (parse 7.3 s against 9.4 s).
const filesPerThreadMinimum = 2500
const filesPerChunk = 20
// A worker posts its documents in parts of at least this many (each a message of about 1 MB on the shared corpus).
const documentsPerPart = 250

export async function parseContent(siteDir: string, files: readonly ContentFile[], config: ResolvedConfig, options: ParseOptions = {}): Promise<ParsedContent> {
  const diagnostics: Diagnostic[] = []
  // The pre-pass reads the pages; the parse takes their texts from it (page-texts.ts).
  const texts = createPageTexts(siteDir, defaultTextBudget)
  const placer = createPlacer(siteDir, options.cache, options.changedFiles)
  const { routeOfFile, assetFiles, drafts, mdxFiles } = placeFiles(texts, files, config, options.drafts ?? false, diagnostics, placer)
  const assetOfFile = assetFiles.filter((asset) => asset.kind === 'asset').map((asset) => [asset.file, asset.path] as const)
  const staticOfFile = assetFiles.filter((asset) => asset.kind === 'static').map((asset) => [asset.file, asset.path] as const)

  const categories = new Map<string, CategoryMeta>()
  const documents: ContentDocument[] = []
  for (const file of files) {
    if (file.kind === 'category') {
      const result = readCategory(file.text, file.file)
      pushAll(diagnostics, result.diagnostics)
      categories.set(categoryKey(file.version, posix.dirname(file.relative) === '.' ? '' : posix.dirname(file.relative)), result.meta)
    } else if (file.kind === 'component-page') {
      documents.push(componentPage(file, routeOfFile.get(file.file)!, config))
    }
  }

  const pages = files.filter((file) => (file.kind === 'doc' || file.kind === 'page' || file.kind === 'post') && !drafts.has(file.file))
  const markdown = pages.filter((file) => !mdxFiles.has(file.file))
  const mdx = pages.filter((file) => mdxFiles.has(file.file))
  const job: ParseJob = {
    siteDir,
    files: markdown,
    routeOfFile: [...routeOfFile],
    assetOfFile,
    staticOfFile,
    baseUrl: config.baseUrl,
    drafts: [...drafts],
    trailingSlash: config.trailingSlash,
    slugify: config.markdown.slugify,
    flavor: config.markdown.flavor,
    attrs: config.markdown.attrs,
    customFrontMatter: acceptsCustomFrontMatter(config),
    baseUrlInLinks: isDocusaurusFolder(config),
    bodiesDir: options.cache?.bodiesDir ?? options.bodiesDir,
    record: options.cache !== undefined,
  }
  // Only Markdown pages are kept across builds: MDX pages, which may import the site's own code, are always parsed again.
  const cached = options.cache?.reuse(markdown, (file) => texts.peek(file.file).text, cachedLinkRewriter(job), placer.trusted, linksHash(job), siteDir)
  const parsed = await parseMarkdownFiles({ ...job, files: cached?.parse ?? markdown }, cached?.documents ?? [], options, texts)
  pushAll(diagnostics, cached?.diagnostics ?? [])
  pushAll(diagnostics, parsed.diagnostics)
  pushAll(documents, parsed.documents)
  if (mdx.length > 0) pushAll(diagnostics, await parseMdxPages(mdx, job, config, options, documents, texts))
  const react = files.filter((file) => file.kind === 'react-page')
  if (react.length > 0) pushAll(diagnostics, await reactPageDocuments(react, job, config, options, documents))
  options.cache?.save(documents, parsed.records, placer.placements)
  documents.sort(byFile)
  for (const folder of docFolders(files)) if (!categories.has(folder)) categories.set(folder, defaultCategory)
  return { documents, categories, assetFiles, drafts: [...drafts], diagnostics }
}

/**
 * Where each file goes: routes (front matter id, slug, draft read first), assets, drafts left
 * out, and which pages are MDX. Pages' texts are kept for the parse as far as `texts` keeps them
 * (the rest are read again then); a file that cannot be read is reported when it is parsed.
 */
function placeFiles(texts: PageTexts, files: readonly ContentFile[], config: ResolvedConfig, buildsDrafts: boolean, diagnostics: Diagnostic[], placer: Placer) {
  const blogBase = config.blog.routeBasePath
  const routeOfFile = new Map<string, string>()
  const assetFiles: { file: string; path: string; kind: 'asset' | 'static' }[] = []
  const drafts = new Set<string>()
  const mdxFiles = new Set<string>()
  for (const file of files) {
    const docsBase = docsBaseOf(file, config)
    if (file.kind === 'asset' || file.kind === 'static') {
      assetFiles.push({ file: file.file, path: assetPathFor(file, docsBase, blogBase, config.folders), kind: file.kind })
      continue
    }
    const page = file.kind === 'doc' || file.kind === 'page' || file.kind === 'post'
    const known = page ? placer.known(file.file) : undefined
    let routing = known?.routing ?? undefined
    if (page && known === undefined) {
      const stamp = placer.stamp(file.file)
      const text = texts.readAhead(file.file).text ?? ''
      if (isMdx(file.relative, text, config.markdown.format)) mdxFiles.add(file.file)
      const problems = diagnostics.length
      routing = file.kind === 'doc' || file.kind === 'post' ? readRouting(file, text, docsBase, buildsDrafts, diagnostics, blogBase) : undefined
      // A file with routing problems is read again next time, to report them again.
      if (stamp !== undefined && diagnostics.length === problems) placer.placements.set(file.file, { stamp, routing: routing ?? null })
    }
    if (routing?.draft && !buildsDrafts) {
      drafts.add(file.file)
      continue
    }
    const route = routeFromFile(file, docsBase, routing, blogBase)
    if (route !== undefined) routeOfFile.set(file.file, withTrailingSlash(route, config.trailingSlash))
  }
  return { routeOfFile, assetFiles, drafts, mdxFiles }
}

type Placer = ReturnType<typeof createPlacer>

/**
 * What the cache knows of where files go. A file is trusted unchanged, and not read, when the
 * caller says it is (`changed` given and without it) or, when the caller does not know, when
 * its stamp is the one the cache placed it under; `placements` collects what to keep for the next build.
 */
function createPlacer(siteDir: string, cache: ParseCache<ContentDocument> | undefined, changed: ReadonlySet<string> | undefined) {
  const now = Date.now()
  const trusted = new Set<string>()
  const placements = new Map<string, Placement>()
  const stamp = (file: string) => (cache === undefined ? undefined : fileStamp(join(siteDir, file), now))
  return {
    trusted,
    placements,
    stamp,
    known(file: string): Placement | undefined {
      if (cache === undefined) return undefined
      const placed = cache.placed(file, changed === undefined ? stamp(file) : !changed.has(file) || undefined)
      if (placed === undefined) return undefined
      trusted.add(file)
      placements.set(file, placed)
      return placed
    },
  }
}

/** A hash of everything the links of a page are rewritten by besides the page itself. */
function linksHash(job: ParseJob): string {
  return hashSource(JSON.stringify([job.routeOfFile, job.assetOfFile, job.staticOfFile, job.drafts, job.baseUrl, job.trailingSlash ?? null, job.baseUrlInLinks === true]))
}

/**
 * The Markdown files of `job` parsed, on one thread or several, and told to the listener in file
 * order among the `kept` documents (from the cache), which are returned with them.
 */
async function parseMarkdownFiles(job: ParseJob, kept: readonly ContentDocument[], options: ParseOptions, texts: PageTexts) {
  const threads = options.threads ?? threadsFor(job.files.length, filesPerThreadMinimum)
  // One thread tells documents as they are parsed, kept ones among them in file order; several
  // tell them all once parsing is done, so the search index does not compete with the parse
  // threads for the cores (it numbers pages by URL: the order changes nothing in it).
  const teller = options.onDocument && threads === 1 ? inFileOrder(kept, options.onDocument) : undefined
  // The Markdown parser (markdown-it, unified, yaml) is loaded only by a site that has Markdown to parse.
  const parse = job.files.length > 0 ? leadParser((await import('./parse-markdown.js')).parseMarkdown, options.leadOnly) : undefined
  // What the workers hand over as they go, ahead of their results (runParseJob's onPart).
  const parts: ParseJobResult[] = []
  const shared = !parse
    ? []
    : threads === 1
      ? [runParseJob(job, parse, teller?.parsed, texts)]
      : await shareWork({
          total: job.files.length,
          chunkSize: filesPerChunk,
          workers: threads - 1,
          workerModule: siblingModule('parse-worker', import.meta.url),
          jobFor: (work) => ({ ...job, work }) satisfies ParseJob,
          here: (work) => runParseJob({ ...job, work }, parse, undefined, texts),
          onPart: (part) => parts.push(part as ParseJobResult),
        })
  const results = [...shared.slice(0, 1), ...parts, ...shared.slice(1)]
  const documents = [...kept]
  for (const result of results) pushAll(documents, result.documents)
  teller?.rest()
  if (threads > 1 && options.onDocument) for (const document of [...documents].sort(byFile)) options.onDocument(document)
  return { documents, diagnostics: results.flatMap((result) => result.diagnostics), records: results.flatMap((result) => result.records) }
}

/** MDX pages: parsed, bundled and rendered together (mdx-pages.ts), each made a document like a Markdown page. */
async function parseMdxPages(files: readonly ContentFile[], job: ParseJob, config: ResolvedConfig, options: ParseOptions, documents: ContentDocument[], texts: PageTexts): Promise<Diagnostic[]> {
  if (!options.mdx) throw new Error('parseContent: MDX pages need options.mdx')
  // The MDX compiler (and the JavaScript parser under it) is loaded only by a site with MDX pages: not by parse threads.
  const { renderMdxPages } = await import('./mdx-pages.js')
  const diagnostics: Diagnostic[] = []
  const targets = linkTargetsOf(job)
  const pages = files.map((file) => {
    const read = texts.take(file.file)
    if (read.diagnostic) diagnostics.push(read.diagnostic)
    return { file: file.file, text: file.kind === 'post' ? markMdxTruncation(read.text ?? '') : (read.text ?? ''), post: file.kind === 'post' }
  })
  const rendered = await renderMdxPages({
    ...options.mdx,
    slugify: config.markdown.slugify,
    customFrontMatter: acceptsCustomFrontMatter(config),
    site: { baseUrl: config.baseUrl, siteConfig: config.siteConfig },
    pages,
    bodiesDir: job.bodiesDir,
    links: mdxLinks(job, files, sectionFolders(config)),
    threads: options.threads,
  })
  // Their bodies are on disk already, where the listener reads them (the render threads wrote them).
  const made = files.map((file) => {
    const page = rendered.pages.get(file.file)!
    return contentDocument(file, targets.routeOfFile.get(file.file)!, { ...page.page, headings: page.headings, dependencies: page.partials }, page.body, new Set(page.assets), page.excerpt)
  })
  for (const document of made) options.onDocument?.(document)
  pushAll(documents, made)
  return [...diagnostics, ...rendered.diagnostics]
}

/**
 * A Docusaurus site's React pages, rendered now (react-pages.ts) so that their links are checked
 * like any page's; one that cannot be rendered keeps its route, empty, so links to it are not
 * reported too. They draw their own title, as Docusaurus's do.
 */
async function reactPageDocuments(files: readonly ContentFile[], job: ParseJob, config: ResolvedConfig, options: ParseOptions, documents: ContentDocument[]): Promise<readonly Diagnostic[]> {
  if (!options.mdx) throw new Error('parseContent: React pages need options.mdx')
  const routeOf = (file: ContentFile) => job.routeOfFile.find(([source]) => source === file.file)![1]
  const { renderReactPages, linkPosition } = await import('./react-pages.js')
  const rendered = await renderReactPages({
    ...options.mdx,
    site: { baseUrl: config.baseUrl, siteConfig: config.siteConfig },
    pages: files.map((file) => ({ file: file.file, route: routeOf(file) })),
    staticOfFile: job.staticOfFile,
    sections: sectionFolders(config),
  })
  const made: ContentDocument[] = []
  const diagnostics: Diagnostic[] = []
  const bodies = createBodyWriter(job.bodiesDir)
  try {
    for (const file of files) {
      const page = rendered.pages.get(file.file)
      const route = routeOf(file)
      // The page's source is read again only to place a link it drew, once: problems are told where they are written.
      let source: string | undefined
      const at = (url: string) => linkPosition((source ??= readTextFile(join(options.mdx!.siteDir, file.file), file.file, { markdown: false }).text ?? ''), url)
      if (page) pushAll(diagnostics, findUnsafeHtmlUrls(page.html, page.links, file.file, at))
      const parsed = {
        frontMatter: { ...emptyFrontMatter, hideTitle: true },
        title: page?.title ?? (route === '/' ? config.title : undefined),
        titleId: undefined,
        description: page?.description ?? (route === '/' ? config.tagline || undefined : undefined),
        html: page?.html ?? '',
        headings: (page?.anchors ?? []).map((id) => ({ depth: 0, id, text: '' })),
        links: (page?.links ?? []).map((url) => ({ url, position: at(url) })),
      }
      const document = contentDocument({ ...file, kind: 'page' }, route, parsed, bodies.write(parsed.html), new Set())
      made.push(page?.title === undefined ? document : { ...document, titled: true })
    }
  } finally {
    bodies.close()
  }
  for (const document of made) options.onDocument?.(document)
  pushAll(documents, made)
  return [...rendered.diagnostics, ...diagnostics]
}

/**
 * Parses Markdown files with `parse`; pure, so it runs the same on the main thread and in a
 * worker. `onDocument` sees each document as it is made; pages' texts come from `texts` (a
 * worker's reads each page as it parses it).
 */
export function runParseJob(
  job: ParseJob,
  parse: typeof parseMarkdown,
  onDocument?: DocumentListener,
  texts: PageTexts = createPageTexts(job.siteDir, 0),
  onPart?: (part: ParseJobResult) => void,
): ParseJobResult {
  const targets = linkTargetsOf(job)
  let documents: ContentDocument[] = []
  let diagnostics: Diagnostic[] = []
  let records: ParseRecord[] = []
  // A worker hands its documents over as it goes (parse-worker.ts), rather than all at the end.
  const handOver = () => {
    if (!onPart || documents.length < documentsPerPart) return
    onPart({ documents, diagnostics, records })
    documents = []
    diagnostics = []
    records = []
  }
  // Told once their bodies are written, so that whoever is told can read them.
  const untold: ContentDocument[] = []
  const bodies = createBodyWriter(job.bodiesDir, () => {
    for (const document of untold.splice(0)) onDocument?.(document)
  })
  try {
    if (job.work)
      claimChunks(job.work, (start, end) => {
        parseFiles(job.files.slice(start, end))
        handOver()
      })
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
    const route = targets.routeOfFile.get(file.file)!
    const assets = new Set<string>()
    const read = texts.take(file.file)
    // An unreadable page stays, empty, so that links to it are not reported too.
    if (read.diagnostic) diagnostics.push(read.diagnostic)
    const rewrite = createLinkRewriter(job, targets, sourceOf(file, route), assets)
    // The cache reuses this parse only while each link still rewrites to the href it did.
    const links: [string, string | null][] = []
    const recordingRewrite = (url: string) => {
      const href = rewrite(url)
      links.push([url, href ?? null])
      return href
    }
    const options = parseOptionsOf(job, file)
    const parsed = parse(read.text ?? '', file.file, job.record ? recordingRewrite : rewrite, options)
    pushAll(diagnostics, parsed.diagnostics)
    // A copy, as the document below: the links' URLs are slices of the page's text.
    if (job.record && read.text !== undefined)
      records.push(structuredClone({ file: file.file, source: hashSource(read.text), links, diagnostics: parsed.diagnostics, ...dependencyHashes(job.siteDir, parsed.dependencies.map((included) => included.file)) }))
    // A post's excerpt is the Markdown before its truncate marker, parsed on its own (its problems are the whole post's).
    const excerpt = file.kind === 'post' ? postExcerpt(read.text ?? '', parsed.html, (part) => parse(part, file.file, rewrite, options).html) : undefined
    // A copy: the parsed title, headings and links are slices of the page's text, which V8 keeps
    // whole while any slice lives (every source of a 10 000-doc site, held to the end of the build).
    const document = structuredClone(contentDocument(file, route, parsed, bodies.write(parsed.html), assets, excerpt))
    documents.push(document)
    if (onDocument) untold.push(document)
  }
}

/** What a link of a file becomes in this build: what the cache checks its parse against. */
function cachedLinkRewriter(job: ParseJob): (file: ContentFile, url: string) => string | undefined {
  const targets = linkTargetsOf(job)
  return (file, url) => createLinkRewriter(job, targets, sourceOf(file, targets.routeOfFile.get(file.file)!), new Set())(url)
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
    display: plainDisplay,
  }
}

function byFile(a: ContentDocument, b: ContentDocument): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0
}

/** Every folder under content/docs that holds docs, directly or deeper. */
function docFolders(files: readonly ContentFile[]): Set<string> {
  const folders = new Set<string>()
  for (const file of files) {
    if (file.kind !== 'doc') continue
    let folder = posix.dirname(file.relative)
    while (folder !== '.') {
      folders.add(categoryKey(file.version, folder))
      folder = posix.dirname(folder)
    }
  }
  return folders
}
