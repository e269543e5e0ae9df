/**
 * Signing in from the page URL: a sign-in link landing (`?challenges=` or `?sidcp=`), or an SSO
 * redirect return (`?challenge_id&code&state`). The URL is hostile input: a link may carry only
 * nonces, answers only a link this browser asked for (pending-links.ts), and must yield the
 * person it was asked for; an SSO return must carry this tab's one-shot state.
 */

import type { ProviderAPI } from './api.js'
import type { AnswerChallenges } from './challenge-answerer.js'
import type { ClientContext } from './client-context.js'
import { STORAGE_KEYS } from './constants.js'
import { ERROR_MESSAGES, IdentityError, toIdentityError } from './errors.js'
import { decodeLinkChallenges, readLinkChallenges } from './link-challenges.js'
import { requireOid } from './options.js'
import { readPageURL, stripPageParams } from './page-url.js'
import { findPendingLink, type PendingLink } from './pending-links.js'
import type { ResolvedPorts } from './ports.js'
import type { SessionState } from './session-state.js'
import type { SignInReports } from './sign-in-reports.js'
import type { Challenge, Factor } from './types.js'
import { createUser, type User } from './user.js'

/** Longest `sidcp` (challenge pack id) URL parameter sent to the provider. */
const MAX_PACK_ID_LENGTH = 256

export type GetUserFromURL = (url?: string, options?: { signal?: AbortSignal }) => Promise<User | undefined>

/** Links this browser waits for that a list of link challenges can answer; refused when none. */
function requirePendingLinks(links: readonly PendingLink[], challenges: readonly Challenge[]): PendingLink[] {
  const methods = challenges.map((challenge) => challenge.authentication_method).filter((method) => method !== undefined)
  const fitting = links.filter((link) => methods.every((method) => method === link.method))
  if (fitting.length === 0) throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.linkNotRequested)
  return fitting
}

/**
 * Run a sign-in from the page URL: its parameters are removed from the address bar whatever
 * happens (a rejected or used link must not run again on reload), and a failure is published.
 */
async function reported(
  { ports, reports }: { ports: ResolvedPorts; reports: SignInReports },
  page: URL,
  names: readonly string[],
  factor: Factor,
  signIn: () => Promise<User>,
): Promise<User> {
  try {
    return await signIn()
  } catch (thrown) {
    const error = toIdentityError(thrown)
    if (error.code !== 'flowCancelled') reports.failed(error, undefined, factor)
    throw error
  } finally {
    stripPageParams(ports, page, names)
  }
}

/** The challenges a link carries, checked; refused before anything is sent when this browser waits for no such link. */
async function linkChallenges(api: ProviderAPI, page: URL, links: readonly PendingLink[], signal: AbortSignal | undefined) {
  const encoded = page.searchParams.get('challenges')
  const packId = page.searchParams.get('sidcp')
  if (encoded !== null && packId !== null) throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.bothURLParams)
  if (encoded !== null) {
    const challenges = decodeLinkChallenges(encoded)
    requirePendingLinks(links, challenges)
    return challenges
  }
  if (packId!.length > MAX_PACK_ID_LENGTH) {
    throw new IdentityError('invalidSlashIDURLParamsError', `The 'sidcp' URL parameter is longer than ${MAX_PACK_ID_LENGTH} characters`)
  }
  requirePendingLinks(links, [])
  return readLinkChallenges(await api.challengePack(packId!, { signal }))
}

export function createURLSignIn(
  context: ClientContext,
  state: SessionState,
  answer: AnswerChallenges,
  reports: SignInReports,
): GetUserFromURL {
  const { api, events, ports } = context
  /** A landing asks the person nothing: it answers nonces or polls. */
  const answerWithoutPrompts = (challenges: readonly Challenge[], factor: Factor, token: string | undefined, signal: AbortSignal | undefined) =>
    answer(challenges, { signal: signal ?? new AbortController().signal, token, handle: undefined, factor, setPrompt: () => {} })

  /** `?challenges=` or `?sidcp=`: only nonces, only for a link this browser asked for, only as that person. */
  async function signInFromLink(page: URL, signal: AbortSignal | undefined): Promise<User> {
    // Read before answering: the tab that asked for the link forgets it once its poll succeeds.
    const links = context.pendingLinks().pending()
    const challenges = await linkChallenges(api, page, links, signal)
    const factor: Factor = { method: (challenges[0]!.authentication_method as Factor['method']) ?? 'email_link' }
    const result = await answerWithoutPrompts(challenges, factor, state.anonymousUser?.token, signal)
    const next = createUser(result.token)
    const bound = findPendingLink(requirePendingLinks(links, challenges), next)
    if (!bound) {
      // A session for someone else, made by this click: end it rather than leave it unused.
      await api.revokeToken(next.token)
      throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.linkForAnotherPerson)
    }
    context.pendingLinks().forget(bound.id)
    state.storeUser(next)
    events.publish('userAuthenticatedFromURL', { token: next.token })
    const last = next.authentications.at(-1)
    const lastFactor: Factor = { method: (last?.method as Factor['method']) ?? factor.method }
    events.publish('idFlowSucceeded', { token: next.token, handle: last?.handle, factor: lastFactor })
    reports.succeeded(next, last?.handle, lastFactor.method)
    return next
  }

  /** SSO redirect return: `?challenge_id&code&state` → check state, /sso/resolve, poll for the token. */
  async function resolveSSOReturn(page: URL, challengeId: string, code: string, signal: AbortSignal | undefined) {
    const store = context.session()
    const csrf = store.getItem(STORAGE_KEYS.csrfToken)
    const verifier = store.getItem(STORAGE_KEYS.pkceCodeVerifier)
    // One-shot, whatever happens next: a forged return must not leave the state for another try.
    store.removeItem(STORAGE_KEYS.csrfToken)
    store.removeItem(STORAGE_KEYS.pkceCodeVerifier)
    if (!csrf || !verifier) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfOrVerifierMissing)
    if (page.searchParams.get('state') !== csrf) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfMismatch)
    const orgId = requireOid(context.options.oid)
    await api.resolveSSO({ challenge_id: challengeId, code, pkce_code_verifier: verifier }, { orgId, signal })
    const proxy: Challenge = { id: challengeId, type: 'proxy', options: { challenge_id: challengeId } }
    const result = await answerWithoutPrompts([proxy], { method: 'oidc' }, undefined, signal)
    const next = createUser(result.token)
    state.storeUser(next)
    events.publish('idFlowSucceeded', { token: next.token, handle: undefined, factor: { method: 'oidc' } })
    reports.succeeded(next, undefined, 'oidc')
    return next
  }

  return async (url, { signal } = {}) => {
    const page = readPageURL(ports, url)
    if (!page) return undefined
    const params = page.searchParams
    if (params.has('challenges') || params.has('sidcp')) {
      return reported({ ports, reports }, page, ['challenges', 'sidcp'], { method: 'email_link' }, () => signInFromLink(page, signal))
    }
    const ssoChallenge = params.get('challenge_id')
    const code = params.get('code')
    if (ssoChallenge && code && params.get('state') !== null) {
      return reported({ ports, reports }, page, ['challenge_id', 'code', 'state'], { method: 'oidc' }, () => resolveSSOReturn(page, ssoChallenge, code, signal))
    }
    return undefined
  }
}
