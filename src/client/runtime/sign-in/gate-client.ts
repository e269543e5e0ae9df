/**
 * The runtime's calls to the gate: a private page's data and the private navigation, each with
 * the reader's token as a bearer header (never a cookie, so no other site can make the browser
 * ask). 401 means the token is no good (sign out); 403 that this reader may not read it.
 */
import { routeHref } from '../../../shared/canonical-path.js'
import { GATE_NAVIGATION_PATH, GATE_PAGE_PREFIX } from '../../../shared/gate-manifest.js'
import type { PageData } from '../../../shared/page-data.js'
import type { Platform } from '../platform.js'

export type GateAnswer<T> =
  | { readonly kind: 'ok'; readonly value: T }
  /** 401: the token is expired, revoked or not valid. */
  | { readonly kind: 'signedOut' }
  /** 403: a reader without the groups. */
  | { readonly kind: 'refused' }
  /** 404: nothing there (or no gate: a static host). */
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly error: unknown }

/** A private navigation entry as the build describes it (src/node/render/gate-manifest.ts). */
export interface PrivateNavItem {
  readonly path: string
  readonly kind: 'navbar' | 'footer' | 'sidebar'
  readonly label: string
  readonly href: string
  readonly position?: 'left' | 'right'
  readonly column?: string
  readonly trail?: readonly string[]
  readonly groups?: readonly string[]
}

export interface GateClient {
  page(path: string, token: string): Promise<GateAnswer<PageData>>
  navigation(token: string): Promise<GateAnswer<readonly PrivateNavItem[]>>
}

export function createGateClient(platform: Platform, baseUrl: string): GateClient {
  const url = (path: string) => `${baseUrl}${path.slice(1)}`
  return {
    page: (path, token) => ask(platform, url(`${GATE_PAGE_PREFIX}${routeHref(path)}`), token, (value): value is PageData => (value as PageData | null)?.format === 2 && typeof (value as PageData).html === 'string'),
    navigation: (token) => ask(platform, url(GATE_NAVIGATION_PATH), token, (value): value is PrivateNavItem[] => Array.isArray(value)),
  }
}

async function ask<T>(platform: Platform, url: string, token: string, read: (value: unknown) => value is T): Promise<GateAnswer<T>> {
  try {
    const response = await platform.fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' })
    if (response.status === 401) return { kind: 'signedOut' }
    if (response.status === 403) return { kind: 'refused' }
    if (response.status === 404) return { kind: 'missing' }
    if (!response.ok) return { kind: 'failed', error: new Error(`${url} answered HTTP ${response.status}`) }
    const value: unknown = await response.json()
    if (!read(value)) return { kind: 'failed', error: new Error(`${url} did not answer what the gate answers`) }
    return { kind: 'ok', value }
  } catch (error) {
    return { kind: 'failed', error }
  }
}
