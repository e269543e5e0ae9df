/**
 * The identity client: SDK state, the current and anonymous users, token storage, and the
 * sign-in operations (spec 001 §4, §7). Every operation that asks the person for something
 * returns a LoginFlow.
 */

import { createAnalytics } from './analytics.js'
import { createProviderAPI, type ProviderAPI } from './api.js'
import type { FailureReason } from './challenges/context.js'
import { ORG_SWITCH_IN_PROGRESS, STORAGE_KEYS } from './constants.js'
import { codeChallengeS256, createCodeVerifier } from './encoding.js'
import { ERROR_MESSAGES, IdentityError, flowCancelledError, isIdentityError, isProviderOutage, toIdentityError } from './errors.js'
import { createEventBus, type EventBus, type EventName } from './events.js'
import { REACHABLE_HANDLE_TYPES, assertHandleFitsFactor } from './handles-and-factors.js'
import { decodeLinkChallenges, readLinkChallenges } from './link-challenges.js'
import { createLoginFlow, type FlowConfig, type FlowRunner, type LoginFlow } from './login-flow.js'
import { resolveOptions, type IdentityOptions, type ResolvedOptions } from './options.js'
import { createPendingLinks, findPendingLink, type PendingLink, type PendingLinks } from './pending-links.js'
import { resolvePorts, type Ports, type ResolvedPorts, type StorageLike } from './ports.js'
import { answerChallenges, createChallengeContext, createFlowMetadata, factorForWire, type SequenceResult, type SequenceSetup } from './sign-in.js'
import { createSafeStorage, createTokenStorage } from './token-store.js'
import { createTransport } from './transport.js'
import type { Challenge, Factor, Handle, TokenValidation } from './types.js'
import { createUser, decodeTokenPayload, type User } from './user.js'

export type SdkState = 'initial' | 'loaded' | 'retrievingToken' | 'ready'

export type OrgSwitchingState = { readonly state: 'idle' } | { readonly state: 'switching'; readonly oid: string }

export interface IdentityClient {
  readonly options: ResolvedOptions
  readonly sdkState: SdkState
  /** The signed-in (not anonymous) user. */
  readonly user: User | undefined
  readonly anonymousUser: User | undefined
  readonly orgSwitching: OrgSwitchingState
  /** Called after any change of sdkState, user, anonymousUser or orgSwitching. */
  onChange(listener: () => void): () => void
  subscribe: EventBus['subscribe']
  publish: EventBus['publish']
  /**
   * loaded → retrievingToken → ready: find a token (spec 001 §4 lookup order). Runs once; later
   * calls share the result. When the provider cannot say whether a stored token is valid (outage,
   * rate limit — see `retryAfterMs` —, network) it rejects with that error, keeps every stored
   * token, goes back to 'loaded', and the next call looks again.
   */
  start(): Promise<User | undefined>
  /** A flow in 'initial' state, for a UI that calls logIn later. */
  createLoginFlow(options?: { oid?: string }): LoginFlow
  /** Sign in with a handle and a factor; the flow is already authenticating. */
  identify(handle: Handle | undefined, factor: Factor, options?: { oid?: string }): LoginFlow
  /** Step up the signed-in user with another factor. */
  mfa(handle: Handle | undefined, factor: Factor): LoginFlow
  /** Forgot password: recover access with a reachable handle. */
  recover(handle: Handle, factor?: Factor): LoginFlow
  /** Authenticate the current user for another organization. */
  switchOrganization(oid: string): LoginFlow
  /** Sign in from a link landing (`?challenges=` or `?sidcp=`) or an SSO return; undefined if none. */
  getUserFromURL(url?: string, options?: { signal?: AbortSignal }): Promise<User | undefined>
  createAnonymousUser(): Promise<User>
  validateToken(token: string): Promise<TokenValidation>
  logout(): Promise<void>
  /** Redirect to the provider's hosted login page (PKCE S256, CSRF state); returns the URL. */
  startHostedLogin(options: { clientId: string; redirectUri: string }): Promise<string>
  /**
   * On return from hosted login: check the state, exchange the code. Undefined when the page
   * carries neither `code` nor `error`; any failure (the provider's `?error=`, a bad state, a
   * failed exchange) publishes oauthFlowFailed and rejects. The stored transaction is cleared
   * and the return parameters removed from the address bar either way.
   */
  completeHostedLogin(url?: string): Promise<User | undefined>
}

