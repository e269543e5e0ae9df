/**
 * The provider's signing keys, fetched from its JWKS and kept for a while. A token naming a key
 * we do not hold makes at most one fetch per cooldown, and at most `maxKeys` keys are kept, so
 * tokens with made-up `kid`s cannot turn into a flood of fetches or fill memory. jose's own
 * remote key set reads the system clock and keeps every key; the gate's clock is injected.
 */
import { importJWK, type JWK } from 'jose'
import type { FetchEdge } from './gate-options.js'
import { askProvider } from './ask-provider.js'

export interface JwksCacheOptions {
  readonly url: string
  readonly fetch: FetchEdge
  readonly now: () => number
  readonly algorithms: readonly string[]
  /** How long fetched keys are used before they are fetched again. */
  readonly ttlMs: number
  /** The least time between two fetches. */
  readonly cooldownMs: number
  readonly maxKeys: number
  readonly timeoutMs: number
  readonly onProblem: (message: string) => void
}

/** The key for a token's `kid` and `alg`; `unknown` when the JWKS has no such key, `unavailable` when no JWKS could be read. */
export type KeyLookup = { readonly key: CryptoKey } | { readonly missing: 'unknown' | 'unavailable' }

// A JWKS is a few keys; anything this large is not one.
const maxJwksBytes = 256 * 1024

export function createJwksCache(options: JwksCacheOptions): { key(kid: string, alg: string): Promise<KeyLookup> } {
  let keys: Map<string, JWK> | undefined
  let fetchedAt = Number.NEGATIVE_INFINITY
  let attemptedAt = Number.NEGATIVE_INFINITY
  let refreshing: Promise<void> | undefined
  const imported = new Map<string, Promise<CryptoKey | undefined>>()

  const refresh = async () => {
    attemptedAt = options.now()
    try {
      keys = await fetchKeys(options)
      fetchedAt = options.now()
      imported.clear()
    } catch (error) {
      // The keys fetched before stay in use until a fetch succeeds: keys rotate slowly.
      options.onProblem(`could not read the provider's keys from ${options.url}: ${(error as Error).message}`)
    }
  }

  return {
    async key(kid, alg) {
      const now = options.now()
      const due = keys === undefined || now - fetchedAt >= options.ttlMs || !keys.has(kid)
      if (due && now - attemptedAt >= options.cooldownMs) await (refreshing ??= refresh().finally(() => (refreshing = undefined)))
      else if (refreshing) await refreshing
      if (keys === undefined) return { missing: 'unavailable' }
      const jwk = keys.get(kid)
      // A key published for one algorithm is never used with another.
      if (jwk === undefined || (jwk.alg !== undefined && jwk.alg !== alg)) return { missing: 'unknown' }
      const id = `${kid}\n${alg}`
      let key = imported.get(id)
      if (key === undefined) {
        // importJWK refuses a key of another type or curve than the algorithm's.
        key = importJWK(jwk, alg).then(
          (value) => value as CryptoKey,
          () => undefined,
        )
        imported.set(id, key)
      }
      const value = await key
      return value === undefined ? { missing: 'unknown' } : { key: value }
    },
  }
}

async function fetchKeys(options: JwksCacheOptions): Promise<Map<string, JWK>> {
  const answer = await askProvider(options.fetch, new Request(options.url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) }), maxJwksBytes)
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`)
  const body: unknown = JSON.parse(answer.text)
  const listed = typeof body === 'object' && body !== null ? (body as { keys?: unknown }).keys : undefined
  if (!Array.isArray(listed)) throw new Error('the answer has no "keys" list')
  const keys = new Map<string, JWK>()
  for (const jwk of listed) {
    if (keys.size >= options.maxKeys) break
    if (usable(jwk, options.algorithms)) keys.set(jwk.kid, jwk)
  }
  return keys
}

/** A public signing key with a `kid`, for an allowed algorithm (or none named), and no private part. */
function usable(jwk: unknown, algorithms: readonly string[]): jwk is JWK & { kid: string } {
  if (typeof jwk !== 'object' || jwk === null) return false
  const key = jwk as JWK
  return (
    typeof key.kid === 'string' &&
    key.kid !== '' &&
    typeof key.kty === 'string' &&
    key.kty !== 'oct' &&
    key.d === undefined &&
    (key.use === undefined || key.use === 'sig') &&
    (key.alg === undefined || algorithms.includes(key.alg))
  )
}
