/**
 * The platform edges the SDK needs. Everything arrives here, so the same code runs in a browser,
 * in happy-dom and in Node; defaults come from `globalThis` when present, tests pass their own.
 */

/** The Web `fetch` shape (the emulator's `(input, init) => emulator.fetch(new Request(input, init))` fits). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** Time: `now` in epoch milliseconds and one-shot timers (`@sinonjs/fake-timers` fits). */
export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The part of the Web Storage interface the SDK uses. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Cookie access, document-like: reading `cookie` gives `a=1; b=2`, assigning sets one cookie. */
export interface CookieJar {
  cookie: string
}

export interface CryptoLike {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T
  randomUUID(): string
  readonly subtle: { digest(algorithm: string, data: BufferSource): Promise<ArrayBuffer> }
}

/** A window the SDK opened (SSO popup). */
export interface PopupLike {
  readonly closed: boolean
  close(): void
}

/** The window the SDK runs in: location, navigation, history and popups. */
export interface WindowLike {
  readonly location: { readonly href: string; assign(url: string): void }
  open?(url: string, target: string, features: string): PopupLike | null
  readonly history?: { replaceState(data: unknown, unused: string, url?: string): void }
}

/** `navigator.credentials`, for passkeys. */
export interface CredentialsLike {
  create(options: CredentialCreationOptions): Promise<Credential | null>
  get(options: CredentialRequestOptions): Promise<Credential | null>
}

export interface Logger {
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

export interface Ports {
  fetch?: FetchLike
  clock?: Clock
  crypto?: CryptoLike
  /** Backs the `localStorage` token storage option. */
  localStorage?: StorageLike
  /** Holds the CSRF token, PKCE verifier, hosted-login data, correlation id, switching flag. */
  sessionStorage?: StorageLike
  /** Backs the `cookie` token storage option. */
  document?: CookieJar
  window?: WindowLike
  credentials?: CredentialsLike
  /** `PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable`. */
  isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean>
  userAgent?: string
  logger?: Logger
}

/** Ports with every edge that always exists filled in. */
export interface ResolvedPorts {
  readonly fetch: FetchLike
  readonly clock: Clock
  readonly crypto: CryptoLike
  readonly localStorage: StorageLike | undefined
  readonly sessionStorage: StorageLike | undefined
  readonly document: CookieJar | undefined
  readonly window: WindowLike | undefined
  readonly credentials: CredentialsLike | undefined
  readonly isUserVerifyingPlatformAuthenticatorAvailable: (() => Promise<boolean>) | undefined
  readonly userAgent: string
  readonly logger: Logger
}

/** Read a global without letting a throwing getter (a sandboxed `localStorage`) escape. */
function fromGlobal<T>(read: (g: Record<string, any>) => T | undefined): T | undefined {
  try {
    return read(globalThis as unknown as Record<string, any>)
  } catch {
    return undefined
  }
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function resolvePorts(ports: Ports = {}): ResolvedPorts {
  const fetch = ports.fetch ?? fromGlobal((g) => (typeof g.fetch === 'function' ? g.fetch.bind(g) : undefined))
  const crypto = ports.crypto ?? fromGlobal((g) => g.crypto as CryptoLike | undefined)
  if (!fetch) throw new TypeError('createIdentityClient: no `fetch` port given and none in this environment')
  if (!crypto) throw new TypeError('createIdentityClient: no `crypto` port given and none in this environment')
  const credentials = ports.credentials ?? fromGlobal((g) => g.navigator?.credentials as CredentialsLike | undefined)
  const platformCheck =
    ports.isUserVerifyingPlatformAuthenticatorAvailable ??
    fromGlobal((g) => {
      const check = g.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable
      return typeof check === 'function' ? () => check.call(g.PublicKeyCredential) as Promise<boolean> : undefined
    })
  return {
    fetch,
    clock: ports.clock ?? systemClock,
    crypto,
    localStorage: ports.localStorage ?? fromGlobal((g) => g.localStorage),
    sessionStorage: ports.sessionStorage ?? fromGlobal((g) => g.sessionStorage),
    document: ports.document ?? fromGlobal((g) => g.document),
    window: ports.window ?? fromGlobal((g) => (g.window === g ? (g as unknown as WindowLike) : undefined)),
    credentials,
    isUserVerifyingPlatformAuthenticatorAvailable: platformCheck,
    userAgent: ports.userAgent ?? fromGlobal((g) => g.navigator?.userAgent as string | undefined) ?? '',
    logger: ports.logger ?? console,
  }
}