function pageURL(ports: ResolvedPorts, url: string | undefined): URL | undefined {
  const href = url ?? ports.window?.location.href
  if (href === undefined) return undefined
  try {
    return new URL(href)
  } catch {
    throw new IdentityError('invalidSlashIDURLParamsError', `Not a URL: '${href}'`)
  }
}

/** Remove the given query parameters from the address bar (history.replaceState). */
function stripParams(ports: ResolvedPorts, url: URL, names: readonly string[]) {
  const history = ports.window?.history
  if (!history || ports.window?.location.href !== url.href) return
  const clean = new URL(url.href)
  for (const name of names) clean.searchParams.delete(name)
  history.replaceState(null, '', clean.href)
}

/** Answers from `/token/validate` that say the token itself is refused. */
const DEFINITIVELY_INVALID: readonly number[] = [400, 401, 403]

/** Longest `sidcp` (challenge pack id) URL parameter sent to the provider. */
const MAX_PACK_ID_LENGTH = 256

/** Query parameters of a hosted-login return (RFC 6749 §4.1.2, RFC 9207 `iss`), removed once read. */
const HOSTED_LOGIN_RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss']

/** A URL parameter shown in a message: printable ASCII only (no control or bidi characters), capped. */
function shownParam(value: string, max: number): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, max)
}

