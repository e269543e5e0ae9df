/**
 * Content files → documents: each Markdown file parsed once (HTML, headings, links), each
 * category file read, every file given its route. Links to `.md` files are rewritten to the
 * route they publish to (resolve-link.ts), so the output never links to a source file. Large sites are parsed on
 * several threads, which share the files chunk by chunk; the result is the same either way.
 */
import { availableParallelism } from 'node:os'
import { posix } from 'node:path'
import { siteHref, underBaseUrl } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import { pushAll } from '../../shared/push-all.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { defaultCategory, readCategory, type CategoryMeta } from './read-category.js'
import { readRouting } from './read-routing.js'
import { assetPathFor, docId, parseNumberPrefix, routeFromFile, withTrailingSlash } from './route-from-file.js'
import type { DocTag } from './read-front-matter.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { claimChunks, shareWork, type SharedWork } from '../workers/share-work.js'
import { parseMarkdown } from './parse-markdown.js'
import { resolveLink, type LinkTargets } from './resolve-link.js'
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
  /** Sanitised body HTML; '' for component pages (rendered later). */
  readonly html: string
  readonly headings: readonly Heading[]
  readonly links: readonly SourceLink[]
  /** Files beside the pages (`content/docs/Guides/shot.png`) that this page links to or shows. */
  readonly assets: readonly string[]
  /** How the page is shown, from its front matter. */
  readonly display: DocumentDisplay
}

/** Front matter that changes how a page is shown and listed (Docusaurus's keys). */
export interface DocumentDisplay {
  readonly unlisted: boolean
  readonly hideTitle: boolean
  readonly hideTableOfContents: boolean
  readonly tocMinHeadingLevel: number | undefined
  readonly tocMaxHeadingLevel: number | undefined
  /** Doc ids; null hides the link. */
  readonly paginationPrev: string | null | undefined
  readonly paginationNext: string | null | undefined
  readonly sidebarClassName: string | undefined
  readonly keywords: readonly string[]
  readonly tags: readonly DocTag[]
  /** The id written on the title (`# Title {#id}`). */
  readonly titleId: string | undefined
}

export const plainDisplay: DocumentDisplay = {
  unlisted: false,
  hideTitle: false,
  hideTableOfContents: false,
  tocMinHeadingLevel: undefined,
  tocMaxHeadingLevel: undefined,
  paginationPrev: undefined,
  paginationNext: undefined,
  sidebarClassName: undefined,
  keywords: [],
  tags: [],
  titleId: undefined,
}

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
}

/** What a parse thread receives: the Markdown files, every file's route (to rewrite links), its share. */
export interface ParseJob {
  readonly files: readonly ContentFile[]
  readonly routeOfFile: readonly (readonly [string, string])[]
  /** Where each file beside the pages is served, by source file. */
  readonly assetOfFile: readonly (readonly [string, string])[]
  /** The site's base URL, which links to routes are published under. */
  readonly baseUrl: string
  /** Docs left out of this build (drafts): links to them are reported as such. */
  readonly drafts: readonly string[]
  /** The site's `trailingSlash`: links to routes are written the way their pages are. */
  readonly trailingSlash: boolean | undefined
  /** Heading ids as GitHub or as VitePress makes them. */
  readonly slugify: ResolvedConfig['markdown']['slugify']
  /** The chunks of `files` this thread parses; all of them when absent. */
  readonly work?: SharedWork
}

export interface ParseJobResult {
  readonly documents: ContentDocument[]
  readonly diagnostics: Diagnostic[]
}

// A worker takes about 0.3 s to load its modules, and two threads parsing at once each run
// slower than one alone. Measured on 2 cores: one thread is faster at 1000 docs (2.07 s against
// 2.36 s, medians of 8 builds), two are faster at 10 000 (parse 7.3 s against 9.4 s).
const filesPerThreadMinimum = 2500
const filesPerChunk = 20

export async function parseContent(files: readonly ContentFile[], config: ResolvedConfig, options: ParseOptions = {}): Promise<ParsedContent> {
  const docsBase = config.docs.routeBasePath
  const routeOfFile = new Map<string, string>()
  const assetFiles: { file: string; path: string; kind: 'asset' | 'static' }[] = []
  const diagnostics: Diagnostic[] = []
  const drafts = new Set<string>()
  for (const file of files) {
    if (file.kind === 'asset' || file.kind === 'static') {
      assetFiles.push({ file: file.file, path: assetPathFor(file, docsBase), kind: file.kind })
      continue
    }
    const routing = file.kind === 'doc' ? readRouting(file, docsBase, options.drafts ?? false, diagnostics) : undefined
    if (routing?.draft && !options.drafts) {
      drafts.add(file.file)
      continue
    }
    const route = routeFromFile(file, docsBase, routing)
    if (route !== undefined) routeOfFile.set(file.file, withTrailingSlash(route, config.trailingSlash))
  }
  const assetOfFile = assetFiles.filter((asset) => asset.kind === 'asset').map((asset) => [asset.file, asset.path] as const)

  const categories = new Map<string, CategoryMeta>()
  const documents: ContentDocument[] = []
  for (const file of files) {
    if (file.kind === 'category') {
      const result = readCategory(file.text, file.file)
      pushAll(diagnostics, result.diagnostics)
      categories.set(posix.dirname(file.relative) === '.' ? '' : posix.dirname(file.relative), result.meta)
    } else if (file.kind === 'component-page') {
      const route = routeOfFile.get(file.file)!
      documents.push({
        file: file.file,
        kind: 'component-page',
        relative: file.relative,
        id: undefined,
        route,
        title: route === '/' ? config.title : titleFromFileName(file.relative),
        description: route === '/' ? config.tagline || undefined : undefined,
        sidebarLabel: undefined,
        sidebarPosition: undefined,
        html: '',
        headings: [],
        links: [],
        assets: [],
        display: plainDisplay,
      })
    }
  }

  const markdown = files.filter((file) => (file.kind === 'doc' || file.kind === 'page') && !drafts.has(file.file))
  const threads = options.threads ?? Math.max(1, Math.min(availableParallelism(), Math.floor(markdown.length / filesPerThreadMinimum)))
  const job: ParseJob = { files: markdown, routeOfFile: [...routeOfFile], assetOfFile, baseUrl: config.baseUrl, drafts: [...drafts], trailingSlash: config.trailingSlash, slugify: config.markdown.slugify }
  const results =
    threads === 1
      ? [runParseJob(job)]
      : await shareWork({
          total: markdown.length,
          chunkSize: filesPerChunk,
          workers: threads - 1,
          workerModule: siblingModule('parse-worker', import.meta.url),
          jobFor: (work) => ({ ...job, work }) satisfies ParseJob,
          here: (work) => runParseJob({ ...job, work }),
        })
  for (const result of results) {
    pushAll(documents, result.documents)
    pushAll(diagnostics, result.diagnostics)
  }
  documents.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  for (const folder of docFolders(files)) if (!categories.has(folder)) categories.set(folder, defaultCategory)
  return { documents, categories, assetFiles, drafts: [...drafts], diagnostics }
}

