/**
 * Who a bearer token says the reader is, believed only once it is proven: a compact JWS of three
 * base64url parts, an allowed asymmetric algorithm, a `kid` the provider's JWKS holds, a valid
 * signature, `exp` required (with a small leeway) and `nbf` respected, the configured issuer, the
 * site's organization, not an anonymous person, groups read from the verified payload only, and
 * not revoked at the provider. Checks run cheapest first; the provider is asked last.
 */
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose'
import type { ResolvedGateOptions } from './gate-options.js'
import { createJwksCache } from './jwks-cache.js'
import { createRevocationCheck } from './revocation-check.js'

/** A signed-in reader, or why not: 401 not signed in (no, bad or revoked token), 403 another organization, 503 the provider could not be asked. */
export type Verdict =
  | { readonly signedIn: true; readonly personId: string | undefined; readonly groups: readonly string[] }
  | { readonly signedIn: false; readonly status: 401 | 403 | 503; readonly reason: string }

/** Provider tokens are about 1 kB; a larger one is refused before any parsing. */
export const MAX_TOKEN_LENGTH = 8192

const base64url = /^[A-Za-z0-9_-]+$/

export function createTokenVerifier(options: ResolvedGateOptions): (token: string) => Promise<Verdict> {
  const jwks = createJwksCache({
    url: options.jwksURL,
    fetch: options.fetch,
    now: options.now,
    algorithms: options.algorithms,
    ttlMs: options.jwksCacheMs,
    cooldownMs: options.jwksCooldownMs,
    maxKeys: options.maxKeys,
    timeoutMs: options.timeoutMs,
    onProblem: options.onProblem,
  })
  const standing = createRevocationCheck({
    url: options.validateURL,
    fetch: options.fetch,
    now: options.now,
    validMs: options.revocationCacheMs,
    maxEntries: 10_000,
    timeoutMs: options.timeoutMs,
    onProblem: options.onProblem,
  })

  return async (token) => {
    if (token.length > MAX_TOKEN_LENGTH) return refused(401, 'token too large')
    const parts = token.split('.')
    if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return refused(401, 'not a signed JWT')
    let header: ReturnType<typeof decodeProtectedHeader>
    try {
      header = decodeProtectedHeader(token)
    } catch {
      return refused(401, 'not a signed JWT')
    }
    const { alg, kid } = header
    if (typeof alg !== 'string' || !options.algorithms.includes(alg)) return refused(401, 'algorithm not allowed')
    if (typeof kid !== 'string' || kid === '') return refused(401, 'no key id')
    const found = await jwks.key(kid, alg)
    if ('missing' in found) return found.missing === 'unavailable' ? refused(503, 'provider keys unavailable') : refused(401, 'unknown key')

    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, found.key, {
        algorithms: [alg],
        issuer: options.issuer,
        currentDate: new Date(options.now()),
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['exp'],
      }))
    } catch (error) {
      return refused(401, error instanceof errors.JWTExpired ? 'expired' : error instanceof errors.JWTClaimValidationFailed ? `${error.claim} refused` : 'bad signature')
    }
    const reader = readClaims(payload, options.orgID)
    if ('status' in reader) return reader
    const now = await standing(token, payload.exp! * 1000)
    if (now === 'revoked') return refused(401, 'revoked')
    if (now === 'unavailable') return refused(503, 'provider unavailable')
    return reader
  }
}

/** The reader the verified claims describe: the organization, the person type, the groups. */
function readClaims(payload: JWTPayload, orgID: string): Verdict {
  if (typeof payload.oid !== 'string') return refused(401, 'no organization')
  if (payload.oid !== orgID) return refused(403, 'another organization')
  if (payload.person_type === 'anonymous') return refused(401, 'anonymous')
  const claim = payload.groups_claim_name ?? 'groups'
  if (typeof claim !== 'string') return refused(401, 'groups claim name is not a text')
  const groups = Object.hasOwn(payload, claim) ? payload[claim] : []
  // A string is not a list: "admins" must not become ["a", "d", …] or match "admins".
  if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) return refused(401, 'groups claim is not a list of texts')
  return { signedIn: true, personId: typeof payload.person_id === 'string' ? payload.person_id : undefined, groups }
}

function refused(status: 401 | 403 | 503, reason: string): Verdict {
  return { signedIn: false, status, reason }
}
