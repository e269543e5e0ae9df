/**
 * The user object: decoded from the token's payload. The SDK never checks the
 * signature, algorithm or expiry; only the provider (`/token/validate`) says a token is valid.
 */

import { ERROR_MESSAGES, IdentityError } from './errors.js'
import { base64urlToText } from './encoding.js'
import type { FactorMethod, Handle } from './types.js'

export interface Authentication {
  readonly handle?: Handle | undefined
  readonly method: FactorMethod | (string & {})
  readonly timestamp?: string | undefined
}

export interface User {
  /** The token itself (the `user_token` of a token container). */
  readonly token: string
  readonly oid: string | undefined
  readonly personId: string | undefined
  /** 'regular' or 'anonymous'. */
  readonly personType: string | undefined
  readonly anonymous: boolean
  /** The groups claim (`groups_claim_name`, default `groups`); undefined when absent. */
  readonly groups: readonly string[] | undefined
  readonly authentications: readonly Authentication[]
  readonly authenticatedMethods: readonly string[]
  readonly firstLogin: boolean
  /** Every claim of the payload, as decoded. */
  readonly claims: Readonly<Record<string, unknown>>
}

/** Decode a JWT's payload (base64url JSON); throws invalidActionError for anything else. */
export function decodeTokenPayload(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenNotString)
  const parts = token.split('.')
  let payload: unknown
  try {
    if (parts.length !== 3) throw new Error(`${parts.length} parts`)
    payload = JSON.parse(base64urlToText(parts[1]!))
  } catch (cause) {
    throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenDecode, { cause })
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenDecode)
  }
  return payload as Record<string, unknown>
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

export function createUser(token: unknown): User {
  let claims = decodeTokenPayload(token)
  let userToken = token as string
  if (typeof claims.user_token === 'string') {
    userToken = claims.user_token
    claims = decodeTokenPayload(userToken)
  }
  const groupsClaim = typeof claims.groups_claim_name === 'string' ? claims.groups_claim_name : 'groups'
  const groups = claims[groupsClaim]
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return Object.freeze({
    token: userToken,
    oid: str(claims.oid),
    personId: str(claims.person_id),
    personType: str(claims.person_type),
    anonymous: claims.person_type === 'anonymous',
    groups: isStringArray(groups) ? Object.freeze([...groups]) : undefined,
    authentications: Array.isArray(claims.authentications) ? (claims.authentications as Authentication[]) : [],
    authenticatedMethods: isStringArray(claims.authenticated_methods) ? claims.authenticated_methods : [],
    firstLogin: claims.first_token === true,
    claims,
  })
}
