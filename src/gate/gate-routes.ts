/**
 * What the gate answers, as a table: private content by route, the private navigation, and the
 * sign-in shell for every path under a private rule. A route's decision uses the canonical path
 * (src/shared/canonical-path.ts) and the access computed at build, never a pattern applied to the
 * URL as sent. Signed-out readers get the same answer whether or not a page exists, and readers
 * without access the same 403 under a rule, so paths cannot be probed. A route private for
 * another reason than a rule (a generated index whose every item is private) is, to a reader
 * who may not read it, as absent as any path outside the rules: 404, and no shell.
 */
import { canonicalPath } from '../shared/canonical-path.js'
import { GATE_NAVIGATION_PATH, GATE_PAGE_PREFIX, type GateNavigationItem } from '../shared/gate-manifest.js'
import { hasGroups } from '../shared/has-groups.js'
import type { ResolvedGateOptions } from './gate-options.js'
import { privateContent, refusal, signInShell } from './gate-responses.js'
import type { GateIndex } from './read-gate-manifest.js'
import type { Verdict } from './verify-token.js'

export interface GateContext {
  readonly request: Request
  /** The URL's path below the site's base URL, as sent (still percent-encoded), starting with "/". */
  readonly path: string
  readonly index: GateIndex
  readonly options: ResolvedGateOptions
  /** Verifies the request's bearer token (on demand: the shell needs none). */
  readonly reader: () => Promise<Verdict>
}

export interface GateRoute {
  readonly name: string
  readonly matches: (path: string, index: GateIndex) => boolean
  readonly handle: (context: GateContext) => Promise<Response>
}

/** The build's own files (`/_docsgen/…`) are public whatever the rules say. */
const reserved = '/_docsgen/'

export const gateRoutes: readonly GateRoute[] = [
  { name: 'private content', matches: (path) => path.startsWith(`${GATE_PAGE_PREFIX}/`), handle: servePrivateContent },
  { name: 'private navigation', matches: (path) => path === GATE_NAVIGATION_PATH, handle: serveNavigation },
  {
    name: 'sign-in shell',
    matches: (path, index) => {
      const canonical = canonicalPath(path)
      return canonical !== undefined && !`${canonical}/`.startsWith(reserved) && index.ruleGroups(canonical) !== undefined
    },
    handle: serveShell,
  },
]

async function servePrivateContent({ request, path, index, options, reader }: GateContext): Promise<Response> {
  const verdict = await reader()
  if (!verdict.signedIn) return refusal(verdict.status, verdict.reason)
  const canonical = canonicalPath(path.slice(GATE_PAGE_PREFIX.length))
  if (canonical === undefined) return refusal(404)
  const entry = index.entry(canonical)
  const ruled = index.ruleGroups(canonical)
  if (!hasGroups(verdict.groups, entry?.groups ?? ruled ?? [])) return refusal(ruled === undefined ? 404 : 403)
  if (entry === undefined) return refusal(404)
  const body = await options.store.read(entry.file)
  if (body === undefined) {
    options.onProblem(`the private folder lacks "${entry.file}", which its manifest lists: rebuild the site`)
    return refusal(503)
  }
  return privateContent(body, entry.type, request)
}

async function serveNavigation({ request, index, reader }: GateContext): Promise<Response> {
  const verdict = await reader()
  if (!verdict.signedIn) return refusal(verdict.status, verdict.reason)
  // An item needs the groups of the page it opens, and its own (a navbar item's `groups`, for a page open to more readers).
  const items = index.manifest.navigation.filter((item) => hasGroups(verdict.groups, [...(index.entry(item.path)?.groups ?? index.ruleGroups(item.path) ?? []), ...ownGroups(item)]))
  return privateContent(JSON.stringify(items), 'application/json; charset=utf-8', request)
}

async function serveShell({ request, index, options }: GateContext): Promise<Response> {
  const body = await options.store.read(index.manifest.shell)
  if (body === undefined) {
    options.onProblem(`the private folder lacks its sign-in shell "${index.manifest.shell}": rebuild the site`)
    return refusal(503)
  }
  return signInShell(body, request)
}

function ownGroups(item: GateNavigationItem): string[] {
  return Array.isArray(item.groups) ? item.groups.filter((group): group is string => typeof group === 'string') : []
}
