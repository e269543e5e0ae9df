/**
 * Response helpers for the provider emulator: the `{result, errors, meta}` envelope of
 * the provider's error envelope, CORS and a typed error that handlers throw.
 * Web APIs only (Request/Response/Headers), so this runs in a browser bundle too.
 */

/** An error that becomes `status` + `{errors:[{httpcode: status, message}]}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const CORS_ALLOW_HEADERS =
  'Content-Type, Authorization, SlashID-SdkVersion, SlashID-OrgID, SlashID-SdkRetryCount'

/**
 * CORS headers for a request whose Origin the emulator has already allowed: that origin is
 * echoed (no cookies are used); without an Origin it is not a cross-origin request.
 */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  return {
    ...(origin ? { 'Access-Control-Allow-Origin': origin } : {}),
    'Access-Control-Expose-Headers': 'Location, SlashID-Correlation-ID',
    Vary: 'Origin',
  }
}

/** The answer to an `OPTIONS` preflight. */
export function preflight(request: Request): Response {
  const requested = request.headers.get('access-control-request-headers')
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request),
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': requested && requested.trim() !== '' ? requested : CORS_ALLOW_HEADERS,
      'Access-Control-Max-Age': '600',
    },
  })
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/** A success envelope `{result}`. */
export function ok(result: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return json({ result }, status, headers)
}

/** A failure envelope; `httpcode` always equals the HTTP status. */
export function fail(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ errors: [{ httpcode: status, message }] }, status, headers)
}

/** The emulator's pages load nothing and cannot be framed (the hosted login page asks for codes). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'"

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': PAGE_CSP, ...headers },
  })
}

/** Copies `response` with extra headers (Response headers can be immutable). */
export function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(extra)) headers.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

const MAX_BODY_BYTES = 1024 * 1024

/** Reads a JSON object body; anything else is a 400 with a message that says what was wrong. */
export async function readJsonObject(request: Request, { optional = false } = {}): Promise<Record<string, unknown>> {
  const text = await readText(request)
  if (text.trim() === '') {
    if (optional) return {}
    throw new ApiError(400, 'malformed request body: expected a JSON object, got an empty body')
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ApiError(400, `malformed request body: invalid JSON (${(error as Error).message})`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, `malformed request body: expected a JSON object, got ${describe(value)}`)
  }
  return value as Record<string, unknown>
}

/** Reads an `application/x-www-form-urlencoded` body (JSON objects of strings are accepted too). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const text = await readText(request)
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const object = (() => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw new ApiError(400, 'malformed request body: invalid JSON')
      }
    })()
    if (object === null || typeof object !== 'object' || Array.isArray(object)) {
      throw new ApiError(400, 'malformed request body: expected a JSON object')
    }
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(object)) if (typeof value === 'string') params.set(key, value)
    return params
  }
  return new URLSearchParams(text)
}

/** The body as text, counting bytes as they arrive: a body without Content-Length is capped too. */
async function readText(request: Request): Promise<string> {
  const tooLarge = () => new ApiError(413, `request body too large (limit ${MAX_BODY_BYTES} bytes)`)
  if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > MAX_BODY_BYTES) {
        void reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(400, 'malformed request body: could not be read')
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return 'a string'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** Field readers that throw 400s naming the field. */
export function requireString(object: Record<string, unknown>, key: string, where = 'body'): string {
  const value = object[key]
  if (typeof value !== 'string') {
    throw new ApiError(400, `malformed request body: ${where}.${key} must be a string, got ${value === undefined ? 'nothing' : describe(value)}`)
  }
  return value
}

export function optionalString(object: Record<string, unknown>, key: string, where = 'body'): string | undefined {
  const value = object[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new ApiError(400, `malformed request body: ${where}.${key} must be a string, got ${describe(value)}`)
  return value
}

export function requireObject(object: Record<string, unknown>, key: string, where = 'body'): Record<string, unknown> {
  const value = object[key]
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, `malformed request body: ${where}.${key} must be an object, got ${value === undefined ? 'nothing' : describe(value)}`)
  }
  return value as Record<string, unknown>
}

export function optionalObject(object: Record<string, unknown>, key: string, where = 'body'): Record<string, unknown> | undefined {
  if (object[key] === undefined || object[key] === null) return undefined
  return requireObject(object, key, where)
}
