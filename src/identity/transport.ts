/**
 * The provider client's transport: headers, the JSON envelope, a deadline on
 * every request, and re-sends after network failures only (5, 500 ms × 2^n). HTTP errors, 5xx
 * included, are never re-sent; they become the SDK's named errors (errors.ts).
 */

import { MAX_RETRY_AFTER_MS, RETRY_BASE_DELAY_MS, RETRY_COUNT, SDK_VERSION } from './constants.js'
import { IdentityError, errorFromServer, flowCancelledError, type ServerError } from './errors.js'
import type { Clock, FetchLike, Logger } from './ports.js'
import { sleep } from './wait.js'

export interface Envelope {
  readonly result?: unknown
  readonly errors?: readonly ServerError[]
  readonly meta?: unknown
}

export interface ProviderRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Appended to the base URL as is (`/id/v2`). */
  readonly path: string
  /** JSON body. */
  readonly body?: unknown
  /** Form-encoded body instead of JSON (`/oauth2/tokens`). */
  readonly form?: Readonly<Record<string, string>>
  /** Sent as `SlashID-OrgID`. */
  readonly orgId?: string | undefined
  /** Sent as `Authorization: Bearer …`. */
  readonly token?: string | undefined
  /** Send `SlashID-SdkVersion` (default true). */
  readonly versionHeader?: boolean
  /** Re-send after network failures (the sign-in calls; default false). */
  readonly retry?: boolean
  readonly keepalive?: boolean
  readonly signal?: AbortSignal | undefined
  /** Told before each automatic re-send (the first try may have been applied). */
  readonly onResend?: (() => void) | undefined
}

export interface ProviderResponse {
  readonly status: number
  readonly headers: Headers
  /** The parsed JSON body, `undefined` when empty. */
  readonly body: unknown
  /** The body read as the envelope (`{}` when it is not an object). */
  readonly envelope: Envelope
}

export interface TransportOptions {
  readonly baseURL: string
  readonly fetch: FetchLike
  readonly clock: Clock
  readonly logger: Logger
  readonly requestTimeoutMs: number
  readonly sdkVersion?: string
}

export type Transport = (request: ProviderRequest) => Promise<ProviderResponse>

/** A rejection that means "no answer arrived": fetch's TypeError, or happy-dom's DOMException. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name
  return name === 'DOMException'
}

class RequestTimedOut extends Error {}

/**
 * A `Retry-After` value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) in milliseconds from
 * `now`, capped at a day; undefined when absent or unreadable.
 */
function readRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const text = value.trim()
  let ms: number
  if (/^\d{1,10}$/.test(text)) ms = Number(text) * 1000
  else if (/[A-Za-z]/.test(text) && !Number.isNaN(Date.parse(text))) ms = Math.max(0, Date.parse(text) - now)
  else return undefined
  return Math.min(ms, MAX_RETRY_AFTER_MS)
}

function readEnvelope(body: unknown): Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {}
  const { result, errors, meta } = body as Record<string, unknown>
  const wellFormed =
    Array.isArray(errors) &&
    errors.every((e) => typeof e?.httpcode === 'number' && typeof e?.message === 'string')
  return wellFormed ? { result, errors, meta } : { result, meta }
}

export function createTransport(options: TransportOptions): Transport {
  const { baseURL, fetch, clock, logger, requestTimeoutMs } = options
  const version = options.sdkVersion ?? SDK_VERSION

  /** One attempt: fetch and read the body, both inside the deadline and the caller's signal. */
  const attempt = (request: ProviderRequest, retryCount: number): Promise<{ response: Response; text: string }> => {
    const { headers, body } = encodeRequest(request, version, retryCount)
    return withinDeadline(clock, requestTimeoutMs, request.signal, (signal) => {
      const init: RequestInit = { method: request.method, headers, signal }
      if (body !== undefined) init.body = body
      if (request.keepalive) init.keepalive = true
      return fetch(baseURL + request.path, init).then(async (response) => ({ response, text: await response.text() }))
    })
  }

  return async function send(request) {
    const attempts = request.retry ? RETRY_COUNT + 1 : 1
    let lastFailure: unknown
    for (let n = 0; n < attempts; n++) {
      if (n > 0) {
        await sleep(clock, RETRY_BASE_DELAY_MS * 2 ** (n - 1), request.signal)
        request.onResend?.()
      }
      let answer: { response: Response; text: string }
      try {
        answer = await attempt(request, n)
      } catch (error) {
        if (request.signal?.aborted) throw flowCancelledError()
        if (error instanceof IdentityError) throw error
        if (!(error instanceof RequestTimedOut) && !isNetworkFailure(error)) {
          throw new IdentityError('networkError', `${request.method} ${request.path} failed: ${String(error)}`, { cause: error })
        }
        lastFailure = error
        if (n + 1 < attempts) logger.warn(`${request.method} ${request.path}: no answer, sending again (${n + 1}/${RETRY_COUNT})`)
        continue
      }
      return readAnswer(request, answer.response, answer.text, clock)
    }
    throw noAnswerError(request, lastFailure, requestTimeoutMs)
  }
}

