/** One function per provider call, on top of the transport. */

import { ERROR_MESSAGES, IdentityError, isIdentityError } from './errors.js'
import type { ProviderResponse, Transport } from './transport.js'
import type { Attestation, Challenge, Factor, Handle, TokenValidation } from './types.js'

export interface IdRequestBody {
  readonly handle?: Handle | undefined
  readonly factor: { readonly method: string; readonly options: Readonly<Record<string, unknown>> }
  readonly metadata: { readonly csrf_token: string; readonly pkce_code_challenge: string }
}

export interface CallContext {
  readonly orgId?: string | undefined
  /** Bearer: the current token in step-up, MFA and anonymous upgrade. */
  readonly token?: string | undefined
  readonly signal?: AbortSignal | undefined
}

export interface AttestationAnswer {
  readonly token: string
  /** The `Location` header, when the provider sent one (a redirect URI discovered). */
  readonly location: string | undefined
}

export type TokenForOrgAnswer =
  | { readonly type: 'token'; readonly token: string }
  | { readonly type: 'challenge_list'; readonly challenges: readonly Challenge[] }

export interface ProviderAPI {
  id(body: IdRequestBody, context: CallContext): Promise<readonly Challenge[]>
  attest(attestation: Attestation, context: CallContext): Promise<AttestationAnswer>
  /** Raw answer: the caller reads the 202 convention. */
  challenge(challengeId: string, context: CallContext): Promise<ProviderResponse>
  challengePack(packId: string, context: CallContext): Promise<readonly Challenge[]>
  recover(body: { handle: Handle; factor: Factor }, context: CallContext): Promise<readonly Challenge[]>
  tokenForOrganization(metadata: IdRequestBody['metadata'], context: CallContext): Promise<TokenForOrgAnswer>
  validateToken(token: string, context?: CallContext): Promise<TokenValidation>
  revokeToken(token: string): Promise<void>
  createAnonymousPerson(context: CallContext): Promise<string>
  sendAnalytics(event: Record<string, unknown>): Promise<void>
  resolveSSO(body: { challenge_id: string; code: string; pkce_code_verifier: string }, context: CallContext): Promise<void>
  exchangeCode(form: Record<string, string>, context: CallContext): Promise<Record<string, unknown>>
}

function challengeList(result: unknown, what: string): readonly Challenge[] {
  if (result === undefined || result === null) {
    throw new IdentityError('apiResponseError', ERROR_MESSAGES.noChallenges)
  }
  if (!Array.isArray(result) || !result.every((c) => typeof c?.id === 'string' && typeof c?.type === 'string')) {
    throw new IdentityError('apiResponseError', `${ERROR_MESSAGES.errorFetchingChallenges}: ${what} did not return a challenge list`)
  }
  return result as Challenge[]
}

export function createProviderAPI(send: Transport): ProviderAPI {
  return { ...signInCalls(send), ...tokenCalls(send), ...otherCalls(send) }
}

/** The calls of a sign-in: a handle and factor in, challenges out, answers attested. */
function signInCalls(send: Transport): Pick<ProviderAPI, 'id' | 'attest' | 'challenge' | 'challengePack' | 'recover'> {
  return {
    async id(body, { orgId, token, signal }) {
      const response = await send({ method: 'POST', path: '/id/v2', body, orgId, token, signal, retry: true })
      return challengeList(response.envelope.result, 'POST /id/v2')
    },

    async attest(attestation, { token, signal }) {
      let resent = false
      let response: ProviderResponse
      try {
        const onResend = () => void (resent = true)
        response = await send({ method: 'POST', path: '/attestation/v3', body: attestation, token, signal, retry: true, onResend })
      } catch (error) {
        // A 409 on a re-send: the provider took the first try, whose reply was lost, so the
        // challenge is used up. Not a wrong answer and not "something went wrong": start again.
        if (resent && isIdentityError(error) && error.httpStatus === 409) {
          throw new IdentityError('timeout', ERROR_MESSAGES.answerLost, { httpStatus: 409, serverMessage: error.serverMessage, reason: 'answerLost', cause: error })
        }
        throw error
      }
      const result = response.envelope.result as { token?: unknown } | undefined
      if (typeof result?.token !== 'string' || result.token === '') {
        throw new IdentityError('apiResponseError', ERROR_MESSAGES.noUserToken)
      }
      return { token: result.token, location: response.headers.get('Location') ?? undefined }
    },

    challenge(challengeId, { token, signal }) {
      return send({ method: 'GET', path: `/challenge/${encodeURIComponent(challengeId)}/v2`, token, signal, retry: true })
    },

    async challengePack(packId, { signal }) {
      const path = `/challenge_pack/${encodeURIComponent(packId)}`
      const response = await send({ method: 'GET', path, signal, retry: true })
      return challengeList(response.envelope.result, `GET ${path}`)
    },

    async recover(body, { orgId, signal }) {
      const response = await send({ method: 'POST', path: '/recover', body, orgId, signal, retry: true })
      return challengeList(response.envelope.result, 'POST /recover')
    },
  }
}

/** The calls on a token the person already holds. */
function tokenCalls(send: Transport): Pick<ProviderAPI, 'tokenForOrganization' | 'validateToken' | 'revokeToken'> {
  return {
    async tokenForOrganization(metadata, { orgId, token, signal }) {
      const response = await send({ method: 'POST', path: '/token/v2', body: { metadata }, orgId, token, signal })
      const result = response.envelope.result as Record<string, unknown> | undefined
      if (result?.type === 'token' && typeof result.token === 'string') return { type: 'token', token: result.token }
      if (result?.type === 'challenge_list') {
        return { type: 'challenge_list', challenges: challengeList(result.challenges, 'POST /token/v2') }
      }
      throw new IdentityError('apiResponseError', 'POST /token/v2 returned neither a token nor a challenge list')
    },

    async validateToken(token, context = {}) {
      const response = await send({ method: 'POST', path: '/token/validate', body: { token }, token, signal: context.signal })
      const result = response.envelope.result as TokenValidation | undefined
      if (typeof result?.valid !== 'boolean') {
        throw new IdentityError('apiResponseError', 'POST /token/validate did not say whether the token is valid')
      }
      return result
    },

    async revokeToken(token) {
      try {
        await send({ method: 'POST', path: '/token/revoke', body: { token }, token })
      } catch {
        // Revocation errors are swallowed: logging out locally must always work.
      }
    },
  }
}

/** Anonymous persons, analytics, SSO and the OAuth 2 code exchange. */
function otherCalls(send: Transport): Pick<ProviderAPI, 'createAnonymousPerson' | 'sendAnalytics' | 'resolveSSO' | 'exchangeCode'> {
  return {
    async createAnonymousPerson({ orgId, signal }) {
      const response = await send({
        method: 'POST',
        path: '/persons/anonymous',
        body: {},
        orgId,
        signal,
        versionHeader: false,
        retry: true,
      })
      const token = response.envelope.result
      if (typeof token !== 'string') throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenNotString)
      return token
    },

    async sendAnalytics(event) {
      await send({ method: 'POST', path: '/actions/sdk', body: event, versionHeader: false, keepalive: true })
    },

    async resolveSSO(body, { orgId, signal }) {
      await send({ method: 'POST', path: '/sso/resolve', body, orgId, signal, versionHeader: false })
    },

    async exchangeCode(form, { signal }) {
      const response = await send({ method: 'POST', path: '/oauth2/tokens', form, signal })
      const body = response.body
      if (typeof body !== 'object' || body === null) throw new IdentityError('apiResponseError', ERROR_MESSAGES.noAccessToken)
      return body as Record<string, unknown>
    },
  }
}
