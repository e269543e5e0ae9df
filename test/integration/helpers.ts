/**
 * SDK ⇄ emulator wiring for end-to-end tests: one fake clock drives both (SDK timers and the
 * emulator's notion of now), the SDK's fetch is the emulator's in-process handler, and the
 * person's side (mailbox, links, authenticator app) is played through the test endpoints.
 */

import { createHmac } from 'node:crypto'
import { createProviderEmulator, type EmulatorFixture } from '../../src/emulator/index.js'
import { createIdentityClient } from '../../src/identity/index.js'
import type { IdentityOptions, Ports } from '../../src/identity/index.js'
import { fakeClock, memoryStorage, nodeCrypto, realWork, recordingLogger, tickSettled } from '../identity/helpers.js'

export const PROVIDER = 'http://provider.test'

/** A fresh e-mail handle per test, so persons never collide. */
export const ada = () => ({ type: 'email_address', value: `ada+${Math.random().toString(36).slice(2, 8)}@example.test` }) as const
/** A fresh phone handle. */
export const phone = () => ({ type: 'phone_number', value: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }) as const

export function world(fixture?: EmulatorFixture) {
  const { clock, port } = fakeClock()
  const emulator = createProviderEmulator({
    baseURL: PROVIDER,
    clock: { now: () => clock.now, sleep: (ms) => realWork.waitOnTime(new Promise<void>((resolve) => void clock.setTimeout(() => resolve(), ms))) },
    ...(fixture ? { fixture } : {}),
  })
  const requests: Array<{ method: string; path: string; headers: Headers }> = []
  const fetch = (input: string, init?: RequestInit) => {
    const request = new Request(input, init)
    requests.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers })
    return realWork.track(emulator.fetch(request), `${request.method} ${request.url}`)
  }
  const local = memoryStorage()
  const session = memoryStorage()
  const log = recordingLogger()

  /** A client in its own "tab": its own session storage unless told otherwise. */
  function client(options: IdentityOptions = {}, ports: Ports = {}) {
    return createIdentityClient(
      { oid: 'org-docs', baseURL: PROVIDER, analyticsEnabled: false, ...options },
      { fetch, clock: port, crypto: nodeCrypto, localStorage: local, sessionStorage: session, logger: log.logger, ...ports },
    )
  }

  /** What the provider "sent" to a handle (notes/provider-wire.md §13). */
  async function mailbox(handle: string): Promise<any[]> {
    const response = await emulator.fetch(new Request(`${PROVIDER}/__test/mailbox?handle=${encodeURIComponent(handle)}`))
    return ((await response.json()) as { result: any[] }).result
  }

  async function lastMessage(handle: string) {
    const messages = await mailbox(handle)
    return messages.at(-1)
  }

  /** The person clicks a link that the emulator serves itself. */
  async function follow(link: string): Promise<Response> {
    return emulator.fetch(new Request(link))
  }

  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path)

  /** The fake clock, as tests move it: never while the emulator or WebCrypto is still at work. */
  const steppedClock = {
    get now() {
      return clock.now
    },
    tickAsync: (ms: number) => tickSettled(clock, ms),
  }

  return { emulator, clock: steppedClock, fetch, client, mailbox, lastMessage, follow, requests, calls, local, session, log }
}

// --- RFC 6238 (TOTP) for the "authenticator app" ---------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** RFC 6238: HOTP(K, floor(t / step)) with a 64-bit counter and dynamic truncation. */
export function totp(key: Buffer, epochSeconds: number, { digits = 6, step = 30, algorithm = 'sha1' } = {}): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(epochSeconds / step)))
  const mac = createHmac(algorithm, key).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The code an authenticator app shows for an `otpauth://totp/…?secret=…` URI at `epochMs`. */
export function totpFromKeyURI(uri: string, epochMs: number): string {
  const url = new URL(uri)
  const secret = url.searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${uri}`)
  const digits = Number(url.searchParams.get('digits') ?? 6)
  const step = Number(url.searchParams.get('period') ?? 30)
  const algorithm = (url.searchParams.get('algorithm') ?? 'SHA1').toLowerCase()
  return totp(base32Decode(secret), epochMs / 1000, { digits, step, algorithm })
}