/** Create the client; the sdkState is 'loaded' once this returns. Throws on invalid options. */
export function createIdentityClient(options: IdentityOptions, ports?: Ports): IdentityClient {
  const resolved = resolveOptions(options)
  const platform = resolvePorts(ports)
  const { logger, clock } = platform
  const events = createEventBus(logger)
  const api: ProviderAPI = createProviderAPI(
    createTransport({ baseURL: resolved.baseURL, fetch: platform.fetch, clock, logger, requestTimeoutMs: resolved.requestTimeoutMs }),
  )
  let sessionStore: StorageLike | undefined
  const session = () => (sessionStore ??= createSafeStorage(platform.sessionStorage, 'sessionStorage', logger))
  const analytics = createAnalytics(api, resolved, platform, session)
  let linkStore: PendingLinks | undefined
  const pendingLinks = () =>
    (linkStore ??= createPendingLinks(
      createSafeStorage(platform.localStorage, 'localStorage', logger),
      STORAGE_KEYS.pendingLinksPrefix + (resolved.oid ?? ''),
      clock,
      platform.crypto,
    ))

  let sdkState: SdkState = 'initial'
  let user: User | undefined
  let anonymousUser: User | undefined
  let orgSwitching: OrgSwitchingState = { state: 'idle' }
  let starting: Promise<User | undefined> | undefined
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of [...listeners]) {
      try {
        listener()
      } catch (error) {
        logger.error('An onChange listener threw', error)
      }
    }
  }

  const storage = createTokenStorage(resolved.tokenStorage, resolved.cookie, {
    localStorage: platform.localStorage,
    document: platform.document,
    clock,
    logger,
  })
  const userKey = (oid: string | undefined) => STORAGE_KEYS.userTokenPrefix + (oid ?? '')
  const anonymousKey = STORAGE_KEYS.anonymousUserTokenPrefix + (resolved.oid ?? '')
  sdkState = 'loaded'
  analytics('SlashIDSDKLoaded_v1')

  function requireOid(oid: string | undefined): string {
    if (!oid) throw new IdentityError('invalidSlashIDConfigurationError', '"oid" is required to sign in')
    return oid
  }

  /**
   * Valid only if the provider says so; anonymous tokens only when anonymous users are on.
   * Throws when the provider could not say (outage, rate limit, network, a malformed answer):
   * only a definitive answer may get a stored token removed, or an outage logs everyone out.
   */
  async function isTokenValid(token: string): Promise<boolean> {
    let candidate: User
    try {
      candidate = createUser(token)
    } catch {
      return false
    }
    if (candidate.anonymous && !resolved.anonymousUsersEnabled) return false
    try {
      return (await api.validateToken(token)).valid
    } catch (error) {
      if (isIdentityError(error) && DEFINITIVELY_INVALID.includes(error.httpStatus ?? 0)) return false
      logger.error('Token validation failed; the token is kept, not trusted', error)
      throw error
    }
  }

  /** Keep a new user: a logged-in user replaces (and removes) the anonymous one. */
  function storeUser(next: User) {
    if (next.anonymous) {
      anonymousUser = next
      storage.setItem(anonymousKey, next.token)
    } else {
      user = next
      storage.setItem(userKey(next.oid ?? resolved.oid), next.token)
      if (anonymousUser || storage.getItem(anonymousKey) !== null) {
        anonymousUser = undefined
        storage.removeItem(anonymousKey)
      }
    }
    changed()
  }

  function reportSuccess(next: User, handle: Handle | undefined, method: string | undefined) {
    analytics('PersonIdentified_v1', { person_id: next.personId })
    analytics('AuthenticationSucceeded_v1', {
      person_id: next.personId,
      success_authn_method: method,
      authenticated_methods: next.authenticatedMethods,
      handle,
    })
  }

  /** Client-side errors go to the private clientSideError event; provider errors to idFlowFailed. */
  function reportFailure(error: IdentityError, handle: Handle | undefined, factor: Factor | undefined) {
    const clientSide = error.httpStatus === undefined && error.code !== 'networkError' && error.code !== 'timeout'
    if (clientSide) events.publish('clientSideError', { error })
    else events.publish('idFlowFailed', { error, handle, factor })
    analytics('AuthenticationFailed_v1', {
      failed_authn_method: factor?.method,
      failure_reason: clientSide ? 'client_side_error' : undefined,
      failure_detail: error.message,
      person_id: user?.personId,
      handle,
    })
  }

  function failureReporter(handle: Handle | undefined, factor: Factor) {
    return (reason: FailureReason, challengeId: string, detail?: string) =>
      analytics('AuthenticationFailed_v1', {
        failed_authn_method: factor.method,
        failure_reason: reason,
        challenge_id: challengeId,
        failure_detail: detail,
        person_id: user?.personId,
        handle,
      })
  }

  async function assertFactorSupported(factor: Factor) {
    if (factor.method !== 'webauthn') return
    if (!platform.credentials) throw new IdentityError('invalidAuthenticationMethodError', ERROR_MESSAGES.webAuthnUnavailable)
    if (factor.options?.attachment === 'platform') {
      const available = (await platform.isUserVerifyingPlatformAuthenticatorAvailable?.()) ?? false
      if (!available) throw new IdentityError('invalidAuthenticationMethodError', ERROR_MESSAGES.noPlatformAuthenticator)
    }
  }

  /** A link this flow waits for is bound to its handle, or for a step-up without one to the bearer's person. */
  function linkExpecter(handle: Handle | undefined, bearer: string | undefined) {
    return (method: string) => {
      let personId: string | undefined
      try {
        const claims = bearer === undefined ? undefined : decodeTokenPayload(bearer)
        personId = typeof claims?.person_id === 'string' ? claims.person_id : undefined
      } catch {
        personId = undefined
      }
      if (!handle && !personId) return () => {}
      return pendingLinks().expect({ method, handle, personId: handle ? undefined : personId, expiresAt: clock.now() + resolved.pollTimeoutMs })
    }
  }

  /** Answer challenges with a fresh context. */
  function answer(
    challenges: readonly Challenge[],
    setup: Pick<SequenceSetup, 'signal' | 'token' | 'handle' | 'factor' | 'setPrompt'>,
  ): Promise<SequenceResult> {
    const context = createChallengeContext({
      api,
      events,
      ports: platform,
      options: resolved,
      ...setup,
      reportFailure: failureReporter(setup.handle, setup.factor),
      expectLink: linkExpecter(setup.handle, setup.token),
    })
    return answerChallenges(challenges, context)
  }

  /**
   * Wrap one sign-in attempt: started/succeeded/failed events, storing the user, and the rule
   * that a cancelled flow is not a login failure.
   */
  function runner(
    kind: 'id' | 'recovery' | 'switch',
    fetchChallenges: (config: FlowConfig, signal: AbortSignal) => Promise<{ challenges?: readonly Challenge[]; token?: string; bearer?: string | undefined }>,
  ): FlowRunner {
    return async ({ handle, factor }, signal, setPrompt) => {
      if (kind === 'id') events.publish('idFlowStarted', { handle, factor })
      if (kind === 'recovery') events.publish('recoveryFlowStarted', { handle: handle!, factor })
      try {
        const start = await fetchChallenges({ handle, factor }, signal)
        const result: SequenceResult = start.token
          ? { token: start.token, recoveryCodes: undefined }
          : await answer(start.challenges ?? [], { signal, token: start.bearer, handle, factor, setPrompt })
        const next = createUser(result.token)
        if (signal.aborted) throw flowCancelledError()
        storeUser(next)
        if (kind === 'recovery') events.publish('recoveryFlowSucceeded', { handle: handle!, factor, token: next.token })
        // A switch has no factor of its own: report the last authentication the token carries.
        const last = kind === 'switch' ? next.authentications.at(-1) : undefined
        const succeeded = last ? { handle: last.handle, factor: { method: last.method as Factor['method'] } } : { handle, factor }
        events.publish('idFlowSucceeded', { token: next.token, ...succeeded })
        reportSuccess(next, succeeded.handle, succeeded.factor.method)
        return { user: next, recoveryCodes: result.recoveryCodes }
      } catch (thrown) {
        const error = toIdentityError(thrown)
        if (signal.aborted || error.code === 'flowCancelled') throw flowCancelledError()
        if (kind === 'recovery') {
          events.publish('recoveryFlowFailed', { handle: handle!, factor, error })
          analytics('AuthenticationFailed_v1', { failed_authn_method: factor.method, failure_reason: 'recovery_failed', failure_detail: error.message, handle })
        }
        reportFailure(error, handle, factor)
        // A failed login logs the person out (spec 001 §4); a failed switch, or a provider that
        // could not answer, keeps the session.
        if (kind !== 'switch' && user && !isProviderOutage(error)) await logout()
        throw error
      }
    }
  }

  function idRunner(oid: string | undefined, bearer: () => string | undefined): FlowRunner {
    return runner('id', async ({ handle, factor }, signal) => {
      const orgId = requireOid(oid)
      const wireFactor = factorForWire(factor, platform)
      assertHandleFitsFactor(handle, factor)
      await assertFactorSupported(factor)
      const metadata = await createFlowMetadata(platform, session())
      const token = bearer()
      const body = handle ? { handle, factor: wireFactor, metadata } : { factor: wireFactor, metadata }
      const challenges = await api.id(body, { orgId, token, signal })
      return { challenges, bearer: token }
    })
  }

  async function logout() {
    const current = user
    if (!current) return
    user = undefined
    storage.removeItem(userKey(current.oid ?? resolved.oid))
    changed()
    analytics('PersonLoggedOut_v1', { person_id: current.personId })
    await api.revokeToken(current.token)
  }

  async function createAnonymousUser(): Promise<User> {
    if (!resolved.anonymousUsersEnabled) throw new IdentityError('invalidActionError', ERROR_MESSAGES.anonymousUsersDisabled)
    const token = await api.createAnonymousPerson({ orgId: requireOid(resolved.oid) })
    const next = createUser(token)
    if (!next.anonymous) throw new IdentityError('invalidActionError', ERROR_MESSAGES.notAnonymousToken)
    storeUser(next)
    return next
  }

  async function getUserFromURL(url?: string, { signal }: { signal?: AbortSignal } = {}): Promise<User | undefined> {
    const page = pageURL(platform, url)
    if (!page) return undefined
    const params = page.searchParams
    if (params.has('challenges') || params.has('sidcp')) {
      return reported(page, ['challenges', 'sidcp'], { method: 'email_link' }, () => signInFromLink(page, signal))
    }
    const ssoChallenge = params.get('challenge_id')
    const code = params.get('code')
    if (ssoChallenge && code && params.get('state') !== null) {
      return reported(page, ['challenge_id', 'code', 'state'], { method: 'oidc' }, () => resolveSSOReturn(page, ssoChallenge, code, signal))
    }
    return undefined
  }

  /**
   * Run a sign-in from the page URL: its parameters are removed from the address bar whatever
   * happens (a rejected or used link must not run again on reload), and a failure is published.
   */
  async function reported(page: URL, names: readonly string[], factor: Factor, signIn: () => Promise<User>): Promise<User> {
    try {
      return await signIn()
    } catch (thrown) {
      const error = toIdentityError(thrown)
      if (error.code !== 'flowCancelled') reportFailure(error, undefined, factor)
      throw error
    } finally {
      stripParams(platform, page, names)
    }
  }

  /** Links this browser waits for that a list of link challenges can answer; refused when none. */
  function requirePendingLinks(links: readonly PendingLink[], challenges: readonly Challenge[]): PendingLink[] {
    const methods = challenges.map((challenge) => challenge.authentication_method).filter((method) => method !== undefined)
    const fitting = links.filter((link) => methods.every((method) => method === link.method))
    if (fitting.length === 0) throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.linkNotRequested)
    return fitting
  }

  /** `?challenges=` or `?sidcp=`: only nonces, only for a link this browser asked for, only as that person. */
  async function signInFromLink(page: URL, signal: AbortSignal | undefined): Promise<User> {
    const encoded = page.searchParams.get('challenges')
    const packId = page.searchParams.get('sidcp')
    if (encoded !== null && packId !== null) throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.bothURLParams)
    // Read before answering: the tab that asked for the link forgets it once its poll succeeds.
    const links = pendingLinks().pending()
    let challenges: readonly Challenge[]
    if (encoded !== null) {
      challenges = decodeLinkChallenges(encoded)
      requirePendingLinks(links, challenges)
    } else {
      if (packId!.length > MAX_PACK_ID_LENGTH) {
        throw new IdentityError('invalidSlashIDURLParamsError', `The 'sidcp' URL parameter is longer than ${MAX_PACK_ID_LENGTH} characters`)
      }
      requirePendingLinks(links, [])
      challenges = readLinkChallenges(await api.challengePack(packId!, { signal }))
    }
    const factor: Factor = { method: (challenges[0]!.authentication_method as Factor['method']) ?? 'email_link' }
    const result = await answer(challenges, {
      signal: signal ?? new AbortController().signal,
      token: anonymousUser?.token,
      handle: undefined,
      factor,
      setPrompt: () => {},
    })
    const next = createUser(result.token)
    const bound = findPendingLink(requirePendingLinks(links, challenges), next)
    if (!bound) {
      // A session for someone else, made by this click: end it rather than leave it unused.
      await api.revokeToken(next.token)
      throw new IdentityError('invalidSlashIDURLParamsError', ERROR_MESSAGES.linkForAnotherPerson)
    }
    pendingLinks().forget(bound.id)
    storeUser(next)
    events.publish('userAuthenticatedFromURL', { token: next.token })
    const last = next.authentications.at(-1)
    const lastFactor: Factor = { method: (last?.method as Factor['method']) ?? factor.method }
    events.publish('idFlowSucceeded', { token: next.token, handle: last?.handle, factor: lastFactor })
    reportSuccess(next, last?.handle, lastFactor.method)
    return next
  }

  /** SSO redirect return: `?challenge_id&code&state` → check state, /sso/resolve, poll for the token. */
  async function resolveSSOReturn(page: URL, challengeId: string, code: string, signal: AbortSignal | undefined) {
    const store = session()
    const csrf = store.getItem(STORAGE_KEYS.csrfToken)
    const verifier = store.getItem(STORAGE_KEYS.pkceCodeVerifier)
    // One-shot, whatever happens next: a forged return must not leave the state for another try.
    store.removeItem(STORAGE_KEYS.csrfToken)
    store.removeItem(STORAGE_KEYS.pkceCodeVerifier)
    if (!csrf || !verifier) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfOrVerifierMissing)
    if (page.searchParams.get('state') !== csrf) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfMismatch)
    const orgId = requireOid(resolved.oid)
    await api.resolveSSO({ challenge_id: challengeId, code, pkce_code_verifier: verifier }, { orgId, signal })
    const result = await answer([{ id: challengeId, type: 'proxy', options: { challenge_id: challengeId } }], {
      signal: signal ?? new AbortController().signal,
      token: undefined,
      handle: undefined,
      factor: { method: 'oidc' },
      setPrompt: () => {},
    })
    const next = createUser(result.token)
    storeUser(next)
    events.publish('idFlowSucceeded', { token: next.token, handle: undefined, factor: { method: 'oidc' } })
    reportSuccess(next, undefined, 'oidc')
    return next
  }

  /** Spec 001 §4 lookup order. Rejects, keeping every stored token, when a check could not be made. */
  async function lookUpToken(): Promise<User | undefined> {
    let outage: unknown
    /** true/false from the provider, undefined when it could not say (the error is kept). */
    const check = (token: string) =>
      isTokenValid(token).catch((error: unknown) => {
        outage ??= error
        return undefined
      })
    const adopt = (token: string) => {
      const next = createUser(token)
      storeUser(next)
      return next
    }
    if (resolved.initialToken && (await check(resolved.initialToken))) return adopt(resolved.initialToken)
    try {
      const fromURL = await getUserFromURL()
      if (fromURL) return fromURL
    } catch (error) {
      logger.error('Signing in from the URL failed', error)
    }
    const key = userKey(resolved.oid)
    const legacy = storage.getItem(STORAGE_KEYS.legacyUserToken)
    if (legacy !== null) {
      storage.removeItem(STORAGE_KEYS.legacyUserToken)
      const verdict = await check(legacy)
      if (verdict) return adopt(legacy)
      // Unchecked, it moves to where the per-organization lookup finds it next time.
      if (verdict === undefined && storage.getItem(key) === null) storage.setItem(key, legacy)
    }
    const stored = storage.getItem(key)
    if (stored !== null && stored !== legacy) {
      const verdict = await check(stored)
      if (verdict) return adopt(stored)
      if (verdict === false) storage.removeItem(key)
    }
    if (outage !== undefined) throw outage
    if (!resolved.anonymousUsersEnabled) return undefined
    const anonymous = storage.getItem(anonymousKey)
    if (anonymous !== null) {
      const verdict = await check(anonymous)
      if (verdict) return adopt(anonymous)
      // An unchecked anonymous identity is kept, not replaced by a new anonymous person.
      if (verdict === undefined) throw outage
      storage.removeItem(anonymousKey)
    }
    try {
      return await createAnonymousUser()
    } catch (error) {
      logger.error('Creating an anonymous user failed', error)
    }
    return undefined
  }

  /** The hosted-login return: check the state, then the provider's error or the code exchange. */
  async function exchangeHostedLoginCode(
    params: URLSearchParams,
    stored: { state: string | null; verifier: string | null; clientId: string | null; redirectUri: string | null },
  ): Promise<User> {
    if (!stored.state || !stored.verifier) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfOrVerifierMissing)
    if (params.get('state') !== stored.state) throw new IdentityError('invalidActionError', ERROR_MESSAGES.csrfMismatch)
    const denied = params.get('error')
    if (denied !== null) {
      const code = shownParam(denied, 64)
      const description = params.get('error_description')
      const detail = description ? ` (${shownParam(description, 200)})` : ''
      throw new IdentityError('apiResponseError', `${ERROR_MESSAGES.ssoUnsuccessful}: ${code}${detail}`, { serverMessage: code })
    }
    if (!stored.clientId || !stored.redirectUri) throw new IdentityError('invalidActionError', ERROR_MESSAGES.clientIdOrRedirectMissing)
    let tokens: Record<string, unknown>
    try {
      const form = {
        client_id: stored.clientId,
        code: params.get('code') ?? '',
        code_verifier: stored.verifier,
        grant_type: 'authorization_code',
        redirect_uri: stored.redirectUri,
      }
      tokens = await api.exchangeCode(form, {})
    } catch (error) {
      throw new IdentityError('apiResponseError', ERROR_MESSAGES.noAccessToken, { cause: error })
    }
    if (typeof tokens.id_token !== 'string') throw new IdentityError('apiResponseError', ERROR_MESSAGES.noAccessToken)
    return createUser(tokens.id_token)
  }

  const client: IdentityClient = {
    get options() {
      return resolved
    },
    get sdkState() {
      return sdkState
    },
    get user() {
      return user
    },
    get anonymousUser() {
      return anonymousUser
    },
    get orgSwitching() {
      return orgSwitching
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    subscribe: (name, handler) => events.subscribe(name, handler),
    publish: (name, payload) => events.publish(name, payload),

    start() {
      if (!starting) {
        sdkState = 'retrievingToken'
        changed()
        starting = lookUpToken().then(
          (found) => {
            sdkState = 'ready'
            changed()
            return found
          },
          (error: unknown) => {
            // Nothing was decided: back to 'loaded', and the next start() asks again.
            starting = undefined
            sdkState = 'loaded'
            changed()
            throw error
          },
        )
      }
      return starting
    },

    createLoginFlow({ oid } = {}) {
      return createLoginFlow(events, idRunner(oid ?? resolved.oid, () => anonymousUser?.token))
    },

    identify(handle, factor, { oid } = {}) {
      const flow = client.createLoginFlow({ oid: oid ?? resolved.oid })
      flow.logIn({ handle, factor })
      return flow
    },

    mfa(handle, factor) {
      const current = user
      if (!current) {
        logger.warn(anonymousUser ? ERROR_MESSAGES.anonymousMfa : 'MFA needs a signed-in user, log in first')
        throw new IdentityError('invalidActionError', anonymousUser ? ERROR_MESSAGES.anonymousMfa : 'MFA needs a signed-in user, log in first')
      }
      const flow = createLoginFlow(events, idRunner(current.oid ?? resolved.oid, () => user?.token))
      flow.logIn({ handle, factor })
      return flow
    },

    recover(handle, factor = { method: 'password' }) {
      const flow = createLoginFlow(
        events,
        runner('recovery', async (config, signal) => {
          const orgId = requireOid(resolved.oid)
          if (config.handle?.type === 'username') {
            throw new IdentityError('recoverNonReachableHandleType', ERROR_MESSAGES.usernameNotReachable)
          }
          if (!config.handle || !REACHABLE_HANDLE_TYPES.includes(config.handle.type)) {
            throw new IdentityError('recoverNonReachableHandleType', ERROR_MESSAGES.recoveryNeedsReachableHandle)
          }
          if (config.factor.method !== 'password') {
            throw new IdentityError('invalidAuthenticationMethodError', `Recovery needs the 'password' factor, got '${config.factor.method}'`)
          }
          const challenges = await api.recover({ handle: config.handle, factor: { method: 'password' } }, { orgId, signal })
          return { challenges }
        }),
      )
      flow.logIn({ handle, factor })
      return flow
    },

    switchOrganization(oid) {
      const flow = createLoginFlow(
        events,
        runner('switch', async (_config, signal) => {
          const current = user
          if (!current) throw new IdentityError('invalidActionError', 'Switching organization needs a signed-in user, log in first')
          orgSwitching = { state: 'switching', oid }
          session().setItem(STORAGE_KEYS.orgSwitching, ORG_SWITCH_IN_PROGRESS)
          changed()
          try {
            const stored = storage.getItem(userKey(oid))
            if (stored !== null) {
              if (await isTokenValid(stored)) return { token: stored }
              storage.removeItem(userKey(oid))
            }
            const metadata = await createFlowMetadata(platform, session())
            const answer = await api.tokenForOrganization(metadata, { orgId: oid, token: current.token, signal })
            return answer.type === 'token' ? { token: answer.token } : { challenges: answer.challenges, bearer: current.token }
          } catch (error) {
            endSwitch()
            throw error
          }
        }),
      )
      const endSwitch = () => {
        if (orgSwitching.state === 'idle') return
        orgSwitching = { state: 'idle' }
        session().removeItem(STORAGE_KEYS.orgSwitching)
        changed()
      }
      flow.subscribe((state) => {
        if (state.status !== 'authenticating') endSwitch()
      })
      flow.logIn({ factor: { method: 'password' } })
      return flow
    },

    getUserFromURL,
    createAnonymousUser,
    validateToken: (token) => api.validateToken(token),
    logout,

    async startHostedLogin({ clientId, redirectUri }) {
      const store = session()
      const state = platform.crypto.randomUUID()
      const verifier = createCodeVerifier(platform.crypto)
      store.setItem(STORAGE_KEYS.csrfToken, state)
      store.setItem(STORAGE_KEYS.pkceCodeVerifier, verifier)
      store.setItem(STORAGE_KEYS.oidcClientId, clientId)
      store.setItem(STORAGE_KEYS.oidcRedirectURI, redirectUri)
      const url = new URL('/oauth2/authorize', resolved.baseURL)
      url.search = new URLSearchParams({
        redirect_uri: redirectUri,
        client_id: clientId,
        response_type: 'code',
        state,
        scope: 'openid',
        code_challenge: await codeChallengeS256(platform.crypto, verifier),
        code_challenge_method: 'S256',
      }).toString()
      events.publish('oauthFlowStarted', { url: url.href })
      platform.window?.location.assign(url.href)
      return url.href
    },

    async completeHostedLogin(url) {
      const page = pageURL(platform, url)
      if (!page || (!page.searchParams.has('code') && !page.searchParams.has('error'))) return undefined
      const store = session()
      const stored = {
        state: store.getItem(STORAGE_KEYS.csrfToken),
        verifier: store.getItem(STORAGE_KEYS.pkceCodeVerifier),
        clientId: store.getItem(STORAGE_KEYS.oidcClientId),
        redirectUri: store.getItem(STORAGE_KEYS.oidcRedirectURI),
      }
      // One-shot: the stored transaction is cleared before the exchange, whatever happens next.
      for (const key of [STORAGE_KEYS.csrfToken, STORAGE_KEYS.pkceCodeVerifier, STORAGE_KEYS.oidcClientId, STORAGE_KEYS.oidcRedirectURI]) {
        store.removeItem(key)
      }
      try {
        const next = await exchangeHostedLoginCode(page.searchParams, stored)
        storeUser(next)
        events.publish('idFlowSucceeded', { token: next.token, handle: undefined, factor: { method: 'oidc' } })
        reportSuccess(next, undefined, 'oidc')
        return next
      } catch (thrown) {
        const error = toIdentityError(thrown)
        events.publish('oauthFlowFailed', { error })
        throw error
      } finally {
        stripParams(platform, page, HOSTED_LOGIN_RETURN_PARAMS)
      }
    },
  }
  return client
}

export type { EventName }
