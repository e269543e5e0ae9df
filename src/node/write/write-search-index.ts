/**
 * The offline search index, built by Pagefind from the public pages' content while the site
 * renders (its indexer is a process of its own, fed from a thread of its own, so it works on the
 * other core while this one renders), and written under
 * the output's reserved folder with Pagefind's search module. Only public routes are sent to it:
 * no title, word or URL of a private page can be in the index. The index is split
 * into chunks the browser fetches as a query needs them, so a search downloads little however
 * large the site.
 */
import { siteHref } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { ContentDocument } from '../content/parse-content.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { createWorker, siblingModule } from '../workers/run-in-worker.js'

/** Where the index and the search module are published, relative to the output folder. */
export const SEARCH_FOLDER = `${GENERATED_FOLDER}/search`
/** The module the runtime imports on first use of the search box. */
export const SEARCH_MODULE = `${SEARCH_FOLDER}/pagefind.js`

export interface SearchRecord {
  /** The page's href (base URL included). */
  readonly url: string
  /** A small HTML document of what is searchable on the page. */
  readonly html: string
}

export interface SearchIndexBuild {
  /** Whether the indexer runs: without it the build has no search (a warning says why). */
  readonly available: boolean
  /** The index files written (relative to the output folder), and the problems met. */
  readonly done: Promise<{ readonly paths: readonly string[]; readonly bytes: number; readonly diagnostics: readonly Diagnostic[] }>
}

/** What the indexer's thread receives (see search-index-worker.ts). */
export interface SearchIndexJob {
  readonly records: readonly SearchRecord[]
  readonly lang: string
  /** The output folder the index is written to, and its folder there. */
  readonly dir: string
  readonly folder: string
}

/** What it answers: first whether it could start, then how indexing ended. */
export type SearchIndexMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'done'; readonly paths: readonly string[]; readonly bytes: number }
  | { readonly kind: 'failed'; readonly message: string }

/** The searchable content of every public doc, Markdown page and category page. */
export function searchRecords(manifest: Manifest, documents: readonly ContentDocument[], lang: string): SearchRecord[] {
  const byRoute = new Map(documents.map((document) => [document.route, document]))
  const records: SearchRecord[] = []
  for (const route of manifest.routes) {
    if (route.access.private || (route.kind !== 'doc' && route.kind !== 'page' && route.kind !== 'category')) continue
    const document = byRoute.get(route.path)
    if (route.kind === 'page' && document?.kind !== 'page') continue
    const lead = route.kind === 'category' && route.description ? `<p>${escapeHtml(route.description)}</p>` : ''
    const html = `<html lang="${escapeHtml(lang)}"><head><title>${escapeHtml(route.title)}</title></head><body><main data-pagefind-body><h1>${escapeHtml(route.title)}</h1>${lead}${document?.html ?? ''}</main></body></html>`
    records.push({ url: siteHref(manifest.baseUrl, route.path), html })
  }
  return records
}

/**
 * Starts the indexer on its thread with the records, after checking them for private text;
 * resolves once it knows whether the indexer runs, while the index is built into `dir` as the
 * caller goes on rendering.
 */
export async function startSearchIndex(records: readonly SearchRecord[], lang: string, probes: readonly LeakProbe[], dir: string): Promise<SearchIndexBuild> {
  const diagnostics: Diagnostic[] = []
  for (const record of records) diagnostics.push(...findLeaks(`${SEARCH_FOLDER} (the record of ${record.url})`, record.html, probes))
  const worker = createWorker(siblingModule('search-index-worker', import.meta.url), { records, lang, dir, folder: SEARCH_FOLDER } satisfies SearchIndexJob)
  let started!: (ready: boolean) => void
  const ready = new Promise<boolean>((resolve) => (started = resolve))
  // Whichever comes first ends each wait; a later answer changes nothing.
  const ended = new Promise<Exclude<SearchIndexMessage, { kind: 'ready' }>>((resolve) => {
    const end = (message: Exclude<SearchIndexMessage, { kind: 'ready' }>) => {
      started(false)
      resolve(message)
    }
    worker.on('message', (message: SearchIndexMessage) => (message.kind === 'ready' ? started(true) : end(message)))
    worker.once('error', (error) => end({ kind: 'failed', message: error.message }))
    worker.once('exit', () => end({ kind: 'failed', message: 'the indexer stopped without an answer' }))
  })
  const done = ended.then((message) =>
    message.kind === 'done'
      ? { paths: message.paths, bytes: message.bytes, diagnostics }
      : { paths: [], bytes: 0, diagnostics: [...diagnostics, searchIndexFailed(message.message)] },
  )
  return { available: await ready, done }
}

function searchIndexFailed(message: string): Diagnostic {
  return diagnostic({
    file: 'site.config.ts',
    severity: 'warning',
    ruleId: 'search-index-failed',
    message: `The search index could not be built, so this build has no search: ${message}`,
    suggestion: 'Reinstall the dependencies (npm ci) so that the search indexer for this platform is present.',
  })
}
