/**
 * The SDK's named errors. Every failure the SDK reports is an `IdentityError` whose
 * `code` says which screen the widget shows; the provider's status and message, when there was
 * one, ride along.
 */

export type ErrorCode =
  | 'unknown'
  | 'flowCancelled'
  | 'invalidActionError'
  | 'invalidAuthenticationMethodError'
  | 'invalidSlashIDConfigurationError'
  | 'invalidSlashIDURLParamsError'
  | 'apiResponseError'
  | 'networkError'
  | 'handlePatternNotAllowed'
  | 'signUpAwaitingApproval'
  | 'signInAwaitingApproval'
  | 'noPasswordSet'
  | 'selfRegistrationNotAllowed'
  | 'timeout'
  | 'rateLimit'
  | 'badPasskeyScope'
  | 'passkeyPromptDismissed'
  | 'personExists'
  | 'invalidEmailAddressFormat'
  | 'invalidPhoneNumberFormat'
  | 'unreachablePhoneNumber'
  | 'popupBlocked'
  | 'recoverNonReachableHandleType'

/** Class-style names, for logs and `error.name`. */
const ERROR_NAMES: Record<ErrorCode, string> = {
  unknown: 'UnknownError',
  flowCancelled: 'FlowCancelledError',
  invalidActionError: 'InvalidActionError',
  invalidAuthenticationMethodError: 'InvalidAuthenticationMethodError',
  invalidSlashIDConfigurationError: 'InvalidSlashIDConfigurationError',
  invalidSlashIDURLParamsError: 'InvalidSlashIDURLParamsError',
  apiResponseError: 'APIResponseError',
  networkError: 'NetworkError',
  handlePatternNotAllowed: 'HandlePatternNotAllowedError',
  signUpAwaitingApproval: 'SignUpAwaitingApprovalError',
  signInAwaitingApproval: 'SignInAwaitingApprovalError',
  noPasswordSet: 'NoPasswordSetError',
  selfRegistrationNotAllowed: 'SelfRegistrationNotAllowedError',
  timeout: 'TimeoutError',
  rateLimit: 'RateLimitError',
  badPasskeyScope: 'BadPasskeyScopeError',
  passkeyPromptDismissed: 'PasskeyPromptDismissedError',
  personExists: 'PersonExistsError',
  invalidEmailAddressFormat: 'InvalidEmailAddressFormatError',
  invalidPhoneNumberFormat: 'InvalidPhoneNumberFormatError',
  unreachablePhoneNumber: 'UnreachablePhoneNumberError',
  popupBlocked: 'PopupBlockedError',
  recoverNonReachableHandleType: 'RecoverNonReachableHandleTypeError',
}

/** The fixed message of each error that has one (part of the product: shown as written). */
export const ERROR_MESSAGES = {
  flowCancelled: 'The flow has been cancelled!',
  personExists: 'Person with the given handle already exists',
  invalidEmailAddressFormat: 'Email address is malformed',
  invalidPhoneNumberFormat: 'Phone number is malformed',
  unreachablePhoneNumber: 'Phone number is unreachable',
  popupBlocked: 'Popup blocked',
  passkeyPromptDismissed: 'Passkey prompt was dismissed',
  webAuthnUnavailable: 'WebAuthn API not available in the current environment',
  noPlatformAuthenticator: 'This device has no platform authenticator available',
  ssoWithHandle: 'OIDC/SAML should not be used with handles',
  usernameNotReachable: 'Username is not a reachable handle type',
  recoveryNeedsReachableHandle: 'Recovery requires a reachable handle type.',
  bothURLParams: "Both 'challenges' and 'sidcp' URL parameters are present, only one is allowed",
  linkWithoutChallenges: 'The sign-in link carries no challenges',
  linkNotRequested:
    'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here',
  linkForAnotherPerson: 'This sign-in link is for another person than the one this browser asked a link for',
  errorFetchingChallenges: 'error fetching challenges',
  userNotReturned: 'User not returned from /id',
  noUserToken: 'no user token in attestation response',
  noChallenges: 'no challenges in ID response',
  csrfMismatch: 'CSRF token mismatch',
  csrfOrVerifierMissing: 'CSRF token or PKCE code verifier not found',
  noAccessToken: 'Failed to obtain access token',
  clientIdOrRedirectMissing: 'Client ID or redirect URI not found in session storage',
  badOAuthURL: 'Bad OAuth URL',
  ssoUnsuccessful: 'OIDC/SAML flow unsuccessful',
  cannotOpenWindow: 'cannot open global id window',
  noTotpCode: 'no TOTP code provided',
  noPassword: 'No password provided',
  tokenNotString: 'token must be a string',
  answerLost: "The provider's reply to this answer was lost, and a challenge cannot be answered twice: start again",
  tokenDecode: 'error when decoding token',
  anonymousMfa: 'Anonymous users cannot perform MFA, log in first',
  anonymousUsersDisabled: 'Anonymous users are not enabled',
  notAnonymousToken: "Anonymous users require a token with person_type 'anonymous'",
} as const

