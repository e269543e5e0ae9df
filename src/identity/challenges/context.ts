/** What a challenge handler gets: the provider, the bus, the ports, and the flow's hooks. */

import type { ProviderAPI } from '../api.js'
import type { FailedPasswordRule } from '../errors.js'
import { IdentityError } from '../errors.js'
import type { EventBus } from '../events.js'
import type { ResolvedOptions } from '../options.js'
import type { PopupLike, ResolvedPorts } from '../ports.js'
import type { Attestation, Challenge, Factor, Handle, PasswordValidationRules } from '../types.js'

/** What the flow is waiting for, for a UI to show. `retrying` is true after a rejected answer. */
export type Prompt =
  | { readonly kind: 'otp'; readonly challengeId: string; readonly method: string | undefined; readonly retrying: boolean }
  | {
      readonly kind: 'totpRegister'
      readonly challengeId: string
      readonly uri: string | undefined
      readonly qrCode: string | undefined
      readonly recoveryCodes: readonly string[] | undefined
      readonly retrying: boolean
    }
  | { readonly kind: 'totpVerify'; readonly challengeId: string; readonly retrying: boolean }
  | {
      readonly kind: 'passwordSet' | 'passwordReset'
      readonly challengeId: string
      readonly rules: PasswordValidationRules | undefined
      /** Rules the last submitted password failed (empty on the first ask). */
      readonly failedRules: readonly FailedPasswordRule[]
      readonly retrying: boolean
    }
  | { readonly kind: 'passwordVerify'; readonly challengeId: string; readonly retrying: boolean }
  /** Waiting for the person to follow a link, or to finish single sign-on. */
  | { readonly kind: 'waiting'; readonly challengeId: string; readonly for: 'link' | 'sso' }
  | { readonly kind: 'webauthn'; readonly challengeId: string; readonly ceremony: 'create' | 'get' }

/** Analytics failure reasons. */
export type FailureReason =
  | 'invalid_password'
  | 'incorrect_password'
  | 'incorrect_otp_code_via_email'
  | 'incorrect_otp_code_via_sms'
  | 'incorrect_otp_code'
  | 'client_side_error'
  | 'recovery_failed'

export interface ChallengeContext {
  readonly api: ProviderAPI
  readonly events: EventBus
  readonly ports: ResolvedPorts
  readonly options: ResolvedOptions
  readonly signal: AbortSignal
  /** Bearer for step-up, MFA and anonymous upgrade. */
  readonly token: string | undefined
  /** The active factor; an authn context update can switch it. */
  factor: Factor
  readonly handle: Handle | undefined
  /** Set by a totp registration, for the recovery-codes screen. */
  recoveryCodes: readonly string[] | undefined
  /** The SSO popup, while one is open. */
  popup: PopupLike | undefined
  /** Send an attestation; returns the token (publishes redirectUriDiscovered for a Location). */
  attest(attestation: Attestation): Promise<string>
  setPrompt(prompt: Prompt | undefined): void
  /** Wait for the app to publish the person's answer. Listen first, then publish the ready event. */
  waitForInput(event: 'otpCodeSubmitted' | 'passwordSubmitted'): Promise<string>
  reportFailure(reason: FailureReason, challengeId: string, detail?: string): void
  /** Record that this browser waits for an e-mail/SMS link of `method`; returns the function that forgets it. */
  expectLink(method: string): () => void
}

/** Answers one challenge; returns the token it produced, if any. */
export type ChallengeHandler = (challenge: Challenge, context: ChallengeContext) => Promise<string | undefined>

/** A wrong code or password: the provider answered 401 for it (not an expiry). */
export function isRejectedAnswer(error: unknown, status: number): boolean {
  return error instanceof IdentityError && error.code === 'apiResponseError' && error.httpStatus === status
}
