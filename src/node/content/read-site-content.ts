/**
 * The content stage: the site's files listed, their names checked, Markdown parsed and component
 * pages compiled (and, for `check`, loaded: it renders nothing, so a page that throws while
 * loading must fail it here).
 */
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { checkFileNames } from './check-file-names.js'
import { loadComponentPages, type ComponentPages } from './load-component-pages.js'
import { parseContent, type ContentDocument, type DocumentListener, type ParsedContent } from './parse-content.js'
import type { ParseCache } from './parse-cache.js'
import { readBlogAuthors, withPostAuthors } from './read-blog-authors.js'
import { readTagsFiles, withPredefinedTags } from './read-tags-file.js'
import { readContent } from './read-content.js'
import { readSidebars, readVersionedSidebars, type SidebarsFile } from './read-sidebars.js'

export interface SiteContent extends ParsedContent {
  readonly components: ComponentPages
  /** The site's sidebars file, if it has one. */
  readonly sidebars: SidebarsFile | undefined
  /** Each released version's sidebars file, by version name. */
  readonly versionedSidebars: ReadonlyMap<string, SidebarsFile>
}

export interface ContentOptions {
  readonly threads: number | undefined
  /** Build drafts too. */
  readonly drafts: boolean
  /** Where compiled component pages are written to be imported. */
  readonly cacheDir: string
  readonly timeLimitMs: number
  /** Load component pages now (for `check`); a build loads them when it renders them. */
  readonly loadComponents: boolean
  /** Where pages' bodies wait to be rendered (page-bodies.ts); none for `check`. */
  readonly bodiesDir: string | undefined
  /** Sees each Markdown document as soon as it is parsed (see ParseOptions.onDocument). */
  readonly onDocument?: DocumentListener | undefined
  /** Parse results of earlier builds, and the files changed since, if known (see ParseOptions). */
  readonly cache?: ParseCache<ContentDocument> | undefined
  readonly changedFiles?: ReadonlySet<string> | undefined
  /** Markdown files parsed only as far as lists show them (see ParseOptions.leadOnly). */
  readonly leadOnly?: ((file: string) => boolean) | undefined
}

export async function readSiteContent(siteDir: string, config: ResolvedConfig, options: ContentOptions): Promise<{ content: SiteContent; diagnostics: readonly Diagnostic[] }> {
  const released = config.docs.versions.filter((version) => version.sidebarsFile !== undefined)
  const { files, diagnostics: unreadable } = await readContent(siteDir, { folders: config.folders, versions: released, docsExclude: config.docs.exclude, docsInclude: config.docs.include })
  const parsed = await parseContent(siteDir, files, config, {
    threads: options.threads,
    drafts: options.drafts,
    mdx: { siteDir, cacheDir: options.cacheDir, timeLimitMs: options.timeLimitMs },
    bodiesDir: options.bodiesDir,
    onDocument: options.onDocument,
    cache: options.cache,
    changedFiles: options.changedFiles,
    leadOnly: options.leadOnly,
  })
  const authorsFile = files.find((file) => file.kind === 'authors')
  const authors = readBlogAuthors(authorsFile)
  const tags = readTagsFiles(files)
  const documents = withPredefinedTags(withPostAuthors(parsed.documents, authors.authors, authorsFile?.file, authors.diagnostics, { siteDir, blogFolder: config.folders.blog }), tags.tags)
  const components = await loadComponentPages(siteDir, documents, options.cacheDir, { timeLimitMs: options.timeLimitMs, load: options.loadComponents })
  const sidebars = await readSidebars(siteDir, options.timeLimitMs, config.folders.sidebars)
  const versioned = readVersionedSidebars(siteDir, released)
  return {
    content: { ...parsed, documents, components: components.components, sidebars: sidebars.sidebars, versionedSidebars: versioned.sidebars },
    diagnostics: [...unreadable, ...checkFileNames(files), ...parsed.diagnostics, ...authors.diagnostics, ...tags.diagnostics, ...components.diagnostics, ...sidebars.diagnostics, ...versioned.diagnostics],
  }
}

/** The content stage's line. */
export function describeSiteContent({ content }: { content: SiteContent }): string {
  const docs = content.documents.filter((document) => document.kind === 'doc').length
  return `${docs} docs, ${content.documents.length - docs} pages`
}