/** Parses Markdown files; pure, so it runs the same on the main thread and in a worker. */
export function runParseJob(job: ParseJob): ParseJobResult {
  const targets: LinkTargets = {
    routeOfFile: new Map(job.routeOfFile),
    fileAssets: new Map(job.assetOfFile),
    servedAssets: new Map(job.assetOfFile.map(([file, path]) => [path, file])),
    drafts: new Set(job.drafts),
  }
  const documents: ContentDocument[] = []
  const diagnostics: Diagnostic[] = []
  if (job.work) claimChunks(job.work, (start, end) => parseFiles(job.files.slice(start, end)))
  else parseFiles(job.files)
  return { documents, diagnostics }

  function parseFiles(files: readonly ContentFile[]): void {
    for (const file of files) parseFile(file)
  }

  function parseFile(file: ContentFile): void {
    const kind = file.kind as 'doc' | 'page'
    const route = targets.routeOfFile.get(file.file)!
    const assets = new Set<string>()
    const parsed = parseMarkdown(file.text, file.file, (url) => {
      const target = resolveLink(url, { file: file.file, relative: file.relative, kind, route }, targets)
      if (target.kind === 'asset') {
        assets.add(target.file)
        return siteHref(job.baseUrl, target.path) + target.suffix
      }
      // A missing target is reported by validation (missing-file) from the collected links.
      if (target.kind === 'document') return target.route === undefined ? undefined : siteHref(job.baseUrl, target.route, target.hash || undefined)
      // Other links are written as route paths (`/docs/intro`), as validation reads them, and
      // published under the base URL, as Docusaurus does; with trailingSlash set, spelt as its pages are.
      return underBaseUrl(job.baseUrl, target.kind === 'route' ? routeUrlWithTrailingSlash(url, job.trailingSlash) : url)
    }, { slugify: job.slugify })
    pushAll(diagnostics, parsed.diagnostics)
    const frontMatter = parsed.frontMatter
    documents.push({
      file: file.file,
      kind,
      relative: file.relative,
      id: kind === 'doc' ? docId(file.relative, frontMatter) : undefined,
      route,
      title: parsed.title ?? titleFromFileName(file.relative),
      description: parsed.description,
      sidebarLabel: frontMatter.sidebarLabel,
      // As in Docusaurus, a file's number prefix (`02-setup.md`) places it when front matter does not.
      sidebarPosition: frontMatter.sidebarPosition ?? parseNumberPrefix(posix.basename(file.relative)).prefix,
      html: parsed.html,
      headings: parsed.headings,
      links: parsed.links,
      assets: [...assets],
      display: {
        unlisted: frontMatter.unlisted,
        hideTitle: frontMatter.hideTitle,
        hideTableOfContents: frontMatter.hideTableOfContents,
        tocMinHeadingLevel: frontMatter.tocMinHeadingLevel,
        tocMaxHeadingLevel: frontMatter.tocMaxHeadingLevel,
        paginationPrev: frontMatter.paginationPrev,
        paginationNext: frontMatter.paginationNext,
        sidebarClassName: frontMatter.sidebarClassName,
        keywords: frontMatter.keywords,
        tags: frontMatter.tags,
        titleId: parsed.titleId,
      },
    })
  }
}

/** A link to a route with its path's final "/" added or removed as `trailingSlash` says; query and fragment kept. */
function routeUrlWithTrailingSlash(url: string, trailingSlash: boolean | undefined): string {
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  // A relative link ("../", "setup") is left as written: its final "/" changes what it resolves against.
  if (trailingSlash === undefined || !path.startsWith('/')) return url
  return withTrailingSlash(path, trailingSlash) + (end === -1 ? '' : url.slice(end))
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
  const name = parseNumberPrefix(posix.basename(relative).replace(/\.(mdx?|tsx|jsx)$/, '')).name
  return name === 'index' ? parseNumberPrefix(posix.basename(posix.dirname(relative))).name || 'Home' : name
}
