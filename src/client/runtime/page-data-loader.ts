/**
 * Loads the JSON the build publishes for each public route (see src/shared/page-data.ts) and the
 * sidebar list of its branch, and keeps what was loaded or prefetched for the rest of the visit,
 * so a prefetched page opens at once and a branch's list is loaded once.
 */
import { pageDataFile, type PageData, type SidebarData } from '../../shared/page-data.js'
import type { Platform } from './platform.js'

export type PageDataResult =
  /** `sidebar`: the list of the page's sidebar, no link marked current (see PageData.sidebar). */
  | { readonly kind: 'ok'; readonly data: PageData; readonly sidebar: string | undefined }
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
  const kept = new Map<string, Promise<Fetched<PageData>>>()
  const branches = new Map<string, Promise<Fetched<SidebarData>>>()
  // What failed is forgotten, so a later click tries again.
  const keep = <T>(map: Map<string, Promise<Fetched<T>>>, file: string, read: (value: unknown) => value is T): Promise<Fetched<T>> => {
    let pending = map.get(file)
    if (!pending) {
      pending = request(platform, `${baseUrl}${file.split('/').map(encodeURIComponent).join('/')}`, read)
      map.set(file, pending)
      if (map.size > keptPages) map.delete(map.keys().next().value!)
      void pending.then((result) => result.kind === 'failed' && map.get(file) === pending && map.delete(file))
    }
    return pending
  }
  const load = async (path: string): Promise<PageDataResult> => {
    const file = pageDataFile(path)
    if (file === undefined) return { kind: 'missing' }
    const page = await keep(kept, file, isPageData)
    if (page.kind !== 'ok' || page.value.sidebar === undefined) return page.kind === 'ok' ? { kind: 'ok', data: page.value, sidebar: undefined } : page
    const branch = await keep(branches, page.value.sidebar, isSidebarData)
    // The branch's list is published with its pages: missing, it is data that cannot be used.
    if (branch.kind === 'missing') return { kind: 'failed', reason: 'server', error: new Error(`${page.value.sidebar} is missing`) }
    return branch.kind === 'ok' ? { kind: 'ok', data: page.value, sidebar: branch.value.html } : branch
  }
  return { load, prefetch: (path) => void load(path) }
}

type Fetched<T> = { readonly kind: 'ok'; readonly value: T } | Exclude<PageDataResult, { kind: 'ok' }>

const isPageData = (value: unknown): value is PageData => (value as PageData | null)?.format === 2 && typeof (value as PageData).html === 'string'
const isSidebarData = (value: unknown): value is SidebarData => (value as SidebarData | null)?.format === 1 && typeof (value as SidebarData).html === 'string'

async function request<T>(platform: Platform, url: string, read: (value: unknown) => value is T): Promise<Fetched<T>> {
  let response: Response
  try {
    response = await platform.fetch(url)
  } catch (error) {
    return { kind: 'failed', reason: 'network', error }
  }
  if (response.status === 404 || response.status === 410) return { kind: 'missing' }
  if (!response.ok) return { kind: 'failed', reason: 'server', error: new Error(`${url} answered HTTP ${response.status}`) }
  try {
    const value: unknown = await response.json()
    if (!read(value)) throw new Error(`${url} is not page data of this docsgen version`)
    return { kind: 'ok', value }
  } catch (error) {
    return { kind: 'failed', reason: 'server', error }
  }
}
