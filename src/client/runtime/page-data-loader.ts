/**
 * Loads the JSON the build publishes for each public route (see src/shared/page-data.ts), and
 * keeps what was loaded or prefetched for the rest of the visit, so a prefetched page opens at once.
 */
import { pageDataFile, type PageData } from '../../shared/page-data.js'
import type { Platform } from './platform.js'

export type PageDataResult =
  | { readonly kind: 'ok'; readonly data: PageData }
  /** No data: not a public route of this build (a 404, a file, a private page). */
  | { readonly kind: 'missing' }
  /** `network`: the request never got an answer (offline?); `server`: an error status or unreadable data. */
  | { readonly kind: 'failed'; readonly reason: 'network' | 'server'; readonly error: unknown }

export interface PageDataLoader {
  load(path: string): Promise<PageDataResult>
  /** Loads in the background; a failure is forgotten, so a later click tries again. */
  prefetch(path: string): void
}

const keptPages = 100

export function createPageDataLoader(platform: Platform, baseUrl: string): PageDataLoader {
  const kept = new Map<string, Promise<PageDataResult>>()
  const load = (path: string): Promise<PageDataResult> => {
    const file = pageDataFile(path)
    if (file === undefined) return Promise.resolve({ kind: 'missing' })
    let pending = kept.get(file)
    if (!pending) {
      pending = request(platform, `${baseUrl}${file.split('/').map(encodeURIComponent).join('/')}`)
      kept.set(file, pending)
      if (kept.size > keptPages) kept.delete(kept.keys().next().value!)
      void pending.then((result) => result.kind === 'failed' && kept.get(file) === pending && kept.delete(file))
    }
    return pending
  }
  return { load, prefetch: (path) => void load(path) }
}

async function request(platform: Platform, url: string): Promise<PageDataResult> {
  let response: Response
  try {
    response = await platform.fetch(url)
  } catch (error) {
    return { kind: 'failed', reason: 'network', error }
  }
  if (response.status === 404 || response.status === 410) return { kind: 'missing' }
  if (!response.ok) return { kind: 'failed', reason: 'server', error: new Error(`${url} answered HTTP ${response.status}`) }
  try {
    const data = (await response.json()) as PageData
    if (data?.format !== 1 || typeof data.html !== 'string') throw new Error(`${url} is not page data of this docsgen version`)
    return { kind: 'ok', data }
  } catch (error) {
    return { kind: 'failed', reason: 'server', error }
  }
}
