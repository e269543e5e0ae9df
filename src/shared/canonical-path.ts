import { collisionKey } from './portable-path.js'

// A browser reads "\\" as "/" and drops tabs and newlines; a route has none of them.
const unroutable = /[\\\u0000-\u001f\u007f]/

/**
 * Turns a URL path into the one canonical form of a route used for every lookup (link checks,
 * the gate, client-side rules), so that one decision is never made on two spellings of a path:
 * query and fragment dropped, each segment decoded, `.` and `..` resolved (also encoded ones),
 * then what hosts ignore stripped (`.html`, `/index.html`, the final `/`). Letter case is kept.
 * Returns undefined for paths that can never name a route, which callers answer with 404: an
 * empty segment (a leading `//` is a path, never a host), encoded or raw slashes and
 * backslashes inside a segment, control characters, invalid percent-encoding.
 */
export function canonicalPath(urlPath: string): string | undefined {
  if (!urlPath.startsWith('/')) return undefined
  const path = urlPath.replace(/[?#][^]*$/, '')
  // A browser reads "\" as "/" and drops tabs and newlines; a route has neither.
  if (unroutable.test(path)) return undefined
  const segments = path.split('/').slice(1)
  const resolved: string[] = []
  for (const [index, segment] of segments.entries()) {
    // An empty segment is only allowed at the very end (a trailing slash).
    if (segment === '') {
      if (index === segments.length - 1) break
      return undefined
    }
    let text: string
    try {
      text = decodeURIComponent(segment)
    } catch {
      return undefined
    }
    if (text.includes('/') || unroutable.test(text)) return undefined
    // Dot segments resolve as WHATWG URL resolves them; ".." at the root stays at the root.
    if (text === '..') resolved.pop()
    else if (text !== '.') resolved.push(text)
  }
  return stripRouteSuffix(`/${resolved.join('/')}`)
}

/** The href for a route path: each segment percent-encoded, so spaces and `&` survive in HTML and URLs. */
export function routeHref(path: string, hash?: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
  return hash ? `${encoded}#${encodeURIComponent(hash)}` : encoded
}

/**
 * The href for a route on a site served under `baseUrl` (which starts and ends with `/`): every
 * link a page publishes goes through here, so a site deployed at `/handbook/` links within itself.
 */
export function siteHref(baseUrl: string, path: string, hash?: string): string {
  return underBaseUrl(baseUrl, routeHref(path, hash))
}

/**
 * The href of a config's `to` (a route path as written, decoded, with an optional `?query` and
 * `#hash`) on a site served under `baseUrl`: the path encoded, the query kept as written.
 */
export function toHref(baseUrl: string, to: string): string {
  const [target, hash] = to.split('#')
  const [path, query] = target!.split('?')
  const href = siteHref(baseUrl, safeDecode(path!), hash)
  if (query === undefined) return href
  const at = href.indexOf('#')
  return at === -1 ? `${href}?${query}` : `${href.slice(0, at)}?${query}${href.slice(at)}`
}

/**
 * A site-relative URL as written (`/img/logo.svg`, already encoded) under the base URL; other
 * URLs (`https:`, `//host`, `./x`) are returned as they are.
 */
/**
 * Docusaurus's Link adds the base URL to a root-relative link unless the link starts with it
 * already: in a Docusaurus folder, `/docs/config` under the base URL `/docs/` is the route
 * `/config`, as `/config` is. Other links are returned as they are.
 */
export function withoutLinkedBaseUrl(url: string, baseUrl: string): string {
  return baseUrl !== '/' && url.startsWith(baseUrl) ? url.slice(baseUrl.length - 1) : url
}

export function underBaseUrl(baseUrl: string, url: string): string {
  return baseUrl !== '/' && url.startsWith('/') && !url.startsWith('//') ? `${baseUrl.slice(0, -1)}${url}` : url
}

/**
 * The key under which two route paths are one page somewhere: hosts serve `/a`, `/a/`, `/a.html`
 * and `/a/index.html` at one URL, and case-insensitive or normalising file systems keep one of
 * `a.html` and `A.html`, or of the NFC and NFD spellings of `café.html`.
 */
/**
 * Why a route path is not where a browser takes a link to it (undefined when it is): "#" and "?"
 * end the path of a URL and "%" begins an escape, so a page at "/docs/c#" is served at "/docs/c",
 * another page's path (and its page data file).
 */
export function misreadRouteProblem(path: string): string | undefined {
  const read = canonicalPath(path)
  if (read === stripRouteSuffix(path)) return undefined
  return `${read === undefined ? 'is no path a browser can read' : `is read by a browser as "${read}"`}: "#" and "?" end the path of a URL and "%" begins an escape`
}

export function routeCollisionKey(path: string): string {
  return collisionKey(stripRouteSuffix(path))
}

/** A route path without what hosts ignore: a trailing `/index.html`, `.html` or `/` (never the root's). */
export function stripRouteSuffix(path: string): string {
  const stripped = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '')
  return stripped.length > 1 && stripped.endsWith('/') ? stripped.slice(0, -1) : stripped
}

/** Percent-decodes, or keeps the text as written when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
