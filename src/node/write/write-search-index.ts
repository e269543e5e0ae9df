/**
 * The offline search index, built by Pagefind from the public pages' content while the site
 * renders (its indexer is a process of its own, so it works on the other core), and written under
 * the output's reserved folder with Pagefind's search module. Only public routes are sent to it:
 * no title, word or URL of a private page can be in the index. The index is split
 * into chunks the browser fetches as a query needs them, so a search downloads little however
 * large the site.
 */
import * as pagefind from 'pagefind'
import { siteHref } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { ContentDocument } from '../content/parse-content.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'

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
  /** The files to publish (relative to the output folder), and the problems met. */
  readonly done: Promise<{ readonly files: readonly { readonly file: string; readonly content: Uint8Array }[]; readonly diagnostics: readonly Diagnostic[] }>
}

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

/** Pagefind's own ready-made interfaces: the runtime draws its own results, so these are not published. */
const unusedFile = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/

/**
 * Starts the indexer and hands it the records; the caller goes on rendering and awaits `done`
 * when it writes the site.
 */
export async function startSearchIndex(records: readonly SearchRecord[], lang: string, probes: readonly LeakProbe[]): Promise<SearchIndexBuild> {
  const diagnostics: Diagnostic[] = []
  for (const record of records) diagnostics.push(...findLeaks(`${SEARCH_FOLDER} (the record of ${record.url})`, record.html, probes))
  const failed = async (error: unknown) => {
    await pagefind.close()
    diagnostics.push(
      diagnostic({
        file: 'site.config.ts',
        severity: 'warning',
        ruleId: 'search-index-failed',
        message: `The search index could not be built, so this build has no search: ${(error as Error).message}`,
        suggestion: 'Reinstall the dependencies (npm ci) so that the search indexer for this platform is present.',
      }),
    )
    return { files: [], diagnostics }
  }
  let index: pagefind.PagefindIndex
  try {
    const created = await pagefind.createIndex({ forceLanguage: lang })
    if (!created.index) throw new Error(created.errors.join('; ') || 'the indexer gave no index')
    index = created.index
  } catch (error) {
    return { available: false, done: failed(error) }
  }
  const done = (async () => {
    try {
      const added = await Promise.all(records.map((record) => index.addHTMLFile({ url: record.url, content: record.html })))
      const refused = added.flatMap((answer) => answer.errors)
      if (refused.length > 0) throw new Error(refused.slice(0, 3).join('; '))
      const { files, errors } = await index.getFiles()
      if (errors.length > 0) throw new Error(errors.join('; '))
      await pagefind.close()
      return {
        files: files.filter((file) => !unusedFile.test(file.path)).map((file) => ({ file: `${SEARCH_FOLDER}/${file.path.replace(/^\/+/, '')}`, content: file.content })),
        diagnostics,
      }
    } catch (error) {
      return failed(error)
    }
  })()
  return { available: true, done }
}
