/**
 * How a gate is set up, and the defaults. Everything a platform provides (fetch, the clock, the
 * private store, what answers the public files) is passed in, so one gate runs in Node, on an
 * edge runtime and in tests. Options come from code (docsgen serve, an edge entry), not from a
 * reader, so a wrong one throws.
 */
import type { PrivateStore } from './private-store.js'

export type FetchEdge = (request: Request) => Promise<Response>

export interface GateOptions {
  /** The site's organization at the provider (`login.orgID`): tokens of any other are refused. */
  readonly orgID: string
  /** The provider's API (`login.baseURL`), e.g. 'https://api.slashid.com'. */
  readonly baseURL: string
  /** The `iss` every token must carry; default the base URL (without a final "/"). */
  readonly issuer?: string
  /** Default `<baseURL>/.well-known/jwks.json`. */
  readonly jwksURL?: string
  /** Default `<baseURL>/token/validate`. */
  readonly validateURL?: string
  /** The signature algorithms accepted, asymmetric ones only; default ['ES256', 'RS256']. */
  readonly algorithms?: readonly string[]
  /** The private output: the manifest and the content it names. */
  readonly store: PrivateStore
  /** How the gate calls the provider; default the global fetch. */
  readonly fetch?: FetchEdge
  /** Milliseconds since the epoch; default Date.now. */
  readonly now?: () => number
  /** Leeway for `exp` and `nbf`, in seconds; default 30, at most 60. */
  readonly clockToleranceSeconds?: number
  /** How long fetched keys are used; default 10 minutes. */
  readonly jwksCacheMs?: number
  /** The least time between two fetches of the keys (a token with an unknown `kid` asks again); default 30 s. */
  readonly jwksCooldownMs?: number
  /** At most this many keys are kept from the JWKS; default 16. */
  readonly maxKeys?: number
  /** How long the provider's "still valid" answer for a token is reused; default 10 s. */
  readonly revocationCacheMs?: number
  /** How long a call to the provider may take; default 5 s. */
  readonly timeoutMs?: number
  /** Answers every request the gate does not own (the public files); default 404. */
  readonly next?: FetchEdge
  /** Told about faults a reader cannot see (the provider unreachable, a damaged private folder). */
  readonly onProblem?: (message: string) => void
}

/** Signature algorithms with a public key: no `none`, no shared-secret HS*, so no algorithm confusion. */
export const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'] as const

export const MAX_CLOCK_TOLERANCE_SECONDS = 60

export type ResolvedGateOptions = Required<Omit<GateOptions, 'store'>> & { readonly store: PrivateStore }

export function resolveGateOptions(options: GateOptions): ResolvedGateOptions {
  const fail = (message: string): never => {
    throw new TypeError(`createGate: ${message}`)
  }
  if (typeof options.orgID !== 'string' || options.orgID === '') fail('orgID must be the organization id at the provider')
  let base: URL | undefined
  try {
    base = new URL(options.baseURL)
  } catch {
    fail(`baseURL must be an absolute URL, got ${JSON.stringify(options.baseURL)}`)
  }
  if (base!.protocol !== 'https:' && base!.protocol !== 'http:') fail(`baseURL must be an http or https URL, got "${options.baseURL}"`)
  const baseURL = options.baseURL.replace(/\/+$/, '')
  const algorithms = options.algorithms ?? ['ES256', 'RS256']
  const refused = algorithms.filter((alg) => !(ASYMMETRIC_ALGORITHMS as readonly string[]).includes(alg))
  if (algorithms.length === 0 || refused.length > 0)
    fail(`algorithms must list asymmetric signature algorithms only (${ASYMMETRIC_ALGORITHMS.join(', ')}); refused: ${refused.map((alg) => JSON.stringify(alg)).join(', ') || 'an empty list'}`)
  const tolerance = options.clockToleranceSeconds ?? 30
  if (!(tolerance >= 0 && tolerance <= MAX_CLOCK_TOLERANCE_SECONDS)) fail(`clockToleranceSeconds must be from 0 to ${MAX_CLOCK_TOLERANCE_SECONDS}, got ${tolerance}`)
  if (typeof options.store?.index !== 'function' || typeof options.store.read !== 'function') fail('store must be a PrivateStore (createFolderStore or createKeyValueStore)')
  return {
    orgID: options.orgID,
    baseURL,
    issuer: options.issuer ?? baseURL,
    jwksURL: options.jwksURL ?? `${baseURL}/.well-known/jwks.json`,
    validateURL: options.validateURL ?? `${baseURL}/token/validate`,
    algorithms,
    store: options.store,
    fetch: options.fetch ?? ((request) => fetch(request)),
    now: options.now ?? Date.now,
    clockToleranceSeconds: tolerance,
    jwksCacheMs: options.jwksCacheMs ?? 10 * 60_000,
    jwksCooldownMs: options.jwksCooldownMs ?? 30_000,
    maxKeys: options.maxKeys ?? 16,
    revocationCacheMs: options.revocationCacheMs ?? 10_000,
    timeoutMs: options.timeoutMs ?? 5000,
    next: options.next ?? (async () => new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })),
    onProblem: options.onProblem ?? (() => {}),
  }
}
