/** Which handle types go with which factors, and which methods are offered. */

import { ERROR_MESSAGES, IdentityError } from './errors.js'
import type { Factor, FactorMethod, Handle, HandleType } from './types.js'

/** Factors each handle type works with. */
const FACTORS_BY_HANDLE_TYPE: Record<HandleType, readonly FactorMethod[]> = {
  email_address: ['webauthn', 'otp_via_email', 'email_link', 'password', 'totp'],
  phone_number: ['otp_via_sms', 'sms_link', 'password'],
  username: ['password'],
}

/** Factors that need one handle type when a handle is given. */
const REQUIRED_HANDLE_TYPE: Partial<Record<FactorMethod, HandleType>> = {
  email_link: 'email_address',
  otp_via_email: 'email_address',
  sms_link: 'phone_number',
  otp_via_sms: 'phone_number',
}

/** Handle types a message can reach (recovery, passkeys). */
export const REACHABLE_HANDLE_TYPES: readonly HandleType[] = ['email_address', 'phone_number']

function invalidMethod(message: string): IdentityError {
  return new IdentityError('invalidAuthenticationMethodError', message)
}

/** Throw invalidAuthenticationMethodError when `handle` cannot be used with `factor`. */
export function assertHandleFitsFactor(handle: Handle | undefined, factor: Factor): void {
  const { method } = factor
  if (method === 'oidc' || method === 'saml') {
    if (handle) throw invalidMethod(ERROR_MESSAGES.ssoWithHandle)
    return
  }
  if (!handle) return
  const required = REQUIRED_HANDLE_TYPE[method]
  if (required && handle.type !== required) {
    throw invalidMethod(`A handle of type '${required}' is required, got '${handle.type}' instead`)
  }
  if (factor.allowedHandleTypes) {
    if (!factor.allowedHandleTypes.includes(handle.type)) {
      throw invalidMethod(
        `A handle of type '${handle.type}' is not allowed for '${method}', allowed: ${factor.allowedHandleTypes.join(', ')}`,
      )
    }
  } else if (handle.type === 'username') {
    throw invalidMethod(`A handle of type 'username' needs a factor that lists it in allowedHandleTypes`)
  }
  if (!FACTORS_BY_HANDLE_TYPE[handle.type]?.includes(method)) {
    throw invalidMethod(`The factor '${method}' cannot be used with a handle of type '${handle.type}'`)
  }
}

/**
 * The methods offered for a handle type: passkey first when supported and the type is reachable,
 * then the type's own factors, then always password and totp.
 */
export function methodsForHandleType(type: HandleType, passkeySupported: boolean): FactorMethod[] {
  const methods: FactorMethod[] = []
  if (passkeySupported && REACHABLE_HANDLE_TYPES.includes(type)) methods.push('webauthn')
  if (type === 'email_address') methods.push('email_link', 'otp_via_email')
  if (type === 'phone_number') methods.push('sms_link', 'otp_via_sms')
  methods.push('password', 'totp')
  return methods
}
