/**
 * What the error screen shows for each named error: title, subtitle, whether its
 * button retries or resets the flow, and the extras. Approval and format errors reset the flow
 * (so the person can change the handle); 'Cannot reset password' and 'no password set' go back
 * to login; every other error retries.
 */
import type { IdentityError } from '../identity/index.js'
import type { TextKey } from './default-text.js'

export interface ErrorScreenContent {
  readonly title: TextKey
  readonly subtitle: TextKey
  readonly action: 'retry' | 'reset'
  /** 'waiting' is the grey icon of the approval screens. */
  readonly tone: 'error' | 'waiting'
  /** Offer the sign-up link (when an alternativeAuthURL is configured). */
  readonly signUp: boolean
}

const GENERIC: ErrorScreenContent = { title: 'error.title', subtitle: 'error.subtitle', action: 'retry', tone: 'error', signUp: false }

const BY_CODE: Readonly<Partial<Record<IdentityError['code'], Partial<ErrorScreenContent>>>> = {
  timeout: { title: 'error.title.timeout', subtitle: 'error.subtitle.timeout' },
  rateLimit: { title: 'error.title.rateLimit', subtitle: 'error.subtitle.rateLimit' },
  recoverNonReachableHandleType: {
    title: 'error.title.recoverNonReachableHandleType',
    subtitle: 'error.subtitle.recoverNonReachableHandleType',
    action: 'reset',
  },
  noPasswordSet: { title: 'error.title.noPasswordSet', subtitle: 'error.subtitle.noPasswordSet', action: 'reset' },
  selfRegistrationNotAllowed: {
    title: 'error.title.selfRegistrationNotAllowed',
    subtitle: 'error.subtitle.selfRegistrationNotAllowed',
    signUp: true,
  },
  signUpAwaitingApproval: { title: 'error.title.awaitingApproval', subtitle: 'error.subtitle.signUpAwaitingApproval', action: 'reset', tone: 'waiting' },
  signInAwaitingApproval: { title: 'error.title.awaitingApproval', subtitle: 'error.subtitle.signInAwaitingApproval', action: 'reset', tone: 'waiting' },
  invalidEmailAddressFormat: { title: 'error.title.invalidEmailAddressFormat', subtitle: 'error.subtitle.invalidEmailAddressFormat', action: 'reset' },
  invalidPhoneNumberFormat: { title: 'error.title.invalidPhoneNumberFormat', subtitle: 'error.subtitle.invalidPhoneNumberFormat', action: 'reset' },
}

export function errorScreenContent(error: IdentityError | undefined): ErrorScreenContent {
  const specific = error && Object.hasOwn(BY_CODE, error.code) ? BY_CODE[error.code] : undefined
  return { ...GENERIC, ...specific }
}