export interface IdentityErrorDetails {
  /** HTTP status of the provider answer, when the error came from one. */
  readonly httpStatus?: number | undefined
  /** `errors[0].message` of the provider answer, verbatim. */
  readonly serverMessage?: string | undefined
  /** Value of the `SlashID-Correlation-ID` response header, when present. */
  readonly correlationId?: string | undefined
  /** Why a timeout happened: the provider said so, a request hung, or a wait ran out. */
  readonly reason?: string | undefined
  /** Password rules that failed, for `invalid_password` failures. */
  readonly failedRules?: readonly FailedPasswordRule[] | undefined
  /** How long the provider asked to wait before trying again (its `Retry-After` on a 429 or 503), in milliseconds. */
  readonly retryAfterMs?: number | undefined
  readonly cause?: unknown
}

export interface FailedPasswordRule {
  readonly name: string
  readonly matchType: 'must_match' | 'must_not_match'
  readonly regexp: string
}

export class IdentityError extends Error {
  readonly code: ErrorCode
  readonly httpStatus: number | undefined
  readonly serverMessage: string | undefined
  readonly correlationId: string | undefined
  readonly reason: string | undefined
  readonly failedRules: readonly FailedPasswordRule[] | undefined
  readonly retryAfterMs: number | undefined

  constructor(code: ErrorCode, message: string, details: IdentityErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = ERROR_NAMES[code]
    this.code = code
    this.httpStatus = details.httpStatus
    this.serverMessage = details.serverMessage
    this.correlationId = details.correlationId
    this.reason = details.reason
    this.failedRules = details.failedRules
    this.retryAfterMs = details.retryAfterMs
  }
}

/** True when `value` is an IdentityError, optionally with the given code. */
export function isIdentityError(value: unknown, code?: ErrorCode): value is IdentityError {
  return value instanceof IdentityError && (code === undefined || value.code === code)
}

export function flowCancelledError(): IdentityError {
  return new IdentityError('flowCancelled', ERROR_MESSAGES.flowCancelled)
}

/** Anything thrown becomes an IdentityError; a non-Error value says it was thrown as is. */
export function toIdentityError(value: unknown): IdentityError {
  if (value instanceof IdentityError) return value
  if (value instanceof Error) return new IdentityError('unknown', value.message, { cause: value })
  let shown: string
  try {
    shown = JSON.stringify(value) ?? String(value)
  } catch {
    shown = String(value)
  }
  return new IdentityError('unknown', `${shown} was thrown as is, not as an Error`, { cause: value })
}

/**
 * The provider could not answer — network, request deadline, a lost reply, rate limit, 5xx —
 * which says nothing about the person or their token, so it must never log anyone out.
 */
export function isProviderOutage(error: IdentityError): boolean {
  if (error.code === 'networkError' || error.code === 'rateLimit') return true
  if (error.reason === 'requestTimeout' || error.reason === 'answerLost') return true
  return error.httpStatus !== undefined && error.httpStatus >= 500
}

/** One entry of a provider error envelope. */
export interface ServerError {
  readonly httpcode: number
  readonly message: string
}

/**
 * Map a provider error answer to a named error. The decision
 * is taken on `errors[0]`; anything unrecognised becomes `apiResponseError`.
 */
export function errorFromServer(
  status: number,
  errors: readonly ServerError[] | undefined,
  correlationId?: string,
  retryAfterMs?: number,
): IdentityError {
  const first = errors?.[0]
  const httpcode = first?.httpcode ?? status
  const message = first?.message ?? ''
  const details = { httpStatus: httpcode, serverMessage: message, correlationId, retryAfterMs }
  const named = (code: ErrorCode, text = message) => new IdentityError(code, text, details)

  if (httpcode === 429) return named('rateLimit', message || 'Too many attempts')
  if ((httpcode === 401 || httpcode === 403) && message === 'authentication has expired') {
    return new IdentityError('timeout', message, { ...details, reason: 'authenticationExpired' })
  }
  if (httpcode === 403) {
    if (message === 'person cannot be registered') return named('handlePatternNotAllowed')
    if (message === 'person is not active') return named('signUpAwaitingApproval')
    if (message.includes('Person') && message.includes('is inactive')) return named('signInAwaitingApproval')
    if (message === 'no password set') return named('noPasswordSet')
    if (message === 'self-registration not allowed for this organization') return named('selfRegistrationNotAllowed')
  }
  if (httpcode === 409 && message === 'person exists') return named('personExists', ERROR_MESSAGES.personExists)
  if (httpcode === 400) {
    if (message.startsWith('malformed e-mail address')) {
      return named('invalidEmailAddressFormat', ERROR_MESSAGES.invalidEmailAddressFormat)
    }
    if (message.startsWith('malformed phone number')) {
      return named('invalidPhoneNumberFormat', ERROR_MESSAGES.invalidPhoneNumberFormat)
    }
    if (message.startsWith('unreachable phone number')) {
      return named('unreachablePhoneNumber', ERROR_MESSAGES.unreachablePhoneNumber)
    }
    if (/selected scope '.*' is not equal to or a registrable domain suffix of origin '.*'/.test(message)) {
      return named('badPasskeyScope')
    }
  }
  return named('apiResponseError', message || `The provider answered HTTP ${status}`)
}
