/**
 * Everything the reader's browser uses beyond the pages themselves: the runtime bundle and the
 * settings each page hands it, the search index (built while the pages render), the sidebar data
 * for categories opened in place, `robots.txt` and the favicon. Every generated text file is
 * checked for private text like the pages are (DESIGN §3).
 */
import { createHash } from 'node:crypto'
import { underBaseUrl } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { RuntimeConfig } from '../../shared/runtime-config.js'
import type { ClientBundle } from '../bundle/bundle-client.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { PageViews } from '../render/page-views.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { seoFiles, type SeoFiles } from './seo-files.js'
import { SEARCH_MODULE, searchRecords, startSearchIndex } from './write-search-index.js'
import { sidebarDataFiles } from './write-sidebar-data.js'

export interface ReaderAssets {
  /** The runtime's module and settings, for every page's head. */
  readonly runtime: { readonly script: string; readonly config: RuntimeConfig }
  readonly seo: SeoFiles
  /** The files to publish, once the search index is done; with the problems found in them. */
  files(views: Pick<PageViews, 'publicCategories'>): Promise<{
    readonly files: readonly { readonly file: string; readonly content: string | Uint8Array }[]
    readonly diagnostics: readonly Diagnostic[]
    readonly summary: string
  }>
}

export async function readerAssets(
  manifest: Manifest,
  config: ResolvedConfig,
  documents: readonly ContentDocument[],
  probes: readonly LeakProbe[],
  stylesheetFile: string,
  client: ClientBundle,
): Promise<ReaderAssets> {
  const lang = config.i18n.defaultLocale
  const records = searchRecords(manifest, documents, lang)
  const search = await startSearchIndex(records, lang, probes)
  const seo = await seoFiles(manifest, config)
  const runtime = {
    script: underBaseUrl(config.baseUrl, `/${client.entry}`),
    config: {
      baseUrl: config.baseUrl,
      privatePatterns: manifest.privatePaths.map((rule) => rule.pattern),
      searchModule: search.available ? underBaseUrl(config.baseUrl, `/${SEARCH_MODULE}`) : undefined,
      docsVersion: manifest.version.name,
      // Pages of one build share it; page data of another build is loaded as a full page instead.
      build: createHash('sha256').update(`${stylesheetFile} ${client.entry}`).digest('hex').slice(0, 12),
      respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    },
  }
  return {
    runtime,
    seo,
    async files(views) {
      const texts = [...seo.files, ...sidebarDataFiles(views)]
      const diagnostics = texts.flatMap((file) => (typeof file.content === 'string' ? findLeaks(file.file, file.content, probes) : []))
      const index = await search.done
      diagnostics.push(...index.diagnostics)
      return {
        files: [...client.files.map((file) => ({ file: file.file, content: file.contents })), ...texts, ...index.files],
        diagnostics,
        summary: `${records.length} pages indexed, ${index.files.length} index files`,
      }
    },
  }
}
