/**
 * The offline search index, built by docsgen (search-index-builder.ts, on a thread of its own)
 * from the public pages' content, and written under the output's reserved folder with the search
 * module the browser loads on first use of the search box. It starts with the build: each
 * document goes to the indexer as soon as it is parsed, the category pages once the manifest is
 * known, and the indexer works on the other core while this one parses and renders. Only public
 * routes are sent to it: no title, word or URL of a private page can be in the index. The index
 * is split into files the browser fetches as a query needs them, so a search downloads little
 * however large the site.
 */
import { createHash } from 'node:crypto'
import { siteHref } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { bodyHash, createBodyReader, type PageBody } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { accessFor, type CompiledRule } from '../manifest/private-path-rules.js'
import { versionedAccess } from '../manifest/versioned-access.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { createWorker, siblingModule } from '../workers/run-in-worker.js'
import { pushAll } from '../../shared/push-all.js'

/** Where the index and the search module are published, relative to the output folder. */
export const SEARCH_FOLDER = `${GENERATED_FOLDER}/search`
/** The module the runtime imports on first use of the search box (src/client/search/search-engine.ts). */
export const SEARCH_MODULE = `${SEARCH_FOLDER}/search.js`

/**
 * What is searchable on a page: its title, then `lead` (HTML) and its body. The body stays on
 * disk (page-bodies.ts) until the indexer takes the record, so records waiting for a busy
 * indexer hold little.
 */
export interface SearchRecord {
  /** The page's href (base URL included). */
  readonly url: string
  readonly title: string
  readonly lead: string
  readonly body: PageBody | undefined
  /** What the record is made from, hashed: its name in the indexer's cache (search-record-cache.ts), when there is one. */
  readonly key?: string
}

/** The HTML under a record's title, its body read with `read`. */
export function recordHtml(record: SearchRecord, read: (body: PageBody) => string): string {
  return `${record.lead}${record.body ? read(record.body) : ''}`
}

/** What the indexer's thread receives as workerData (see search-index-worker.ts). */
export interface SearchIndexJob {
  /** A folder of its own, on the output's file system, where pages' fragments wait for the output. */
  readonly workDir: string
  /** The incremental build's cache of indexed records, and the key it is valid under (build-key.ts). */
  readonly cache?: { readonly dir: string; readonly key: string }
}

/** What it is sent: records, then where to write the index; or that the build ends without one. */
export type SearchIndexRequest =
  | { readonly kind: 'add'; readonly records: readonly SearchRecord[] }
  | { readonly kind: 'finish'; readonly dir: string; readonly folder: string }
  | { readonly kind: 'cancel' }

/** What it answers: first whether it could start, then how indexing ended. */
export type SearchIndexMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'done'; readonly paths: readonly string[]; readonly bytes: number }
  | { readonly kind: 'failed'; readonly message: string }

export interface SearchIndexFinish {
  readonly manifest: Manifest
  readonly documents: readonly ContentDocument[]
  /** Distinctive text of private pages, which no record may hold. */
  readonly probes: readonly LeakProbe[]
  /** The staging folder of the deployable output. */
  readonly dir: string
}

export interface SearchIndexResult {
  /** The index files written (relative to the output folder). */
  readonly paths: readonly string[]
  readonly bytes: number
  readonly records: number
  readonly diagnostics: readonly Diagnostic[]
}

export interface SearchIndex {
  /** Sends a parsed document (its body on disk) to the indexer, if it is a public doc or Markdown page. */
  readonly addDocument: (document: ContentDocument) => void
  /** Whether the indexer runs: without it the build has no search (a warning says why). */
  readonly ready: () => Promise<boolean>
  /** Adds the category pages, checks every record for private text and has the index written. */
  readonly finish: (input: SearchIndexFinish) => Promise<SearchIndexResult>
  /** Ends the indexer (of a build that will write nothing); resolves once its thread, and its writing, has stopped. */
  readonly cancel: () => Promise<void>
}

/** Records per message to the indexer's thread: few messages, each small. */
const recordsPerMessage = 16

type Ending = Exclude<SearchIndexMessage, { kind: 'ready' }>

/**
 * `config` gives the docs' versions: only the last version's docs are searched (as Docusaurus's
 * search offers one version's), and a private page of any version is never sent.
 */
