/** Routes written in the config (the docs' and blog's base, the login's redirect), read as the manifest spells routes. */
import { routePathProblem } from '../../shared/portable-path.js'
import type { ValueAt } from '../../shared/read-value.js'

/** A route of this site as the manifest spells it: decoded, starting with "/", every part a portable name. */
export function readRoutePath(at: ValueAt, fallback: string, text = at.string() ?? fallback): string {
  const problem = routePathProblem(text)
  if (problem !== undefined) at.fail(`must be a route path of plain names, such as "${fallback}": "${text}" ${problem}`)
  return text
}

/** The route the docs are served under; as in Docusaurus, the slashes around it are optional ('docs', '/docs/'). */
export function readRouteBasePath(at: ValueAt, fallback = '/docs'): string {
  if (typeof at.value !== 'string') return readRoutePath(at, fallback)
  const withSlash = at.value.startsWith('/') ? at.value : `/${at.value}`
  return readRoutePath(at, fallback, withSlash.length > 1 && withSlash.endsWith('/') && !withSlash.endsWith('//') ? withSlash.slice(0, -1) : withSlash)
}
