/**
 * Finding the token a session starts with: the host's initial token,
 * a sign-in from the URL, the legacy stored token, the per-organization stored token, then an
 * anonymous user when enabled. A stored token is removed only when the provider definitively
 * says it is invalid: an outage must never log everyone out.
 */

import type { ClientContext } from './client-context.js'
import { STORAGE_KEYS } from './constants.js'
import { ERROR_MESSAGES, IdentityError, isIdentityError } from './errors.js'
import { requireOid } from './options.js'
import type { SessionState } from './session-state.js'
import { createUser, type User } from './user.js'

/** Answers from `/token/validate` that say the token itself is refused. */
const DEFINITIVELY_INVALID: readonly number[] = [400, 401, 403]

export interface TokenLookup {
  /** loaded → retrievingToken → ready, once; after a rejection (nothing decided) the next call looks again. */
  start(): Promise<User | undefined>
  /**
   * Valid only if the provider says so; anonymous tokens only when anonymous users are on.
   * Throws when the provider could not say (outage, rate limit, network, a malformed answer).
   */
  isTokenValid(token: string): Promise<boolean>
  createAnonymousUser(): Promise<User>
}

interface LookupParts {
  readonly context: ClientContext
  readonly state: SessionState
  readonly isTokenValid: (token: string) => Promise<boolean>
  readonly getUserFromURL: () => Promise<User | undefined>
  readonly createAnonymousUser: () => Promise<User>
}

/** The lookup itself. Rejects, keeping every stored token, when a check could not be made. */
async function lookUp({ context, state, isTokenValid, getUserFromURL, createAnonymousUser }: LookupParts): Promise<User | undefined> {
  const { options, ports } = context
  const { tokens } = state
  let outage: unknown
  /** true/false from the provider, undefined when it could not say (the error is kept). */
  const check = (token: string) =>
    isTokenValid(token).catch((error: unknown) => {
      outage ??= error
      return undefined
    })
  const adopt = (token: string) => {
    const next = createUser(token)
    state.storeUser(next)
    return next
  }
  if (options.initialToken && (await check(options.initialToken))) return adopt(options.initialToken)
  try {
    const fromURL = await getUserFromURL()
    if (fromURL) return fromURL
  } catch (error) {
    ports.logger.error('Signing in from the URL failed', error)
  }
  const key = state.userKey(options.oid)
  const legacy = tokens.getItem(STORAGE_KEYS.legacyUserToken)
  if (legacy !== null) {
    tokens.removeItem(STORAGE_KEYS.legacyUserToken)
    const verdict = await check(legacy)
    if (verdict) return adopt(legacy)
    // Unchecked, it moves to where the per-organization lookup finds it next time.
    if (verdict === undefined && tokens.getItem(key) === null) tokens.setItem(key, legacy)
  }
  const stored = tokens.getItem(key)
  if (stored !== null && stored !== legacy) {
    const verdict = await check(stored)
    if (verdict) return adopt(stored)
    if (verdict === false) tokens.removeItem(key)
  }
  if (outage !== undefined) throw outage
  if (!options.anonymousUsersEnabled) return undefined
  const anonymous = tokens.getItem(state.anonymousKey)
  if (anonymous !== null) {
    const verdict = await check(anonymous)
    if (verdict) return adopt(anonymous)
    // An unchecked anonymous identity is kept, not replaced by a new anonymous person.
    if (verdict === undefined) throw outage
    tokens.removeItem(state.anonymousKey)
  }
  try {
    return await createAnonymousUser()
  } catch (error) {
    ports.logger.error('Creating an anonymous user failed', error)
  }
  return undefined
}

export function createTokenLookup(
  context: ClientContext,
  state: SessionState,
  getUserFromURL: () => Promise<User | undefined>,
): TokenLookup {
  const { options, api, ports } = context
  let starting: Promise<User | undefined> | undefined

  async function isTokenValid(token: string): Promise<boolean> {
    let candidate: User
    try {
      candidate = createUser(token)
    } catch {
      return false
    }
    if (candidate.anonymous && !options.anonymousUsersEnabled) return false
    try {
      return (await api.validateToken(token)).valid
    } catch (error) {
      if (isIdentityError(error) && DEFINITIVELY_INVALID.includes(error.httpStatus ?? 0)) return false
      ports.logger.error('Token validation failed; the token is kept, not trusted', error)
      throw error
    }
  }

  async function createAnonymousUser(): Promise<User> {
    if (!options.anonymousUsersEnabled) throw new IdentityError('invalidActionError', ERROR_MESSAGES.anonymousUsersDisabled)
    const token = await api.createAnonymousPerson({ orgId: requireOid(options.oid) })
    const next = createUser(token)
    if (!next.anonymous) throw new IdentityError('invalidActionError', ERROR_MESSAGES.notAnonymousToken)
    state.storeUser(next)
    return next
  }

  function start() {
    if (!starting) {
      state.setSdkState('retrievingToken')
      starting = lookUp({ context, state, isTokenValid, getUserFromURL, createAnonymousUser }).then(
        (found) => {
          state.setSdkState('ready')
          return found
        },
        (error: unknown) => {
          // Nothing was decided: back to 'loaded', and the next start() asks again.
          starting = undefined
          state.setSdkState('loaded')
          throw error
        },
      )
    }
    return starting
  }

  return { start, isTokenValid, createAnonymousUser }
}
