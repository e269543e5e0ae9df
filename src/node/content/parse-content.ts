/**
 * Content files → documents: each Markdown file parsed once (HTML, headings, links), each
 * category file read, every file given its route. Links to `.md` files are rewritten to the
 * route they publish to, so the output never links to a source file.
 */
import { posix } from 'node:path'
import { routeHref } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { defaultCategory, readCategory, type CategoryMeta } from '../manifest/read-category.js'
import { docId, routeFromFile } from '../manifest/route-from-file.js'
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
  /** Markdown links to `.md` files that do not exist, found while rewriting. */
  readonly diagnostics: readonly Diagnostic[]
}

const markdownLink = /^([^#?]*\.md)(#.*)?$/

export function parseContent(files: readonly ContentFile[], config: ResolvedConfig): ParsedContent {
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
      continue
    }
    const route = routeOfFile.get(file.file)!
    const fallbackTitle = titleFromFileName(file.relative)
    if (file.kind === 'component-page') {
      documents.push({
        file: file.file,
        kind: 'component-page',
        relative: file.relative,
        id: undefined,
        route,
        title: route === '/' ? config.title : fallbackTitle,
        description: route === '/' ? config.tagline || undefined : undefined,
        sidebarLabel: undefined,
        sidebarPosition: undefined,
        html: '',
        headings: [],
        links: [],
      })
      continue
    }
    const kind = file.kind
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
      kind: file.kind,
      relative: file.relative,
      id: file.kind === 'doc' ? docId(file.relative) : undefined,
      route,
      title: parsed.title ?? fallbackTitle,
      description: parsed.description,
      sidebarLabel: parsed.frontMatter.sidebarLabel,
      sidebarPosition: parsed.frontMatter.sidebarPosition,
      html: parsed.html,
      headings: parsed.headings,
      links: parsed.links,
    })
  }
  for (const folder of docFolders(files)) if (!categories.has(folder)) categories.set(folder, defaultCategory)
  return { documents, categories, diagnostics }
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

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
