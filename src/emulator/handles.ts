/** Handle parsing, normalisation and which factor methods each handle type may use. */
import { ApiError, describe } from './http.js'
import type { FactorMethod, Handle, HandleType } from './types.js'

const HANDLE_TYPES: readonly HandleType[] = ['email_address', 'phone_number', 'username']
const EMAIL = /^[^\s@"<>()\[\],;:\\]+@[^\s@"<>()\[\],;:\\]+\.[^\s@"<>()\[\],;:\\.]{2,}$/
const PHONE = /^\+[1-9]\d{6,14}$/

/** Lower-cased e-mail; phone without spaces, dashes, dots and brackets; username trimmed. */
export function normalizeHandleValue(type: HandleType, value: string): string {
  if (type === 'email_address') return value.trim().toLowerCase()
  if (type === 'phone_number') return value.trim().replace(/[\s\-().]/g, '')
  return value.trim()
}

/** Parses `body.handle` and checks its format: 400 'malformed e-mail address' / 'malformed phone number'. */
export function parseHandle(raw: unknown, where = 'handle'): Handle {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, `malformed request body: ${where} must be an object with type and value, got ${describe(raw)}`)
  }
  const { type, value } = raw as Record<string, unknown>
  if (typeof type !== 'string' || !HANDLE_TYPES.includes(type as HandleType)) {
    throw new ApiError(400, `malformed request body: ${where}.type must be one of ${HANDLE_TYPES.join(', ')}, got ${JSON.stringify(type) ?? 'nothing'}`)
  }
  if (typeof value !== 'string') throw new ApiError(400, `malformed request body: ${where}.value must be a string, got ${describe(value)}`)
  const handle: Handle = { type: type as HandleType, value: normalizeHandleValue(type as HandleType, value) }
  checkHandleFormat(handle)
  return handle
}

/**
 * Control and format characters (NUL, bidi overrides, zero-width), line and paragraph separators
 * and unpaired surrogates: never part of a handle, an organization id or anything shown back.
 */
export const UNSAFE_TEXT = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u

/** `text` with its unsafe characters written as \u{…} escapes, for quoting in a message. */
export function printable(text: string): string {
  return text.replace(new RegExp(UNSAFE_TEXT.source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
}

/** What is wrong with a handle's format (the provider's 400 messages, which the SDK maps), or undefined. */
export function handleFormatProblem(handle: Handle): string | undefined {
  const unsafe = UNSAFE_TEXT.test(handle.value)
  if (handle.type === 'email_address' && (unsafe || handle.value.length > 254 || !EMAIL.test(handle.value))) {
    return `malformed e-mail address: '${printable(handle.value.slice(0, 254))}'`
  }
  if (handle.type === 'phone_number' && (unsafe || handle.value.length > 32 || !PHONE.test(handle.value))) {
    return `malformed phone number: '${printable(handle.value.slice(0, 32))}' (expected + followed by the country code and number)`
  }
  if (handle.type === 'username' && (unsafe || handle.value === '' || handle.value.length > 128)) {
    return 'malformed username: must be 1 to 128 characters, without control, format or unpaired surrogate characters'
  }
  return undefined
}

/** What is wrong with an organization id (it travels in a header, tokens and pages), or undefined. */
export function orgIdProblem(id: string): string | undefined {
  if (id.length > 200 || /[\s/]/.test(id) || UNSAFE_TEXT.test(id)) return `malformed organization id: '${printable(id.slice(0, 200))}'`
  return undefined
}

export function checkHandleFormat(handle: Handle): void {
  const problem = handleFormatProblem(handle)
  if (problem) throw new ApiError(400, problem)
}

/** Factor methods each handle type can be used with. */
export const METHODS_BY_HANDLE: Record<HandleType, readonly FactorMethod[]> = {
  email_address: ['webauthn', 'otp_via_email', 'email_link', 'password', 'totp'],
  phone_number: ['otp_via_sms', 'sms_link', 'password'],
  username: ['password'],
}

export function sameHandle(a: Handle, b: Handle): boolean {
  return a.type === b.type && a.value === b.value
}

export const handleKey = (handle: Handle): string => `${handle.type}:${handle.value}`
