/**
 * Everything the reader's browser uses beyond the pages themselves: the runtime bundle and the
 * settings each page hands it, the search index, the sidebar data for categories opened in place,
 * `robots.txt` and the favicon. The bundle and the search index are started with the build and
 * made while it parses and renders. Every generated text file is checked for private text like
 * the pages are.
 */
import { createHash, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { underBaseUrl } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { RuntimeConfig } from '../../shared/runtime-config.js'
import { bundleClient } from '../bundle/bundle-client.js'
import { bundleSearchModule } from '../bundle/bundle-search-module.js'
import { bundleWidget, type WidgetBundle } from '../bundle/bundle-widget.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { CompiledRule } from '../manifest/private-path-rules.js'
import { createPageViews } from '../render/page-views.js'
import type { Stylesheet } from '../render/theme-stylesheet.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { runtimeLogin } from './runtime-login.js'
import { seoFiles } from './seo-files.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { SEARCH_MODULE, startSearchIndex, type SearchIndexJob } from './write-search-index.js'
import { sidebarDataFiles } from './write-sidebar-data.js'
import { pushAll } from '../../shared/push-all.js'

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
  /**
   * Files made of the manifest and the config alone (the sidebar's published lists), each made
   * when asked, so an incremental build keeps the last build's while those are unchanged; checked
   * for private text as they are written.
   */
  readonly siteFiles: readonly { readonly file: string; readonly content: () => string }[]
  /** The files already written (the search index). */
  readonly written: { readonly paths: readonly string[]; readonly bytes: number }
  readonly diagnostics: readonly Diagnostic[]
  /** The search index's line. */
  readonly summary: string
}

export interface ReaderAssets {
  /** Hands a parsed document on to the search index. */
  readonly addDocument: (document: ContentDocument) => void
  /** What every page's head links to, once the manifest is known. */
  readonly head: (input: { readonly manifest: Manifest; readonly stylesheet: Stylesheet }) => Promise<PageHead>
  /**
   * Completes the search index and writes it into `dir` (the deployable output's staging folder),
   * which can go on while the pages render; resolves with the files to publish once it is done.
   */
  readonly files: (input: { readonly manifest: Manifest; readonly documents: readonly ContentDocument[]; readonly probes: readonly LeakProbe[]; readonly dir: string }) => Promise<ReaderFiles>
  /** Ends the work started for a build that will write nothing; resolves once it has stopped. */
  readonly cancel: () => Promise<void>
}

/**
 * What every page's head links to, from what is made beside the pages: the runtime's entry
 * module, whether there is a search index, the favicon and (with sign-in) the login widget's module.
 */
export function pageHead(config: ResolvedConfig, { manifest, stylesheet }: { readonly manifest: Manifest; readonly stylesheet: Stylesheet }, parts: { readonly entry: string; readonly searchable: boolean; readonly favicon: string; readonly loginWidget: string | undefined }): PageHead {
  const login = parts.loginWidget === undefined ? undefined : runtimeLogin(config, manifest, parts.loginWidget)
  const runtime = {
    script: underBaseUrl(config.baseUrl, `/${parts.entry}`),
    config: {
      baseUrl: config.baseUrl,
      privatePatterns: manifest.privatePaths.map((rule) => rule.pattern),
      searchModule: parts.searchable ? underBaseUrl(config.baseUrl, `/${SEARCH_MODULE}`) : undefined,
      docsVersion: manifest.version.name,
      // Pages of one build share it; page data of another build is loaded as a full page instead.
      build: createHash('sha256').update(`${stylesheet.file} ${parts.entry}`).digest('hex').slice(0, 12),
      respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
      ...(login ? { login } : {}),
    },
  }
  return { stylesheets: [stylesheet.href], runtime, favicon: parts.favicon }
}

/**
 * `cacheDir`: where the search index's work folder goes (the build's cache folder, beside the
 * output). `deferIndex`: documents are held until the head is asked for (the site validated),
 * then handed to the index (BuildOptions.deferSearchIndex). `searchCache`: where an incremental
 * build keeps the indexed records, under its key (search-record-cache.ts).
 */
export function startReaderAssets(config: ResolvedConfig, rules: readonly CompiledRule[], cacheDir: string, deferIndex = false, searchCache?: SearchIndexJob['cache']): ReaderAssets {
  const search = startSearchIndex({ baseUrl: config.baseUrl, workDir: join(cacheDir, `search-${randomUUID().slice(0, 8)}`), cache: searchCache }, rules, config)
  const client = bundleClient()
  const searchModule = bundleSearchModule()
  // The login form, loaded by pages on demand: only for a site with sign-in.
  const widget: Promise<WidgetBundle | undefined> = config.login === undefined ? Promise.resolve(undefined) : bundleWidget()
  // Awaited when the pages are rendered; a build that fails before that never asks.
  client.catch(() => undefined)
  searchModule.catch(() => undefined)
  widget.catch(() => undefined)
  const widgetFile = (bundle: WidgetBundle) => `${GENERATED_FOLDER}/${bundle.fileName}`
  let seo: ReturnType<typeof seoFiles> | undefined
  let stylesheets: readonly string[] = []
  const held: ContentDocument[] | undefined = deferIndex ? [] : undefined
  return {
    addDocument: held ? (document) => void held.push(document) : search.addDocument,
    async head({ manifest, stylesheet }) {
      if (held) for (const document of held.splice(0)) search.addDocument(document)
      seo = seoFiles(manifest, config)
      const [built, searchable, { favicon }, loginWidget] = await Promise.all([client, search.ready(), seo, widget])
      const head = pageHead(config, { manifest, stylesheet }, { entry: built.entry, searchable, favicon, loginWidget: loginWidget && widgetFile(loginWidget) })
      stylesheets = head.stylesheets
      return head
    },
    files(input) {
      const files = readerFiles(input)
      // Started before the pages render and awaited after: a failure must not count as unhandled meanwhile.
      files.catch(() => undefined)
      return files
    },
    cancel: search.cancel,
  }

  async function readerFiles({ manifest, documents, probes, dir }: Parameters<ReaderAssets['files']>[0]): Promise<ReaderFiles> {
    const indexed = search.finish({ manifest, documents, probes, dir })
    const texts = (await (seo ?? seoFiles(manifest, config))).files
    const diagnostics = texts.flatMap((file) => (typeof file.content === 'string' ? findLeaks(file.file, file.content, probes) : []))
    const index = await indexed
    pushAll(diagnostics, index.diagnostics)
    const loginWidget = await widget
    const widgetFiles = loginWidget ? [{ file: widgetFile(loginWidget), content: loginWidget.contents }] : []
    // The module is published with an index only: without one, pages keep the search box off.
    const searchFiles = index.paths.length > 0 ? [{ file: SEARCH_MODULE, content: await searchModule }] : []
    return {
      files: [...(await client).files.map((file) => ({ file: file.file, content: file.contents })), ...widgetFiles, ...searchFiles, ...texts],
      siteFiles: sidebarDataFiles(createPageViews(manifest, config), stylesheets),
      written: { paths: index.paths, bytes: index.bytes },
      diagnostics,
      summary: `${index.records} pages indexed, ${index.paths.length} index files`,
    }
  }
}
