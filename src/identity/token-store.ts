/**
 * Where tokens live: memory (default), localStorage or a cookie. A storage that
 * throws — absent, blocked (SecurityError) or full (QuotaExceededError) — is replaced by memory
 * for the rest of the session, with one warning.
 */

import { COOKIE_EXPIRY_PATTERN, type CookieOptions, type TokenStorageKind } from './options.js'
import type { Clock, CookieJar, Logger, StorageLike } from './ports.js'

export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  }
}

const PROBE_KEY = '@slashid/STORAGE_PROBE'

/**
 * Wrap `storage` so that any failure falls back to memory once, with one warning. The storage is
 * probed with a real write and remove first, not a `typeof` check.
 */
export function createSafeStorage(storage: StorageLike | undefined, name: string, logger: Logger): StorageLike {
  let backend: StorageLike | undefined = storage
  const fallBack = (error: unknown) => {
    logger.warn(`${name} is not available (${error instanceof Error ? error.message : String(error)}); keeping data in memory for this session`)
    backend = createMemoryStorage()
    return backend
  }
  try {
    if (!storage) throw new Error('not present')
    storage.setItem(PROBE_KEY, PROBE_KEY)
    storage.removeItem(PROBE_KEY)
  } catch (error) {
    fallBack(error)
  }
  const use = <T>(operation: (store: StorageLike) => T): T => {
    try {
      return operation(backend!)
    } catch (error) {
      return operation(fallBack(error))
    }
  }
  return {
    getItem: (key) => use((store) => store.getItem(key)),
    setItem: (key, value) => use((store) => store.setItem(key, value)),
    removeItem: (key) => use((store) => store.removeItem(key)),
  }
}

/** Add a cookie expiry such as '30D' or '12h' to `now`. */
export function cookieExpiryDate(expires: string, now: number): Date {
  const match = COOKIE_EXPIRY_PATTERN.exec(expires)
  if (!match) throw new TypeError(`Invalid cookie expiry '${expires}'`)
  const count = Number(match[1])
  const date = new Date(now)
  switch (match[2]) {
    case 'Y':
      date.setUTCFullYear(date.getUTCFullYear() + count)
      break
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + count)
      break
    case 'D':
      date.setUTCDate(date.getUTCDate() + count)
      break
    case 'h':
      date.setTime(date.getTime() + count * 3_600_000)
      break
    case 'm':
      date.setTime(date.getTime() + count * 60_000)
      break
    default:
      date.setTime(date.getTime() + count * 1_000)
  }
  return date
}

/** A Storage over `document.cookie`: one cookie per key, value URI-encoded. */
export function createCookieStorage(jar: CookieJar, options: CookieOptions, clock: Clock): StorageLike {
  const attributes = (expires: Date | undefined) => {
    const parts = [`path=${options.path ?? '/'}`]
    if (expires) parts.push(`expires=${expires.toUTCString()}`)
    if (options.domain) parts.push(`domain=${options.domain}`)
    parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
    if (options.secure || options.sameSite === 'None') parts.push('Secure')
    return parts.join('; ')
  }
  return {
    getItem(key) {
      const name = encodeURIComponent(key)
      for (const pair of jar.cookie.split(';')) {
        const index = pair.indexOf('=')
        if (index > 0 && pair.slice(0, index).trim() === name) {
          // Any site of the domain can set a cookie: a value that is not URI-encoded reads as absent.
          try {
            return decodeURIComponent(pair.slice(index + 1).trim())
          } catch {
            return null
          }
        }
      }
      return null
    },
    setItem(key, value) {
      const expires = options.expires ? cookieExpiryDate(options.expires, clock.now()) : undefined
      jar.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes(expires)}`
    },
    removeItem(key) {
      jar.cookie = `${encodeURIComponent(key)}=; ${attributes(new Date(0))}`
    },
  }
}

export interface TokenStorageSources {
  readonly localStorage: StorageLike | undefined
  readonly document: CookieJar | undefined
  readonly clock: Clock
  readonly logger: Logger
}

/** The token storage chosen by the `tokenStorage` option. */
export function createTokenStorage(kind: TokenStorageKind, cookie: CookieOptions, sources: TokenStorageSources): StorageLike {
  switch (kind) {
    case 'localStorage':
      return createSafeStorage(sources.localStorage, 'localStorage', sources.logger)
    case 'cookie': {
      const { document } = sources
      const store = document ? createCookieStorage(document, cookie, sources.clock) : undefined
      return createSafeStorage(store, 'Cookie storage', sources.logger)
    }
    default:
      return createMemoryStorage()
  }
}
