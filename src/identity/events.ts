/**
 * The event bus with the exact event names the provider's SDK publishes (EVENT_NAMES). Publishing or subscribing to a name
 * not in the list throws; a subscriber that throws is logged and does not stop the others or the
 * flow that published.
 */

import type { FailedPasswordRule, IdentityError } from './errors.js'
import type { Logger } from './ports.js'
import type { Factor, Handle, PasswordValidationRules } from './types.js'

export const EVENT_NAMES = [
  'idFlowStarted',
  'idFlowSucceeded',
  'idFlowFailed',
  'flowCancelled',
  'recoveryFlowStarted',
  'recoveryFlowSucceeded',
  'recoveryFlowFailed',
  'oauthFlowStarted',
  'oauthFlowFailed',
  'popupFailed',
  'otpCodeSent',
  'otpSmsSent',
  'otpCodeSubmitted',
  'totpKeyGenerated',
  'totpCodeRequested',
  'passwordSetReady',
  'passwordVerifyReady',
  'passwordResetReady',
  'invalidPasswordSubmitted',
  'incorrectPasswordSubmitted',
  'otpIncorrectCodeSubmitted',
  'userAuthenticatedFromURL',
  'uiCustomizationReceived',
  'redirectUriDiscovered',
  'passwordSubmitted',
  'authnContextUpdateChallengeReceivedEvent',
  'clientSideError',
] as const

export type EventName = (typeof EVENT_NAMES)[number]

/** What each event carries. */
export interface EventPayloads {
  idFlowStarted: { handle: Handle | undefined; factor: Factor }
  idFlowSucceeded: { token: string; handle: Handle | undefined; factor: Factor }
  idFlowFailed: { error: IdentityError; handle: Handle | undefined; factor: Factor | undefined }
  flowCancelled: undefined
  recoveryFlowStarted: { handle: Handle; factor: Factor }
  recoveryFlowSucceeded: { handle: Handle; factor: Factor; token: string }
  recoveryFlowFailed: { handle: Handle; factor: Factor; error: IdentityError }
  oauthFlowStarted: { url: string }
  oauthFlowFailed: { error: IdentityError }
  popupFailed: { error: IdentityError }
  otpCodeSent: { challengeId: string; method: string | undefined }
  otpSmsSent: { challengeId: string; method: string | undefined }
  otpCodeSubmitted: string
  totpKeyGenerated: { challengeId: string; uri: string | undefined; qrCode: string | undefined; recoveryCodes: readonly string[] | undefined }
  totpCodeRequested: { challengeId: string }
  passwordSetReady: { challengeId: string; rules: PasswordValidationRules | undefined }
  passwordVerifyReady: { challengeId: string }
  passwordResetReady: { challengeId: string; rules: PasswordValidationRules | undefined }
  invalidPasswordSubmitted: { challengeId: string; failedRules: readonly FailedPasswordRule[]; error: IdentityError | undefined }
  incorrectPasswordSubmitted: { challengeId: string }
  otpIncorrectCodeSubmitted: { challengeId: string }
  userAuthenticatedFromURL: { token: string }
  uiCustomizationReceived: Record<string, unknown>
  redirectUriDiscovered: { redirectUri: string }
  passwordSubmitted: string
  authnContextUpdateChallengeReceivedEvent: { targetOrgId: string | undefined; factor: Factor | undefined }
  clientSideError: { error: IdentityError }
}

export type EventHandler<K extends EventName> = (payload: EventPayloads[K]) => void

export interface EventBus {
  /** Call every subscriber of `name` in order. Throws on an unknown name. */
  publish<K extends EventName>(name: K, payload: EventPayloads[K]): void
  /** Subscribe; returns the unsubscribe function. Throws on an unknown name. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void
}

function assertEventName(name: unknown, action: string): asserts name is EventName {
  if (!(EVENT_NAMES as readonly unknown[]).includes(name)) {
    throw new TypeError(`Cannot ${action} the unsupported event '${String(name)}'; supported events: ${EVENT_NAMES.join(', ')}`)
  }
}

export function createEventBus(logger: Logger): EventBus {
  const handlers = new Map<EventName, Set<(payload: unknown) => void>>()
  return {
    publish(name, payload) {
      assertEventName(name, 'publish')
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          handler(payload)
        } catch (error) {
          logger.error(`A subscriber of '${name}' threw; the flow goes on`, error)
        }
      }
    },
    subscribe(name, handler) {
      assertEventName(name, 'subscribe to')
      const set = handlers.get(name) ?? new Set()
      handlers.set(name, set)
      const entry = (payload: unknown) => handler(payload as never)
      set.add(entry)
      return () => void set.delete(entry)
    },
  }
}
