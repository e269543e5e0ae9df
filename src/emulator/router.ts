/**
 * The emulator's route table: one list per group of routes (routes/*.ts), matched in order. A
 * path that matches with another method is a 405 naming the allowed ones; nothing matching is 404.
 */
import { ApiError, fail } from './http.js'
import type { Route, RouteContext } from './route.js'
import { attestationRoutes } from './routes/attestation.js'
import { attributeRoutes } from './routes/attributes.js'
import { challengeRoutes } from './routes/challenge.js'
import { idRoutes } from './routes/id.js'
import { oauth2Routes } from './routes/oauth2.js'
import { pageRoutes } from './routes/pages.js'
import { personRoutes } from './routes/persons.js'
import { ssoRoutes } from './routes/sso.js'
import { TEST_ENDPOINT_NAMES, testRoutes } from './routes/test-control.js'
import { tokenRoutes } from './routes/token.js'
import type { EmulatorState } from './state.js'
import { safeDecode } from '../shared/canonical-path.js'

const NOT_IMPLEMENTED = fail501Route(['/id', '/attestation', '/attestation/v2', '/direct-id', '/persons/:id/impersonate', '/persons/:id/impersonate/v2'])

const ROUTES: readonly Route[] = [
  ...pageRoutes,
  ...idRoutes,
  ...attestationRoutes,
  ...challengeRoutes,
  ...tokenRoutes,
  ...personRoutes,
  ...ssoRoutes,
  ...attributeRoutes,
  ...oauth2Routes,
  ...NOT_IMPLEMENTED,
]

/** Answers a request whose path is already below the base path. */
export async function route(s: EmulatorState, request: Request, method: string, path: string, url: URL): Promise<Response> {
  const parts = path.split('/').filter(Boolean).map(decodeSegment)
  if (path.startsWith('/__test/') || path === '/__test') {
    if (!s.testEndpoints) return fail(404, `not found: ${path}`)
    const answer = await dispatch(testRoutes, { s, request, method, path, url, params: {} }, parts)
    return answer ?? fail(404, `not found: ${path} (test endpoints: ${TEST_ENDPOINT_NAMES.join(', ')})`)
  }
  const answer = await dispatch(ROUTES, { s, request, method, path, url, params: {} }, parts)
  return answer ?? fail(404, `not found: ${method} ${path}`)
}

async function dispatch(routes: readonly Route[], context: RouteContext, parts: string[]): Promise<Response | undefined> {
  for (const entry of routes) {
    const params = matchPath(entry.path, context.path, parts)
    if (!params) continue
    if (entry.method !== undefined && entry.method !== context.method) continue
    if (entry.allow && !entry.allow.includes(context.method)) {
      throw new ApiError(405, `method ${context.method} not allowed on ${context.path} (allowed: ${entry.allow.join(', ')})`)
    }
    return entry.handle({ ...context, params })
  }
  return undefined
}

/** Literal patterns compare the path as sent; patterns with `:name` compare decoded segments. */
function matchPath(pattern: string, path: string, parts: string[]): Record<string, string> | undefined {
  if (!pattern.includes(':')) return pattern === path ? {} : undefined
  const segments = pattern.split('/').filter(Boolean)
  if (segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = parts[i]!
    else if (segment !== parts[i]) return undefined
  }
  return params
}

/** A decoded path segment; bad percent-encoding (which decoding leaves unchanged) is a 400. */
function decodeSegment(segment: string): string {
  const decoded = safeDecode(segment)
  if (decoded === segment && segment.includes('%')) throw new ApiError(400, `malformed URL: bad percent-encoding in '${segment.slice(0, 100)}'`)
  return decoded
}

function fail501Route(paths: readonly string[]): Route[] {
  return paths.map((path) => ({
    path,
    handle: ({ path: sent }) => fail(501, `${sent} is not implemented by the emulator (the 3.29 SDK signs in with /id/v2 and /attestation/v3)`),
  }))
}