export function startSearchIndex(site: { readonly baseUrl: string; readonly workDir: string; readonly cache?: SearchIndexJob['cache'] }, rules: readonly CompiledRule[], config?: Pick<ResolvedConfig, 'docs'>): SearchIndex {
  const accessOf = config === undefined ? (path: string) => accessFor(path, rules) : versionedAccess(config, rules)
  const olderFolders = (config?.docs.versions ?? []).filter((version) => !version.isLast).map((version) => `${version.folder}/`)
  const otherVersion = (file: string) => olderFolders.some((folder) => file.startsWith(folder))
  const worker = createWorker(siblingModule('search-index-worker', import.meta.url), { workDir: site.workDir, cache: site.cache } satisfies SearchIndexJob)
  // The thread keeps the process alive only while the build waits for it: a build that fails
  // without cancelling (a docsgen bug) still ends.
  worker.unref()
  let waiting = 0
  const waitFor = async <T>(promise: Promise<T>): Promise<T> => {
    if (waiting++ === 0) worker.ref()
    try {
      return await promise
    } finally {
      if (--waiting === 0) worker.unref()
    }
  }
  let started!: (ready: boolean) => void
  const ready = new Promise<boolean>((resolve) => (started = resolve))
  // Whichever comes first ends each wait; a later answer changes nothing.
  const ended = new Promise<Ending>((resolve) => {
    const end = (message: Ending) => {
      started(false)
      resolve(message)
    }
    worker.on('message', (message: SearchIndexMessage) => (message.kind === 'ready' ? started(true) : end(message)))
    worker.once('error', (error) => end({ kind: 'failed', message: error.message }))
    worker.once('exit', () => end({ kind: 'failed', message: 'the indexer stopped without an answer' }))
  })

  const fed = new Set<string>()
  let batch: SearchRecord[] = []
  const send = () => {
    if (batch.length > 0) worker.postMessage({ kind: 'add', records: batch } satisfies SearchIndexRequest)
    batch = []
  }
  const add = (path: string, record: SearchRecord) => {
    fed.add(path)
    batch.push(record)
    if (batch.length >= recordsPerMessage) send()
  }
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  const cancel = () => {
    worker.postMessage({ kind: 'cancel' } satisfies SearchIndexRequest)
    // Referenced while waited for: an unreferenced thread would let the process end first.
    return waitFor(exited)
  }
  return {
    addDocument(document) {
      if (document.kind === 'component-page' || document.display.unlisted || accessOf(document.route).private || otherVersion(document.file)) return
      add(document.route, recordOf(site, document.route, document.title, '', document.body))
    },
    ready: () => waitFor(ready),
    async finish({ manifest, documents, probes, dir }) {
      const byRoute = new Map(documents.map((document) => [document.route, document]))
      const searchable = manifest.routes.filter((route) => isSearchable(route, byRoute.get(route.path), manifest.version.name))
      for (const route of searchable) if (route.kind === 'category') add(route.path, categoryRecord(site, route))
      send()
      const mismatch = routesMismatch(fed, searchable)
      if (mismatch !== undefined) {
        await cancel()
        throw new Error(mismatch)
      }
      // The thread writes the index once every record is indexed (an indexer that failed ignores this).
      worker.postMessage({ kind: 'finish', dir, folder: SEARCH_FOLDER } satisfies SearchIndexRequest)
      const diagnostics = recordLeaks(site, searchable, byRoute, probes)
      const message = await waitFor(ended)
      if (message.kind === 'done') return { paths: message.paths, bytes: message.bytes, records: fed.size, diagnostics }
      return { paths: [], bytes: 0, records: 0, diagnostics: [...diagnostics, searchIndexFailed(message)] }
    },
    cancel,
  }
}

/** Private text found in the records of the searchable routes (each read again from its body on disk). */
function recordLeaks({ baseUrl }: { readonly baseUrl: string }, searchable: readonly Route[], byRoute: ReadonlyMap<string, ContentDocument>, probes: readonly LeakProbe[]): Diagnostic[] {
  // Nothing to look for: the bodies are not read again.
  if (probes.length === 0) return []
  // The records as they read, without the cache's keys.
  const site = { baseUrl }
  const diagnostics: Diagnostic[] = []
  const bodies = createBodyReader()
  try {
    for (const route of searchable) {
      const record = route.kind === 'category' ? categoryRecord(site, route) : recordOf(site, route.path, route.title, '', byRoute.get(route.path)!.body)
      const body = record.body ? bodies.read(record.body) : ''
      // The body is the author's, as on the page: a link of theirs to a private page is warned about, not a leak.
      pushAll(diagnostics, findLeaks(`${SEARCH_FOLDER} (the record of ${record.url})`, `<h1>${escapeHtml(record.title)}</h1>${recordHtml(record, () => body)}`, probes, body))
    }
  } finally {
    bodies.close()
  }
  return diagnostics
}

/** Public docs, blog posts, Markdown pages and category pages; not unlisted pages, component pages, redirects or the 404 page. */
function isSearchable(route: Route, document: ContentDocument | undefined, lastVersion: string): boolean {
  if (route.access.private || route.display?.unlisted || (route.version !== undefined && route.version !== lastVersion)) return false
  return route.kind === 'doc' || route.kind === 'post' || route.kind === 'category' || (route.kind === 'page' && document?.kind === 'page')
}

/**
 * Documents were sent before the manifest existed, by the same private-path rules it applies:
 * the manifest's searchable routes must be exactly those. Anything else is a docsgen bug, and the
 * index must not be published.
 */
function routesMismatch(fed: ReadonlySet<string>, searchable: readonly Route[]): string | undefined {
  const expected = new Set(searchable.map((route) => route.path))
  const extra = [...fed].filter((path) => !expected.has(path))
  const missing = [...expected].filter((path) => !fed.has(path))
  if (extra.length === 0 && missing.length === 0) return undefined
  return `docsgen bug: the search index was given ${JSON.stringify(extra)} and not ${JSON.stringify(missing)}, against the manifest`
}

function categoryRecord(site: { readonly baseUrl: string }, route: Route): SearchRecord {
  return recordOf(site, route.path, route.title, route.description ? `<p>${escapeHtml(route.description)}</p>` : '', undefined)
}

function recordOf(site: { readonly baseUrl: string; readonly cache?: unknown }, path: string, title: string, lead: string, body: PageBody | undefined): SearchRecord {
  const url = siteHref(site.baseUrl, path)
  if (site.cache === undefined) return { url, title, lead, body }
  const key = createHash('sha1').update(JSON.stringify([url, title, lead, body && bodyHash(body)])).digest('base64url')
  return { url, title, lead, body, key }
}

function searchIndexFailed({ message }: Extract<SearchIndexMessage, { kind: 'failed' }>): Diagnostic {
  return diagnostic({
    file: 'site.config.ts',
    severity: 'warning',
    ruleId: 'search-index-failed',
    message: `The search index could not be built, so this build has no search: ${message}`,
    suggestion: 'Check that the output folder and .docsgen/cache/ can be written and that the disk has room, then build again.',
  })
}
