/** Test helpers: a scripted fake provider, unsigned JWTs, a fake clock and a logger that records. */

import FakeTimers from '@sinonjs/fake-timers'
import { webcrypto } from 'node:crypto'
import { RealWork } from '../../harness/driver/real-work.js'
import { trackedCrypto } from '../../harness/driver/tracked-crypto.js'
import type { Clock, CryptoLike, FetchLike, Logger, StorageLike } from '../../src/identity/ports.js'
import type { FlowState, LoginFlow } from '../../src/identity/login-flow.js'
import { createMemoryStorage } from '../../src/identity/token-store.js'
import { IdentityError } from '../../src/identity/errors.js'
import * as assert from 'uvu/assert'

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: any
  readonly rawBody: string | undefined
}

/** What a script step answers: a JSON envelope answer, a network failure, or never. */
export type Reply =
  | { status?: number; body?: unknown; headers?: Record<string, string>; text?: string }
  | 'network-error'
  | 'dom-network-error'
  | 'hang'

export type Route = (request: RecordedRequest) => Reply | undefined

/**
 * A fake fetch that answers from routes (first match wins; a route returns undefined to pass) and
 * records every request. Unmatched requests fail the test loudly with a 599.
 */
export function scriptedFetch(baseURL = 'https://api.test') {
  const requests: RecordedRequest[] = []
  const routes: Route[] = []
  const fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(input)
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, key) => (headers[key] = value))
    const rawBody = typeof init.body === 'string' ? init.body : undefined
    let body: unknown = rawBody
    try {
      body = rawBody === undefined ? undefined : JSON.parse(rawBody)
    } catch {}
    const request = {
      method: init.method ?? 'GET',
      path: url.pathname.slice(new URL(baseURL).pathname.replace(/\/$/, '').length) + url.search,
      url: input,
      headers,
      body,
      rawBody,
    }
    requests.push(request)
    let reply: Reply | undefined
    for (const route of routes) {
      reply = route(request)
      if (reply !== undefined) break
    }
    if (reply === undefined) reply = { status: 599, body: { errors: [{ httpcode: 599, message: `unscripted ${request.method} ${request.path}` }] } }
    if (reply === 'network-error') throw new TypeError('fetch failed')
    if (reply === 'dom-network-error') throw new DOMException('Network request failed', 'NetworkError')
    if (reply === 'hang') return new Promise<Response>(() => {})
    const status = reply.status ?? 200
    const text = reply.text ?? (reply.body === undefined ? null : JSON.stringify(reply.body))
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json', ...reply.headers } })
  }
  return {
    fetch,
    requests,
    /** Add a route matched on "METHOD /path" (exact, query ignored) or a predicate. */
    on(match: string | ((r: RecordedRequest) => boolean), reply: Reply | ((r: RecordedRequest) => Reply | undefined)) {
      const test = typeof match === 'string' ? (r: RecordedRequest) => `${r.method} ${r.path.split('?')[0]}` === match : match
      routes.push((r) => (test(r) ? (typeof reply === 'function' ? reply(r) : reply) : undefined))
    },
    /** Answer the next matching requests with these replies in order, then pass. */
    sequence(match: string, replies: Reply[]) {
      const queue = [...replies]
      this.on(match, () => queue.shift())
    },
    calls(match: string) {
      return requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === match)
    },
  }
}

