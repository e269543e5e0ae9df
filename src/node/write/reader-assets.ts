/**
 * Everything the reader's browser uses beyond the pages themselves: the runtime bundle and the
 * settings each page hands it, the search index (built while the pages render), the sidebar data
 * for categories opened in place, `robots.txt` and the favicon. Every generated text file is
 * checked for private text like the pages are.
 */
import { createHash } from 'node:crypto'
import { underBaseUrl } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { RuntimeConfig } from '../../shared/runtime-config.js'
import { bundleClient } from '../bundle/bundle-client.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/parse-content.js'
import { createPageViews } from '../render/page-views.js'
import type { Stylesheet } from '../render/theme-stylesheet.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { seoFiles } from './seo-files.js'
import { SEARCH_MODULE, searchRecords, startSearchIndex } from './write-search-index.js'
import { sidebarDataFiles } from './write-sidebar-data.js'

export interface ReaderAssetsInput {
  readonly manifest: Manifest
  readonly config: ResolvedConfig
  readonly documents: readonly ContentDocument[]
  readonly probes: readonly LeakProbe[]
  readonly stylesheet: Stylesheet
  /** The staging folder of the deployable output: the search index is written there as it is built. */
  readonly publicDir: string
}

/** What every page's head links to. */
export interface PageHead {
  readonly stylesheets: readonly string[]
  /** The runtime's module and the settings it reads. */
  readonly runtime: { readonly script: string; readonly config: RuntimeConfig }
  /** The favicon's href. */
  readonly favicon: string
}

export interface ReaderFiles {
  /** The files to publish (relative to the output folder), with the problems found in them. */
  readonly files: readonly { readonly file: string; readonly content: string | Uint8Array }[]
  /** The files already written (the search index). */
  readonly written: { readonly paths: readonly string[]; readonly bytes: number }
  readonly diagnostics: readonly Diagnostic[]
  /** The search index's line. */
  readonly summary: string
}

export interface ReaderAssets {
  readonly head: PageHead
  /** The files, once the search index is done (it is built while the pages render). */
  readonly files: () => Promise<ReaderFiles>
}

export async function readerAssets({ manifest, config, documents, probes, stylesheet, publicDir }: ReaderAssetsInput): Promise<ReaderAssets> {
  const lang = config.i18n.defaultLocale
  const records = searchRecords(manifest, documents, lang)
  const [client, search, seo] = await Promise.all([bundleClient(), startSearchIndex(records, lang, probes, publicDir), seoFiles(manifest, config)])
  const runtime = {
    script: underBaseUrl(config.baseUrl, `/${client.entry}`),
    config: {
      baseUrl: config.baseUrl,
      privatePatterns: manifest.privatePaths.map((rule) => rule.pattern),
      searchModule: search.available ? underBaseUrl(config.baseUrl, `/${SEARCH_MODULE}`) : undefined,
      docsVersion: manifest.version.name,
      // Pages of one build share it; page data of another build is loaded as a full page instead.
      build: createHash('sha256').update(`${stylesheet.file} ${client.entry}`).digest('hex').slice(0, 12),
      respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    },
  }
  return {
    head: { stylesheets: [stylesheet.href], runtime, favicon: seo.favicon },
    async files() {
      const texts = [...seo.files, ...sidebarDataFiles(createPageViews(manifest, config))]
      const diagnostics = texts.flatMap((file) => (typeof file.content === 'string' ? findLeaks(file.file, file.content, probes) : []))
      const index = await search.done
      diagnostics.push(...index.diagnostics)
      return {
        files: [...client.files.map((file) => ({ file: file.file, content: file.contents })), ...texts],
        written: { paths: index.paths, bytes: index.bytes },
        diagnostics,
        summary: `${records.length} pages indexed, ${index.paths.length} index files`,
      }
    },
  }
}
