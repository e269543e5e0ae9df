/**
 * The gate: a `(Request) => Promise<Response>` handler that serves private pages only to readers
 * whose provider token proves they may read them. Web APIs only (and jose), so `docsgen serve`,
 * an edge runtime and tests run the same code; what it does not own goes to `next` (the public
 * files). Routes are in gate-routes.ts, token checks in verify-token.ts.
 */
import { GATE_PAGE_PREFIX } from '../shared/gate-manifest.js'
import { resolveGateOptions, type GateOptions } from './gate-options.js'
import { refusal } from './gate-responses.js'
import { gateRoutes } from './gate-routes.js'
import type { GateIndex } from './read-gate-manifest.js'
import { createTokenVerifier, type Verdict } from './verify-token.js'

export interface Gate {
  readonly fetch: (request: Request) => Promise<Response>
}

// The token alone, as RFC 6750 spells it; a second Authorization header joins in with ", " and fails.
const bearer = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i
const gateFolder = GATE_PAGE_PREFIX.slice(0, GATE_PAGE_PREFIX.lastIndexOf('/') + 1)
// Longer paths name no page, and a site's rules (several `**`) may take time growing with the
// square of a path's length to answer: refused before any is tried, as `docsgen serve` refuses them.
const maxPathLength = 2048

export function createGate(input: GateOptions): Gate {
  const options = resolveGateOptions(input)
  const verify = createTokenVerifier(options)
  const readerOf = (request: Request) => async (): Promise<Verdict> => {
    const header = request.headers.get('authorization')
    // Only the header counts: a cookie would make every private answer a CSRF target.
    if (header === null) return { signedIn: false, status: 401, reason: 'no token' }
    const token = bearer.exec(header)?.[1]
    return token === undefined ? { signedIn: false, status: 401, reason: 'malformed authorization header' } : verify(token)
  }

  return {
    async fetch(request) {
      const url = new URL(request.url)
      if (url.pathname.length > maxPathLength) return refusal(414)
      let index: GateIndex | undefined
      try {
        index = await options.store.index()
      } catch (error) {
        options.onProblem(`the private folder cannot be read: ${(error as Error).message}`)
        // Closed: what the gate owns is unavailable; the public files are still served.
        return url.pathname.includes(gateFolder) ? refusal(503) : options.next(request)
      }
      const path = index === undefined ? undefined : belowBase(url.pathname, index.manifest.baseUrl)
      const route = path === undefined ? undefined : gateRoutes.find((candidate) => candidate.matches(path, index!))
      if (route === undefined) return options.next(request)
      if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405)
      return route.handle({ request, path: path!, index: index!, options, reader: readerOf(request) })
    },
  }
}

/** The path below the site's base URL ("/handbook/docs/x" → "/docs/x"), or undefined outside it. */
function belowBase(pathname: string, baseUrl: string): string | undefined {
  if (baseUrl === '/') return pathname
  return pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length - 1) : undefined
}