export const ok = (result: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body: { result }, ...(headers ? { headers } : {}) })
export const fail = (status: number, message: string): Reply => ({ status, body: { errors: [{ httpcode: status, message }] } })

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An unsigned JWT (`alg: none`) with the given payload: the SDK only decodes. */
export function makeToken(claims: Record<string, unknown> = {}): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({
    oid: 'org-test',
    person_id: 'pid_1',
    person_type: 'regular',
    authenticated_methods: ['otp_via_email'],
    authentications: [{ handle: { type: 'email_address', value: 'ada@example.test' }, method: 'otp_via_email', timestamp: '2026-11-22T03:48:11.938Z' }],
    groups: [],
    ...claims,
  })}.`
}

export function fakeClock(now = Date.UTC(2026, 10, 22, 5, 0, 0)) {
  const clock = FakeTimers.createClock(now)
  const port: Clock = {
    now: () => clock.now,
    setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as never),
  }
  return { clock, port }
}

export function recordingLogger() {
  const warnings: string[] = []
  const errors: string[] = []
  const logger: Logger = {
    warn: (...args) => void warnings.push(args.map(String).join(' ')),
    error: (...args) => void errors.push(args.map(String).join(' ')),
  }
  return { logger, warnings, errors }
}

/**
 * Real work in flight in this test process (WebCrypto, emulator answers, a real connection): fake
 * time waits for it, and a wait for a condition ends only when none is left. One per process:
 * uvu runs one test at a time.
 */
export const realWork = new RealWork()

export const nodeCrypto = trackedCrypto(webcrypto, realWork) as unknown as CryptoLike

export function memoryStorage(): StorageLike & { dump(): Record<string, string> } {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  }
}

export { createMemoryStorage }

/** Resolve when the flow's state satisfies `test` (now or later). */
export function until(flow: LoginFlow, test: (state: FlowState) => boolean): Promise<FlowState> {
  return new Promise((resolve) => {
    if (test(flow.state)) return resolve(flow.state)
    const stop = flow.subscribe((state) => {
      if (test(state)) {
        stop()
        resolve(state)
      }
    })
  })
}

/** Resolve when the flow prompts for `kind`; with `retrying`, only for a re-ask. */
export const prompted = (flow: LoginFlow, kind: string, retrying?: boolean) =>
  until(flow, (s) => s.prompt?.kind === kind && (retrying === undefined || (s.prompt as { retrying?: boolean }).retrying === retrying))

/** Let pending promise callbacks run (no timers). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

import { createIdentityClient } from '../../src/identity/client.js'
import type { IdentityOptions } from '../../src/identity/options.js'
import type { Ports } from '../../src/identity/ports.js'

/** A client against a scripted provider at https://api.test, org 'org-test', analytics off. */
export function setup(options: IdentityOptions = {}, ports: Ports = {}) {
  const provider = scriptedFetch()
  const { clock, port } = fakeClock()
  const log = recordingLogger()
  const local = memoryStorage()
  const session = memoryStorage()
  const client = createIdentityClient(
    { oid: 'org-test', baseURL: 'https://api.test', analyticsEnabled: false, ...options },
    { fetch: provider.fetch, clock: port, crypto: nodeCrypto, localStorage: local, sessionStorage: session, logger: log.logger, ...ports },
  )
  /** Another tab of the same browser: same provider, clock and localStorage, its own sessionStorage. */
  const tab = (tabOptions: IdentityOptions = {}, tabPorts: Ports = {}) =>
    createIdentityClient(
      { oid: 'org-test', baseURL: 'https://api.test', analyticsEnabled: false, ...options, ...tabOptions },
      { fetch: provider.fetch, clock: port, crypto: nodeCrypto, localStorage: local, sessionStorage: memoryStorage(), logger: log.logger, ...tabPorts },
    )
  return { client, provider, clock, log, local, session, tab }
}

/** RFC 7636 Appendix B random octets. */
const APPENDIX_B_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]

/** A crypto whose random octets are RFC 7636 Appendix B's and whose UUID is fixed. */
export const appendixBCrypto: CryptoLike = {
  getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
    ;(array as unknown as Uint8Array).set(APPENDIX_B_OCTETS)
    return array
  },
  randomUUID: () => '3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11',
  subtle: nodeCrypto.subtle,
}

/** Record the names (and payloads) of every SDK event, in order. */
export function recordEvents(client: { subscribe: (name: any, handler: (payload: any) => void) => () => void }) {
  const seen: Array<{ name: string; payload: any }> = []
  for (const name of EVENT_NAMES) client.subscribe(name, (payload) => seen.push({ name, payload }))
  return { seen, names: () => seen.map((e) => e.name) }
}

import { EVENT_NAMES } from '../../src/identity/events.js'

/** Turns of the event loop with nothing real in flight after which a wait gives up. */
const STILL_TURNS = 20

const unchanged = () => 0

/** Waits for the real work in flight and its promise callbacks: before fake time moves. */
const settleRealWork = () => realWork.until(() => false, unchanged, flush, 1)

/**
 * Let everything happen that needs no fake time (WebCrypto digests, emulator answers, response
 * bodies) until `check` holds; fails once nothing is left to happen. Real work is tracked and
 * waited for, so this takes the same turns on a busy machine.
 */
export async function eventually(check: () => boolean, what = 'condition'): Promise<void> {
  if (!(await realWork.until(check, unchanged, flush, STILL_TURNS))) throw new Error(`${what} never became true`)
}

/**
 * Moves a fake clock `ms` forward in 50 ms steps, each once the real work in flight has settled,
 * so no deadline passes in fake time while an answer is still being computed. Resolves to the
 * clock's time, as `tickAsync` does.
 */
export async function tickSettled(clock: { now: number; tickAsync(ms: number): Promise<number> }, ms: number): Promise<number> {
  for (let done = 0; done < ms; done += 50) {
    await settleRealWork()
    await clock.tickAsync(Math.min(50, ms - done))
  }
  await settleRealWork()
  return clock.now
}

/**
 * Advances a fake clock in small steps until `promise` settles (at most `limitMs`), and returns
 * how much fake time that took. One big tick can end before a timer that a busy machine schedules
 * late, on the exact boundary; stepping cannot.
 */
export async function tickUntilSettled(clock: { now: number; tickAsync(ms: number): Promise<number> }, promise: Promise<unknown>, limitMs = 120_000): Promise<number> {
  let settled = false
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  )
  const started = clock.now
  while (!settled && clock.now - started < limitMs) {
    await settleRealWork()
    if (!settled) await clock.tickAsync(250)
  }
  return clock.now - started
}

/**
 * Advances a fake clock in small steps until `check` holds (at most `limitMs`), and returns how
 * much fake time that took: for asserting a delay without ticking exactly onto its boundary.
 */
export async function tickUntil(clock: { now: number; tickAsync(ms: number): Promise<number> }, check: () => boolean, limitMs = 60_000): Promise<number> {
  const started = clock.now
  while (!check()) {
    if (clock.now - started >= limitMs) throw new Error(`condition not met within ${limitMs} ms of fake time`)
    await settleRealWork()
    if (!check()) await clock.tickAsync(50)
  }
  return clock.now - started
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<IdentityError> {
  try {
    await promise
  } catch (error) {
    assert.instance(error, IdentityError)
    return error as IdentityError
  }
  throw new Error('expected a rejection')
}

/** A window port that records navigation, history rewrites and popups. */
export function fakeWindow(href = 'https://docs.test/docs/') {
  const assigned: string[] = []
  const replaced: string[] = []
  const opened: Array<{ url: string; target: string; features: string; closed: boolean; close(): void }> = []
  let blocked = false
  const window = {
    location: { href, assign: (url: string) => void assigned.push(url) },
    history: { replaceState: (_data: unknown, _unused: string, url?: string) => void replaced.push(url!) },
    open(url: string, target: string, features: string) {
      if (blocked) return null
      const popup = { url, target, features, closed: false, close() { this.closed = true } }
      opened.push(popup)
      return popup
    },
  }
  return { window, assigned, replaced, opened, blockPopups: () => void (blocked = true) }
}

