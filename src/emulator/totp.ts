/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, T0 = 0) through otplib, QR codes through qrcode,
 * and recovery codes. Verification accepts the current step and one step either side, and
 * refuses a step at or before the last one accepted (one-time use, RFC 6238 §5.2).
 */
import { createGuardrails, generate } from 'otplib'
import QRCode from 'qrcode'
import { randomString } from './ids.js'

export const TOTP_PERIOD = 30
export const TOTP_DIGITS = 6

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A fresh 160-bit secret in unpadded Base32. */
export function newTotpSecret(): string {
  return randomString(32, BASE32)
}

/** `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`. */
export function keyURI(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer.replace(/:/g, ''))}:${encodeURIComponent(account.replace(/:/g, ''))}`
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD) })
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`
}

/** A PNG QR code of `text`, base64 without the data-URL prefix. */
export async function qrCodePngBase64(text: string): Promise<string> {
  const dataURL = await QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 256 })
  return dataURL.slice(dataURL.indexOf(',') + 1)
}

/** Ten single-use recovery codes like `k7q2m-9xw4d`. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  return Array.from({ length: count }, () => `${randomString(5, alphabet)}-${randomString(5, alphabet)}`)
}

/** The code for a Base32 secret (or raw key bytes) at `epochSeconds`. */
export function totpCode(secret: string | Uint8Array, epochSeconds: number, digits: 6 | 7 | 8 = TOTP_DIGITS): Promise<string> {
  return generate({ secret, epoch: epochSeconds, digits, period: TOTP_PERIOD, algorithm: 'sha1', ...guardrails(secret) })
}

/** The time step the code belongs to (±1 step of `epochSeconds`, after `lastStep`), or undefined. */
export async function verifyTotp(secret: string, code: string, epochSeconds: number, lastStep?: number): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined
  const now = Math.floor(epochSeconds / TOTP_PERIOD)
  for (const step of [now, now - 1, now + 1]) {
    if (lastStep !== undefined && step <= lastStep) continue
    if ((await totpCode(secret, step * TOTP_PERIOD)) === code) return step
  }
  return undefined
}

// otplib refuses secrets under 16 bytes by default; fixtures and RFC vectors may use shorter ones.
const lenient = createGuardrails({ MIN_SECRET_BYTES: 1 })
function guardrails(_secret: string | Uint8Array) {
  return { guardrails: lenient }
}
