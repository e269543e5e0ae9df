/**
 * SDK options, validated once at construction. Problems throw
 * invalidSlashIDConfigurationError naming the key, what was expected and what was given.
 */

import {
  DEFAULT_INPUT_TIMEOUT_MS,
  DEFAULT_POLL_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  ENVIRONMENTS,
} from './constants.js'
import { ERROR_MESSAGES, IdentityError } from './errors.js'

export type TokenStorageKind = 'memory' | 'localStorage' | 'cookie'

export interface CookieOptions {
  /** A count and a unit: Y(ears), M(onths), D(ays), h(ours), m(inutes), s(econds), e.g. '30D'. Session cookie when absent. */
  readonly expires?: string
  /** Default '/'. */
  readonly path?: string
  readonly domain?: string
  /** Default 'Lax'. */
  readonly sameSite?: 'Strict' | 'Lax' | 'None'
  readonly secure?: boolean
}

export interface IdentityOptions {
  /** The organization id; required when analytics or IdP-initiated SSO is on. */
  readonly oid?: string
  /** 'production' (default), 'sandbox', or explicit URLs. Cannot be combined with baseURL/sdkURL. */
  readonly environment?: 'production' | 'sandbox' | { readonly baseURL: string; readonly sdkURL: string }
  /** Provider API root (http/https), e.g. the emulator's `http://127.0.0.1:8787`. */
  readonly baseURL?: string
  /** The provider's SDK page URL. */
  readonly sdkURL?: string
  /** Send analytics events to the provider (default true, as the real SDK). */
  readonly analyticsEnabled?: boolean
  /** Accept identity-provider-initiated SSO (default false). */
  readonly idpInitiatedSSOEnabled?: boolean
  /** Where the user token is kept (default 'memory'). */
  readonly tokenStorage?: TokenStorageKind
  readonly cookie?: CookieOptions
  /** Create an anonymous user when nobody is signed in (default false). */
  readonly anonymousUsersEnabled?: boolean
  /** A token the host already holds; used first if the provider says it is valid. */
  readonly initialToken?: string
  /** Deadline of one provider request, after which it counts as a network failure (default 30 s). */
  readonly requestTimeoutMs?: number
  /** Deadline of one proxy challenge, i.e. of waiting for a link or SSO (default 10 min). */
  readonly pollTimeoutMs?: number
  /** Deadline for the person to answer one prompt (default 30 min). */
  readonly inputTimeoutMs?: number
}

export interface ResolvedOptions {
  readonly oid: string | undefined
  readonly baseURL: string
  readonly sdkURL: string
  readonly analyticsEnabled: boolean
  readonly idpInitiatedSSOEnabled: boolean
  readonly tokenStorage: TokenStorageKind
  readonly cookie: CookieOptions
  readonly anonymousUsersEnabled: boolean
  readonly initialToken: string | undefined
  readonly requestTimeoutMs: number
  readonly pollTimeoutMs: number
  readonly inputTimeoutMs: number
}

const KNOWN_KEYS = new Set([
  'oid',
  'environment',
  'baseURL',
  'sdkURL',
  'analyticsEnabled',
  'idpInitiatedSSOEnabled',
  'tokenStorage',
  'cookie',
  'anonymousUsersEnabled',
  'initialToken',
  'requestTimeoutMs',
  'pollTimeoutMs',
  'inputTimeoutMs',
])

export const COOKIE_EXPIRY_PATTERN = /^(\d+)([YMDhms])$/

function fail(message: string): never {
  throw new IdentityError('invalidSlashIDConfigurationError', message)
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value) ?? String(value)
}

function parseURL(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** True for a string that parses as an absolute http: or https: URL. */
export function isHttpURL(value: unknown): value is string {
  const url = parseURL(value)
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')
}

function mustBeHttpURL(key: string, value: unknown): string {
  if (!isHttpURL(value)) fail(`"${key}" must be a valid http or https URL, got ${show(value)}`)
  // URLs are formed by concatenation, so a trailing slash would double up.
  return value.replace(/\/+$/, '')
}

function mustBeURL(key: string, value: unknown): string {
  if (!parseURL(value)) fail(`"${key}" must be a valid URL, got ${show(value)}`)
  return value as string
}

function mustBeBoolean(key: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') fail(`"${key}" must be a boolean, got ${show(value)}`)
  return value
}

function mustBePositiveNumber(key: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail(`"${key}" must be a positive number of milliseconds, got ${show(value)}`)
  }
  return value
}

