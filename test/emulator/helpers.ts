/** Helpers for emulator tests: requests in the SDK's shape against `emulator.fetch`. */
import { createProviderEmulator, type ProviderEmulator, type ProviderEmulatorOptions } from '../../src/emulator/index.js'
import type { PasswordHasher } from '../../src/emulator/types.js'

export const BASE = 'http://127.0.0.1:8787'
export const ORG = 'org-docs'

/** A fast stand-in hasher for tests that do not test hashing itself. */
export const plainHasher: PasswordHasher = {
  async hash(password) {
    return `plain$${password}`
  },
  async verify(password, stored) {
    return stored === `plain$${password}`
  },
}

export function manualClock(start = Date.UTC(2026, 10, 22, 3, 0, 0)) {
  let now = start
  const sleeps: number[] = []
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
    sleeps,
    async sleep(ms: number) {
      sleeps.push(ms)
      now += ms
    },
  }
}

export function emulator(options: ProviderEmulatorOptions = {}): ProviderEmulator {
  return createProviderEmulator({ hasher: plainHasher, ...options })
}

export interface Answer {
  status: number
  body: any
  headers: Headers
}

export async function call(
  provider: ProviderEmulator,
  method: string,
  path: string,
  { body, org, token, headers = {}, raw }: { body?: unknown; org?: string; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const h: Record<string, string> = { 'SlashID-SdkVersion': '3.29.6', ...headers }
  if (org) h['SlashID-OrgID'] = org
  if (token) h.Authorization = `Bearer ${token}`
  let payload: string | undefined = raw
  if (body !== undefined) {
    payload = JSON.stringify(body)
    h['Content-Type'] = 'application/json'
  }
  const response = await provider.fetch(new Request(`${BASE}${path}`, { method, headers: h, ...(payload !== undefined ? { body: payload } : {}) }))
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    /* HTML */
  }
  return { status: response.status, body: parsed, headers: response.headers }
}

export const email = (value: string) => ({ type: 'email_address', value })
export const phone = (value: string) => ({ type: 'phone_number', value })

export function idBody(handle: unknown, method: string, options: Record<string, unknown> = {}) {
  return {
    ...(handle ? { handle } : {}),
    factor: { method, options: { method, ...options } },
    metadata: { csrf_token: crypto.randomUUID(), pkce_code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
  }
}

export function decode(token: string): any {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
}

export async function mailbox(provider: ProviderEmulator, handle: string): Promise<any[]> {
  const answer = await call(provider, 'GET', `/__test/mailbox?handle=${encodeURIComponent(handle)}`)
  return answer.body.result
}

export async function attest(provider: ProviderEmulator, challenge: { id: string; type: string }, data: Record<string, unknown>, token?: string) {
  return call(provider, 'POST', '/attestation/v3', { body: { challenge_id: challenge.id, challenge_type: challenge.type, data }, ...(token ? { token } : {}) })
}

/** A complete OTP-by-e-mail sign-in; resolves to the token. */
export async function signInWithOtp(provider: ProviderEmulator, address: string, org = ORG): Promise<string> {
  const started = await call(provider, 'POST', '/id/v2', { org, body: idBody(email(address), 'otp_via_email') })
  if (started.status !== 200) throw new Error(`id/v2: ${JSON.stringify(started.body)}`)
  const challenge = started.body.result[0]
  const message = (await mailbox(provider, address)).at(-1)
  const answered = await attest(provider, challenge, { otp: message.otp })
  if (answered.status !== 200) throw new Error(`attestation: ${JSON.stringify(answered.body)}`)
  return answered.body.result.token
}
