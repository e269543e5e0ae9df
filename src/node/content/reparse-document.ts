/**
 * One saved Markdown page parsed again on its own, against the routes and files of the last
 * whole parse: what `docsgen serve` does with a page edited in place. It is what the content
 * stage would make of the page only while the page keeps its route and stays Markdown (its id,
 * slug and draft mark unchanged, no MDX): otherwise other pages' links change with it, and the
 * answer is undefined (the caller runs the whole stage).
 */
import { join } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { isDocusaurusFolder, type ResolvedConfig } from '../config/resolve-config.js'
import { readTextFile } from '../files/read-text-file.js'
import type { ContentDocument } from './content-document.js'
import { isMdx } from './mdx-syntax.js'
import { runParseJob, type ParsedContent, type ParseJob } from './parse-content.js'
import { acceptsCustomFrontMatter } from './read-front-matter.js'
import { readRouting } from './read-routing.js'
import { routeFromFile, withTrailingSlash } from './route-from-file.js'

export interface Reparsed {
  readonly document: ContentDocument
  /** The page's own content problems (routing and parsing), which replace its earlier ones. */
  readonly diagnostics: readonly Diagnostic[]
}

/** Loads the Markdown parser ahead of the first page parsed again (it takes a moment to load). */
export async function loadReparser(): Promise<void> {
  await import('./parse-markdown.js')
}

/**
 * `previous` parsed again from its file as it is now; `content` is the last whole parse, `drafts`
 * whether drafts are built, `bodiesDir` where the new body is kept (page-bodies.ts).
 */
export async function reparseDocument(
  siteDir: string,
  previous: ContentDocument,
  content: Pick<ParsedContent, 'documents' | 'assetFiles' | 'drafts'>,
  config: ResolvedConfig,
  options: { readonly drafts: boolean; readonly bodiesDir: string },
): Promise<Reparsed | undefined> {
  // Blog posts carry their authors from authors.yml, component pages are compiled: the whole stage makes those.
  if (previous.kind !== 'doc' && previous.kind !== 'page') return undefined
  const file = { file: previous.file, relative: previous.relative, kind: previous.kind, text: '' }
  const read = readTextFile(join(siteDir, file.file), file.file, { markdown: true })
  if (read.text === undefined || isMdx(file.relative, read.text, config.markdown.format)) return undefined
  const diagnostics: Diagnostic[] = []
  const routing = file.kind === 'doc' ? readRouting(file, read.text, config.docs.routeBasePath, options.drafts, diagnostics, config.blog.routeBasePath) : undefined
  if (routing?.draft && !options.drafts) return undefined
  const route = routeFromFile(file, config.docs.routeBasePath, routing, config.blog.routeBasePath)
  if (route === undefined || withTrailingSlash(route, config.trailingSlash) !== previous.route) return undefined
  const job: ParseJob = {
    siteDir,
    files: [file],
    routeOfFile: content.documents.map((document) => [document.file, document.route] as const),
    assetOfFile: content.assetFiles.filter((asset) => asset.kind === 'asset').map((asset) => [asset.file, asset.path] as const),
    staticOfFile: content.assetFiles.filter((asset) => asset.kind === 'static').map((asset) => [asset.file, asset.path] as const),
    baseUrl: config.baseUrl,
    drafts: content.drafts,
    trailingSlash: config.trailingSlash,
    slugify: config.markdown.slugify,
    flavor: config.markdown.flavor,
    attrs: config.markdown.attrs,
    customFrontMatter: acceptsCustomFrontMatter(config),
    baseUrlInLinks: isDocusaurusFolder(config),
    bodiesDir: options.bodiesDir,
    record: false,
  }
  const { parseMarkdown } = await import('./parse-markdown.js')
  const parsed = runParseJob(job, parseMarkdown)
  const document = parsed.documents[0]
  return document && { document, diagnostics: [...diagnostics, ...parsed.diagnostics] }
}