function resolveCookie(value: unknown): CookieOptions {
  if (value === undefined) return { path: '/' }
  if (typeof value !== 'object' || value === null) fail(`"cookie" must be an object, got ${show(value)}`)
  const cookie = value as CookieOptions
  if (cookie.expires !== undefined && !(typeof cookie.expires === 'string' && COOKIE_EXPIRY_PATTERN.test(cookie.expires))) {
    fail(`"cookie.expires" must be a count followed by one unit of Y, M, D, h, m, s (e.g. '30D'), got ${show(cookie.expires)}`)
  }
  if (cookie.sameSite !== undefined && !['Strict', 'Lax', 'None'].includes(cookie.sameSite)) {
    fail(`"cookie.sameSite" must be 'Strict', 'Lax' or 'None', got ${show(cookie.sameSite)}`)
  }
  return { ...cookie, path: cookie.path ?? '/' }
}

/** The organization id a sign-in needs; invalidSlashIDConfigurationError without one. */
export function requireOid(oid: string | undefined): string {
  if (!oid) throw new IdentityError('invalidSlashIDConfigurationError', '"oid" is required to sign in')
  return oid
}

export function resolveOptions(options: IdentityOptions | undefined): ResolvedOptions {
  if (typeof options !== 'object' || options === null) fail('The options object is required')
  for (const key of Object.keys(options)) {
    if (!KNOWN_KEYS.has(key)) fail(`Unknown option "${key}"`)
  }

  let baseURL: string = ENVIRONMENTS.production.baseURL
  let sdkURL: string = ENVIRONMENTS.production.sdkURL
  const { environment } = options
  if (environment !== undefined) {
    if (options.baseURL !== undefined || options.sdkURL !== undefined) {
      fail('"environment" cannot be combined with "baseURL" or "sdkURL"')
    }
    if (environment === 'production' || environment === 'sandbox') {
      ;({ baseURL, sdkURL } = ENVIRONMENTS[environment])
    } else if (
      typeof environment === 'object' &&
      environment !== null &&
      typeof environment.baseURL === 'string' &&
      typeof environment.sdkURL === 'string'
    ) {
      baseURL = mustBeHttpURL('environment.baseURL', environment.baseURL)
      sdkURL = mustBeURL('environment.sdkURL', environment.sdkURL)
    } else {
      fail(`"environment" must be 'production', 'sandbox' or an object with "baseURL" and "sdkURL" strings, got ${show(environment)}`)
    }
  } else {
    if (options.baseURL !== undefined) baseURL = mustBeHttpURL('baseURL', options.baseURL)
    if (options.sdkURL !== undefined) sdkURL = mustBeURL('sdkURL', options.sdkURL)
  }

  const analyticsEnabled = mustBeBoolean('analyticsEnabled', options.analyticsEnabled, true)
  const idpInitiatedSSOEnabled = mustBeBoolean('idpInitiatedSSOEnabled', options.idpInitiatedSSOEnabled, false)
  if (options.oid !== undefined && (typeof options.oid !== 'string' || options.oid === '')) {
    fail(`"oid" must be a non-empty string, got ${show(options.oid)}`)
  }
  if (options.oid === undefined && analyticsEnabled) fail('"oid" is required when analytics is enabled')
  if (options.oid === undefined && idpInitiatedSSOEnabled) {
    fail('"oid" is required when identity-provider-initiated SSO is enabled')
  }

  const tokenStorage = options.tokenStorage ?? 'memory'
  if (!['memory', 'localStorage', 'cookie'].includes(tokenStorage)) {
    fail(`"tokenStorage" must be 'memory', 'localStorage' or 'cookie', got ${show(tokenStorage)}`)
  }
  if (options.initialToken !== undefined && typeof options.initialToken !== 'string') {
    fail(`"initialToken": ${ERROR_MESSAGES.tokenNotString}`)
  }

  return Object.freeze({
    oid: options.oid,
    baseURL,
    sdkURL,
    analyticsEnabled,
    idpInitiatedSSOEnabled,
    tokenStorage,
    cookie: resolveCookie(options.cookie),
    anonymousUsersEnabled: mustBeBoolean('anonymousUsersEnabled', options.anonymousUsersEnabled, false),
    initialToken: options.initialToken,
    requestTimeoutMs: mustBePositiveNumber('requestTimeoutMs', options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS),
    pollTimeoutMs: mustBePositiveNumber('pollTimeoutMs', options.pollTimeoutMs, DEFAULT_POLL_TIMEOUT_MS),
    inputTimeoutMs: mustBePositiveNumber('inputTimeoutMs', options.inputTimeoutMs, DEFAULT_INPUT_TIMEOUT_MS),
  })
}
