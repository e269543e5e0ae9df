/**
 * The form messages: each check returns the text key of its message, or
 * undefined when the value is acceptable. A form shows the message on submit and clears it on
 * the next edit.
 */
import type { TextKey } from './default-text.js'

/** OTP and TOTP codes are 6 digits. */
export const CODE_LENGTH = 6
/** Usernames are at most 128 characters. */
export const USERNAME_MAX_LENGTH = 128

/** A common shape check: something@domain.tld, no spaces; the provider has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/

export function checkEmail(value: string): TextKey | undefined {
  return EMAIL_PATTERN.test(value.trim().toLowerCase()) ? undefined : 'validationError.email'
}

/** The national number (without the dial code) must not be empty. */
export function checkPhone(nationalNumber: string): TextKey | undefined {
  return nationalNumber.replace(/\D/g, '') === '' ? 'validationError.phoneNumber' : undefined
}

export function checkUsername(value: string): TextKey | undefined {
  const trimmed = value.trim()
  return trimmed === '' || trimmed.length > USERNAME_MAX_LENGTH ? 'validationError.username' : undefined
}

export function checkCode(code: string): TextKey | undefined {
  return code.length === CODE_LENGTH && /^\d+$/.test(code) ? undefined : 'validationError.otp'
}

export function checkRecoveryCode(code: string): TextKey | undefined {
  return code.trim() === '' ? 'validationError.recoveryCode' : undefined
}

export function checkPassword(password: string): TextKey | undefined {
  return password === '' ? 'validationError.password' : undefined
}

export function checkConfirmation(password: string, confirmation: string): TextKey | undefined {
  return password === confirmation ? undefined : 'validationError.passwordConfirm'
}