/** The headers and body of one attempt; `retryCount` tells the provider which re-send it is. */
function encodeRequest(request: ProviderRequest, version: string, retryCount: number): { headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = {}
  let body: string | undefined
  if (request.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(request.form).toString()
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(request.body)
  }
  if (request.versionHeader !== false) headers['SlashID-SdkVersion'] = version
  if (request.orgId) headers['SlashID-OrgID'] = request.orgId
  if (request.token) headers['Authorization'] = `Bearer ${request.token}`
  if (retryCount > 0) headers['SlashID-SdkRetryCount'] = String(retryCount)
  return { headers, body }
}

/**
 * Runs `work` with an abort signal of its own, fired when `ms` pass (rejecting with
 * RequestTimedOut) or when the caller's `outer` signal aborts (rejecting with flowCancelled).
 */
function withinDeadline<T>(clock: Clock, ms: number, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  return new Promise((resolve, reject) => {
    const done = () => {
      clock.clearTimeout(timer)
      outer?.removeEventListener('abort', onCancel)
    }
    const onCancel = () => {
      done()
      controller.abort()
      reject(flowCancelledError())
    }
    const timer = clock.setTimeout(() => {
      outer?.removeEventListener('abort', onCancel)
      controller.abort()
      reject(new RequestTimedOut())
    }, ms)
    if (outer?.aborted) return onCancel()
    outer?.addEventListener('abort', onCancel, { once: true })
    work(controller.signal).then(
      (value) => {
        done()
        resolve(value)
      },
      (error) => {
        done()
        reject(error)
      },
    )
  })
}

/** The error after the last attempt got no answer: a timeout when it ran out of time, else a network error. */
function noAnswerError(request: ProviderRequest, lastFailure: unknown, requestTimeoutMs: number): IdentityError {
  if (lastFailure instanceof RequestTimedOut) {
    return new IdentityError(
      'timeout',
      `The provider did not answer ${request.method} ${request.path} within ${requestTimeoutMs} ms`,
      { reason: 'requestTimeout' },
    )
  }
  return new IdentityError(
    'networkError',
    `The request ${request.method} ${request.path} failed: ${(lastFailure as Error)?.message ?? String(lastFailure)}`,
    { cause: lastFailure },
  )
}

/** The answer read: its JSON body and envelope, or the SDK's named error for an HTTP error. */
function readAnswer(request: ProviderRequest, response: Response, text: string, clock: Clock): ProviderResponse {
  const correlationId = response.headers.get('SlashID-Correlation-ID') ?? undefined
  const retryAfterMs =
    response.status === 429 || response.status === 503 ? readRetryAfter(response.headers.get('Retry-After'), clock.now()) : undefined
  let body: unknown
  if (text !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      if (!response.ok) throw errorFromServer(response.status, undefined, correlationId, retryAfterMs)
      throw new IdentityError('apiResponseError', `${request.method} ${request.path}: the answer is not JSON`, {
        httpStatus: response.status,
        correlationId,
      })
    }
  }
  const envelope = readEnvelope(body)
  if (!response.ok) throw errorFromServer(response.status, envelope.errors, correlationId, retryAfterMs)
  return { status: response.status, headers: response.headers, body, envelope }
}
