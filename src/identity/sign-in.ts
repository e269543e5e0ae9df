/**
 * The sign-in sequence: `POST /id/v2` (or `/recover`, `/token/v2`, a challenge
 * pack…) returns challenges; each is answered in order by its handler; the token of the last
 * answered challenge is the result.
 */

import { CHALLENGE_HANDLERS } from './challenges/index.js'
import type { ChallengeContext } from './challenges/context.js'
import { STORAGE_KEYS } from './constants.js'
import { codeChallengeS256, createCodeVerifier } from './encoding.js'
import { ERROR_MESSAGES, IdentityError } from './errors.js'
import { isHttpURL } from './options.js'
import type { ResolvedPorts, StorageLike } from './ports.js'
import type { Challenge, Factor } from './types.js'
import { waitFor } from './wait.js'

/** Fields the wire carries per factor method; everything else is dropped. */
const WIRE_FIELDS: Record<string, readonly string[]> = {
  email_link: ['redirect_target'],
  sms_link: ['redirect_target'],
  otp_via_email: [],
  otp_via_sms: [],
  password: [],
  totp: [],
  webauthn: ['scope', 'available_credential_ids', 'attachment', 'user_verification', 'resident_key', 'attestation'],
  oidc: ['client_id', 'provider', 'ux_mode', 'redirect_target', 'requires_groups', 'pkce_code_challenge', 'csrf_token'],
  saml: ['provider_credentials_id', 'ux_mode', 'redirect_target', 'requires_groups', 'pkce_code_challenge', 'csrf_token'],
}

function currentPage(ports: ResolvedPorts): URL | undefined {
  try {
    return ports.window ? new URL(ports.window.location.href) : undefined
  } catch {
    return undefined
  }
}

/**
 * The factor as `POST /id/v2` sends it: `options` repeats `method`, carries only the known fields,
 * and gets the wire's defaults. Throws before anything is sent for an unknown
 * method, an unsupported ux_mode or a redirect target that is not http/https.
 */
export function factorForWire(factor: Factor, ports: ResolvedPorts): { method: string; options: Record<string, unknown> } {
  const fields = Object.hasOwn(WIRE_FIELDS, factor.method) ? WIRE_FIELDS[factor.method] : undefined
  if (!fields) {
    throw new IdentityError('invalidAuthenticationMethodError', `Unknown authentication method '${String(factor.method)}'`)
  }
  const given = factor.options ?? {}
  const options: Record<string, unknown> = { method: factor.method }
  for (const field of fields) if (given[field] !== undefined) options[field] = given[field]

  if (factor.method === 'webauthn') {
    options.scope ??= currentPage(ports)?.hostname
    options.attachment ??= 'any'
    options.user_verification ??= 'preferred'
    options.resident_key ??= 'preferred'
    options.attestation ??= 'none'
  }
  if (factor.method === 'oidc' || factor.method === 'saml') {
    options.ux_mode ??= 'popup'
    if (options.ux_mode !== 'popup' && options.ux_mode !== 'redirect') {
      throw new IdentityError('invalidActionError', `unsupported ux_mode '${String(options.ux_mode)}', use 'popup' or 'redirect'`)
    }
    if (options.ux_mode === 'redirect') {
      options.redirect_target ??= currentPage(ports)?.href
      if (!isHttpURL(options.redirect_target)) {
        throw new IdentityError(
          'invalidActionError',
          `Redirect mode needs an http or https redirect_target, got '${String(options.redirect_target)}'`,
        )
      }
    }
  }
  if (options.redirect_target !== undefined && !isHttpURL(options.redirect_target)) {
    throw new IdentityError('invalidActionError', `redirect_target must be an http or https URL, got '${String(options.redirect_target)}'`)
  }
  return { method: factor.method, options }
}

/**
 * A fresh CSRF token (UUID) and PKCE pair for `POST /id/v2` metadata; the token and the verifier
 * are kept in session storage for the SSO return.
 */
export async function createFlowMetadata(
  ports: ResolvedPorts,
  session: StorageLike,
): Promise<{ csrf_token: string; pkce_code_challenge: string }> {
  const csrf = ports.crypto.randomUUID()
  const verifier = createCodeVerifier(ports.crypto)
  session.setItem(STORAGE_KEYS.csrfToken, csrf)
  session.setItem(STORAGE_KEYS.pkceCodeVerifier, verifier)
  return { csrf_token: csrf, pkce_code_challenge: await codeChallengeS256(ports.crypto, verifier) }
}

/** What one sequence needs; the rest of a ChallengeContext is built from it. */
export type SequenceSetup = Pick<
  ChallengeContext,
  'api' | 'events' | 'ports' | 'options' | 'signal' | 'token' | 'handle' | 'factor' | 'setPrompt' | 'reportFailure' | 'expectLink'
>

export function createChallengeContext(setup: SequenceSetup): ChallengeContext {
  const { api, events, ports, options, signal, token } = setup
  return {
    api,
    events,
    ports,
    options,
    signal,
    token,
    factor: setup.factor,
    handle: setup.handle,
    recoveryCodes: undefined,
    popup: undefined,
    setPrompt: setup.setPrompt,
    reportFailure: setup.reportFailure,
    expectLink: setup.expectLink,
    async attest(attestation) {
      const answer = await api.attest(attestation, { token, signal })
      if (answer.location) events.publish('redirectUriDiscovered', { redirectUri: answer.location })
      return answer.token
    },
    waitForInput(event) {
      return waitFor<string>(ports.clock, options.inputTimeoutMs, 'inputTimeout', signal, (resolve) =>
        events.subscribe(event, (value) => resolve(typeof value === 'string' ? value : String(value ?? ''))),
      )
    },
  }
}

export interface SequenceResult {
  readonly token: string
  /** From a totp registration: shown on the recovery-codes screen. */
  readonly recoveryCodes: readonly string[] | undefined
}

/** Answer `challenges` in order; the last token produced is the result. */
export async function answerChallenges(challenges: readonly Challenge[], context: ChallengeContext): Promise<SequenceResult> {
  let token: string | undefined
  try {
    for (const challenge of challenges) {
      const handler = Object.hasOwn(CHALLENGE_HANDLERS, challenge.type) ? CHALLENGE_HANDLERS[challenge.type] : undefined
      if (!handler) {
        context.ports.logger.warn(`Unhandled challenge type '${challenge.type}' ignored; update the SDK to handle it`)
        continue
      }
      token = (await handler(challenge, context)) ?? token
    }
  } finally {
    context.setPrompt(undefined)
    if (context.popup && !context.popup.closed) context.popup.close()
  }
  if (!token) throw new IdentityError('apiResponseError', ERROR_MESSAGES.noUserToken)
  return { token, recoveryCodes: context.recoveryCodes }
}
