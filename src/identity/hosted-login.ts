/**
 * The provider's hosted login page: start stores a one-shot CSRF state, PKCE
 * verifier, client id and redirect URI and navigates to `/oauth2/authorize`; the return checks
 * the state and exchanges the code, or reports the provider's `?error=`. Every return clears the
 * stored transaction and removes its parameters from the address bar.
 */

import type { ClientContext } from './client-context.js'
import { STORAGE_KEYS } from './constants.js'
import { codeChallengeS256, createCodeVerifier } from './encoding.js'
import { ERROR_MESSAGES, IdentityError, toIdentityError } from './errors.js'
import { readPageURL, stripPageParams } from './page-url.js'
import type { SessionState } from './session-state.js'
import type { SignInReports } from './sign-in-reports.js'
import { createUser, type User } from './user.js'

/** Query parameters of a hosted-login return (RFC 6749 §4.1.2, RFC 9207 `iss`), removed once read. */
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss']

const TRANSACTION_KEYS = [STORAGE_KEYS.csrfToken, STORAGE_KEYS.pkceCodeVerifier, STORAGE_KEYS.oidcClientId, STORAGE_KEYS.oidcRedirectURI]

interface Transaction {
  readonly state: string | null
  readonly verifier: string | null
  readonly clientId: string | null
  readonly redirectUri: string | null
}

/** A URL parameter shown in a message: printable ASCII only (no control or bidi characters), capped. */
function shownParam(value: string, max: number): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, max)
}

export interface HostedLogin {
  start(options: { clientId: string; redirectUri: string }): Promise<string>
  complete(url?: string): Promise<User | undefined>
}

export function createHostedLogin(context: ClientContext, state: SessionState, reports: SignInReports): HostedLogin {
  const { api, events, ports, options } = context

  /** Check the state, then the provider's error or the code exchange. */
  async function exchange(params: URLSearchParams, stored: Transaction): Promise<User> {
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

  return {
    async start({ clientId, redirectUri }) {
      const store = context.session()
      const csrf = ports.crypto.randomUUID()
      const verifier = createCodeVerifier(ports.crypto)
      store.setItem(STORAGE_KEYS.csrfToken, csrf)
      store.setItem(STORAGE_KEYS.pkceCodeVerifier, verifier)
      store.setItem(STORAGE_KEYS.oidcClientId, clientId)
      store.setItem(STORAGE_KEYS.oidcRedirectURI, redirectUri)
      const url = new URL('/oauth2/authorize', options.baseURL)
      url.search = new URLSearchParams({
        redirect_uri: redirectUri,
        client_id: clientId,
        response_type: 'code',
        state: csrf,
        scope: 'openid',
        code_challenge: await codeChallengeS256(ports.crypto, verifier),
        code_challenge_method: 'S256',
      }).toString()
      events.publish('oauthFlowStarted', { url: url.href })
      ports.window?.location.assign(url.href)
      return url.href
    },

    async complete(url) {
      const page = readPageURL(ports, url)
      if (!page || (!page.searchParams.has('code') && !page.searchParams.has('error'))) return undefined
      const store = context.session()
      const [csrf = null, verifier = null, clientId = null, redirectUri = null] = TRANSACTION_KEYS.map((key) => store.getItem(key))
      // One-shot: the stored transaction is cleared before the exchange, whatever happens next.
      for (const key of TRANSACTION_KEYS) store.removeItem(key)
      try {
        const next = await exchange(page.searchParams, { state: csrf, verifier, clientId, redirectUri })
        state.storeUser(next)
        events.publish('idFlowSucceeded', { token: next.token, handle: undefined, factor: { method: 'oidc' } })
        reports.succeeded(next, undefined, 'oidc')
        return next
      } catch (thrown) {
        const error = toIdentityError(thrown)
        events.publish('oauthFlowFailed', { error })
        throw error
      } finally {
        stripPageParams(ports, page, RETURN_PARAMS)
      }
    },
  }
}
