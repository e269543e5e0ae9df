/**
 * Content files → documents: each Markdown file parsed once (HTML, headings, links), each
 * category file read, every file given its route. Links to `.md` files are rewritten to the
 * route they publish to, so the output never links to a source file. Large sites are parsed on
 * several threads (parsing is most of a build's CPU time); the result is the same either way.
 */
import { availableParallelism } from 'node:os'
import { posix } from 'node:path'
import { routeHref, safeDecode } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { defaultCategory, readCategory, type CategoryMeta } from '../manifest/read-category.js'
import { docId, routeFromFile } from '../manifest/route-from-file.js'
import { runInWorker, siblingModule } from '../workers/run-in-worker.js'
import { parseMarkdown } from './parse-markdown.js'
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
}

export interface ParsedContent {
  readonly documents: readonly ContentDocument[]
  /** Category metadata by docs folder (`Sanctum/PaperCut`). */
  readonly categories: ReadonlyMap<string, CategoryMeta>
  readonly diagnostics: readonly Diagnostic[]
}

export interface ParseOptions {
  /** Threads to parse on, the current one included; default: one per core for sites over 200 files. */
  readonly threads?: number
}

/** What a parse thread receives: the Markdown files and every file's route (to rewrite links). */
export interface ParseJob {
  readonly files: readonly ContentFile[]
  readonly routeOfFile: readonly (readonly [string, string])[]
}

export interface ParseJobResult {
  readonly documents: ContentDocument[]
  readonly diagnostics: Diagnostic[]
}

const markdownLink = /^([^#?]*\.md)(#.*)?$/
const filesPerThreadMinimum = 100

export async function parseContent(files: readonly ContentFile[], config: ResolvedConfig, options: ParseOptions = {}): Promise<ParsedContent> {
  const docsBase = config.docs.routeBasePath
  const routeOfFile = new Map<string, string>()
  for (const file of files) {
    const route = routeFromFile(file, docsBase)
    if (route !== undefined) routeOfFile.set(file.file, route)
  }

  const diagnostics: Diagnostic[] = []
  const categories = new Map<string, CategoryMeta>()
  const documents: ContentDocument[] = []
  for (const file of files) {
    if (file.kind === 'category') {
      const result = readCategory(file.text, file.file)
      diagnostics.push(...result.diagnostics)
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
      })
    }
  }

  const markdown = files.filter((file) => file.kind === 'doc' || file.kind === 'page')
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.floor(markdown.length / filesPerThreadMinimum) || 1))
  const job = (part: readonly ContentFile[]): ParseJob => ({ files: part, routeOfFile: [...routeOfFile] })
  let results: ParseJobResult[]
  if (threads === 1 && options.threads === undefined) results = [runParseJob(job(markdown))]
  else {
    const [own = [], ...others] = split(markdown, options.threads ?? threads)
    // Start the workers before parsing this thread's share, so they run at the same time.
    const pending = others.map((part) => parseInWorker(job(part)))
    results = [runParseJob(job(own)), ...(await Promise.all(pending))]
  }
  for (const result of results) {
    documents.push(...result.documents)
    diagnostics.push(...result.diagnostics)
  }
  documents.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  for (const folder of docFolders(files)) if (!categories.has(folder)) categories.set(folder, defaultCategory)
  return { documents, categories, diagnostics }
}

/** Parses Markdown files; pure, so it runs the same on the main thread and in a worker. */
export function runParseJob(job: ParseJob): ParseJobResult {
  const routeOfFile = new Map(job.routeOfFile)
  const documents: ContentDocument[] = []
  const diagnostics: Diagnostic[] = []
  for (const file of job.files) {
    const kind = file.kind as 'doc' | 'page'
    const parsed = parseMarkdown(file.text, file.file, (url) => {
      const target = markdownLinkTarget(url, file.file, kind)
      const targetRoute = target === undefined ? undefined : routeOfFile.get(target)
      // A missing target is reported by validation (missing-file) from the collected links.
      if (targetRoute === undefined) return undefined
      const hash = markdownLink.exec(safeDecode(url))?.[2]
      return routeHref(targetRoute, hash ? hash.slice(1) : undefined)
    })
    diagnostics.push(...parsed.diagnostics)
    documents.push({
      file: file.file,
      kind,
      relative: file.relative,
      id: kind === 'doc' ? docId(file.relative) : undefined,
      route: routeOfFile.get(file.file)!,
      title: parsed.title ?? titleFromFileName(file.relative),
      description: parsed.description,
      sidebarLabel: parsed.frontMatter.sidebarLabel,
      sidebarPosition: parsed.frontMatter.sidebarPosition,
      html: parsed.html,
      headings: parsed.headings,
      links: parsed.links,
    })
  }
  return { documents, diagnostics }
}

function parseInWorker(job: ParseJob): Promise<ParseJobResult> {
  return runInWorker<ParseJobResult>(siblingModule('parse-worker', import.meta.url), job)
}

/** Splits into `count` parts of near-equal total text size, keeping each part's files together. */
export function split(files: readonly ContentFile[], count: number): ContentFile[][] {
  const parts: ContentFile[][] = Array.from({ length: count }, () => [])
  const sizes = new Array<number>(count).fill(0)
  for (const file of [...files].sort((a, b) => b.text.length - a.text.length)) {
    const smallest = sizes.indexOf(Math.min(...sizes))
    parts[smallest]!.push(file)
    sizes[smallest]! += file.text.length
  }
  return parts
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

/** Resolves a Markdown link target to the content file it names, or undefined for non-file links. */
export function markdownLinkTarget(url: string, fromFile: string, kind: 'doc' | 'page'): string | undefined {
  const match = markdownLink.exec(safeDecode(url))
  if (!match || /^[a-z][a-z\d+.-]*:/i.test(url)) return undefined
  const target = match[1]!
  return target.startsWith('/') ? posix.join(`content/${kind === 'doc' ? 'docs' : 'pages'}`, target) : posix.join(posix.dirname(fromFile), target)
}
