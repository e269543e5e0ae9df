/**
 * The identity client: SDK state, the current and anonymous users, token storage, and the
 * sign-in operations. Every operation that asks the person for something
 * returns a LoginFlow. The parts live in their own modules; this one puts them together.
 */

import { createChallengeAnswerer } from './challenge-answerer.js'
import { createClientContext } from './client-context.js'
import { ERROR_MESSAGES, IdentityError } from './errors.js'
import type { EventBus, EventName } from './events.js'
import { createFlowRunners } from './flow-runner.js'
import { createHostedLogin } from './hosted-login.js'
import type { LoginFlow } from './login-flow.js'
import type { IdentityOptions, ResolvedOptions } from './options.js'
import type { Ports } from './ports.js'
import { createSessionState, type OrgSwitchingState, type SdkState } from './session-state.js'
import { createSignInReports } from './sign-in-reports.js'
import { createTokenLookup } from './token-lookup.js'
import type { Factor, Handle, TokenValidation } from './types.js'
import { createURLSignIn } from './url-sign-in.js'
import type { User } from './user.js'

export type { OrgSwitchingState, SdkState }

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
   * loaded → retrievingToken → ready: find a token. Runs once; later
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

/** Create the client; the sdkState is 'loaded' once this returns. Throws on invalid options. */
export function createIdentityClient(options: IdentityOptions, ports?: Ports): IdentityClient {
  const context = createClientContext(options, ports)
  const { events, api, options: resolved, ports: platform } = context
  const state = createSessionState(context)
  const reports = createSignInReports(context, state)
  const answer = createChallengeAnswerer(context, reports)
  const getUserFromURL = createURLSignIn(context, state, answer, reports)
  const lookup = createTokenLookup(context, state, () => getUserFromURL())
  const runners = createFlowRunners(context, state, answer, reports, lookup.isTokenValid)
  const hostedLogin = createHostedLogin(context, state, reports)
  state.setSdkState('loaded')
  context.analytics('SlashIDSDKLoaded_v1')

  const client: IdentityClient = {
    get options() {
      return resolved
    },
    get sdkState() {
      return state.sdkState
    },
    get user() {
      return state.user
    },
    get anonymousUser() {
      return state.anonymousUser
    },
    get orgSwitching() {
      return state.orgSwitching
    },
    onChange: (listener) => state.onChange(listener),
    subscribe: (name, handler) => events.subscribe(name, handler),
    publish: (name, payload) => events.publish(name, payload),
    start: () => lookup.start(),
    createLoginFlow: ({ oid } = {}) => runners.idFlow(oid ?? resolved.oid, () => state.anonymousUser?.token),
    identify(handle, factor, { oid } = {}) {
      const flow = client.createLoginFlow({ oid: oid ?? resolved.oid })
      flow.logIn({ handle, factor })
      return flow
    },
    mfa(handle, factor) {
      const current = state.user
      if (!current) {
        const message = state.anonymousUser ? ERROR_MESSAGES.anonymousMfa : 'MFA needs a signed-in user, log in first'
        platform.logger.warn(message)
        throw new IdentityError('invalidActionError', message)
      }
      const flow = runners.idFlow(current.oid ?? resolved.oid, () => state.user?.token)
      flow.logIn({ handle, factor })
      return flow
    },
    recover(handle, factor = { method: 'password' }) {
      const flow = runners.recoveryFlow()
      flow.logIn({ handle, factor })
      return flow
    },
    switchOrganization(oid) {
      const flow = runners.switchFlow(oid)
      flow.logIn({ factor: { method: 'password' } })
      return flow
    },
    getUserFromURL,
    createAnonymousUser: () => lookup.createAnonymousUser(),
    validateToken: (token) => api.validateToken(token),
    logout: () => state.logout(),
    startHostedLogin: (login) => hostedLogin.start(login),
    completeHostedLogin: (url) => hostedLogin.complete(url),
  }
  return client
}

export type { EventName }
