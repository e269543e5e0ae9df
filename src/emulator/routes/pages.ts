/** The emulator's own pages: the outbox (and its script and rows), the sdkURL frame, the favicon. */
import { html } from '../http.js'
import { OUTBOX_SCRIPT, outboxPage, outboxRows, sdkFramePage } from '../pages.js'
import type { Route } from '../route.js'
import type { EmulatorState } from '../state.js'

/** Rows newer than message `after` for the outbox page; every row, marked complete, if `after` is gone (a reset). */
export function outboxRowsAfter(s: EmulatorState, after: string): Response {
  const index = after === '' ? -1 : s.messages.findIndex((m) => m.id === after)
  const complete = after !== '' && index < 0
  const rows = outboxRows(s.messages.slice(index + 1))
  return html(rows, 200, complete ? { 'Outbox-Complete': 'true' } : {})
}

/** The outbox page runs only its own same-origin script and fetches only from this origin. */
const OUTBOX_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The sdk.html frame runs its own inline script and is framed by the sites, so no frame-ancestors. */
const SDK_FRAME_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'"

const outbox = ({ s }: { s: EmulatorState }) => html(outboxPage(s.messages, s.baseURL, s.testEndpoints), 200, { 'Content-Security-Policy': OUTBOX_CSP })

export const pageRoutes: Route[] = [
  { path: '/', method: 'GET', handle: outbox },
  { path: '/outbox', method: 'GET', handle: outbox },
  { path: '/outbox.js', method: 'GET', handle: () => new Response(OUTBOX_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' } }) },
  { path: '/outbox/rows', method: 'GET', handle: ({ s, url }) => outboxRowsAfter(s, url.searchParams.get('after') ?? '') },
  { path: '/sdk.html', method: 'GET', handle: ({ s }) => html(sdkFramePage(s.fixture.siteOrigins ?? []), 200, { 'Content-Security-Policy': SDK_FRAME_CSP }) },
  { path: '/favicon.ico', method: 'GET', handle: () => new Response(null, { status: 204 }) },
]
