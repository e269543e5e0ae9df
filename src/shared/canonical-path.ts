import { collisionKey } from './portable-path.js'

/**
 * Turns a URL path into the canonical route path used for every lookup (link checks, the gate,
 * client-side rules), so that one decision is never made on two spellings of the same path.
 * Returns undefined for paths that can never name a route (encoded slashes, NUL, dot segments
 * that try to escape, invalid percent-encoding): callers answer those with 404.
 */
export function canonicalPath(urlPath: string): string | undefined {
  if (!urlPath.startsWith('/')) return undefined
  // WHATWG URL resolves `.` and `..` (also percent-encoded ones) and drops query and fragment.
  let pathname: string
  try {
    pathname = new URL(urlPath, 'http://canonical.invalid').pathname
  } catch {
    return undefined
  }
  if (/%(2f|5c|00)/i.test(pathname)) return undefined
  const segments = pathname.split('/').slice(1)
  const decoded: string[] = []
  for (const [index, segment] of segments.entries()) {
    // An empty segment is only allowed at the very end (a trailing slash).
    if (segment === '' && index !== segments.length - 1) return undefined
    let text: string
    try {
      text = decodeURIComponent(segment)
    } catch {
      return undefined
    }
    if (text === '.' || text === '..' || text.includes('/') || text.includes('\\')) return undefined
    decoded.push(text)
  }
  return '/' + decoded.join('/')
}

/**
 * The spellings a route may be reached by, in the order they are tried: the path itself, then
 * without a trailing `.html` or `/index.html` (spec 000 §2), then with or without the final slash.
 */
export function routeCandidates(path: string): string[] {
  const candidates = [path]
  if (path.endsWith('/index.html')) candidates.push(path.slice(0, -'index.html'.length), path.slice(0, -'/index.html'.length))
  else if (path.endsWith('.html')) candidates.push(path.slice(0, -'.html'.length))
  const last = candidates[candidates.length - 1]!
  if (last.length > 1) candidates.push(last.endsWith('/') ? last.slice(0, -1) : last + '/')
  return [...new Set(candidates)].filter((candidate) => candidate !== '')
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
 * A site-relative URL as written (`/img/logo.svg`, already encoded) under the base URL; other
 * URLs (`https:`, `//host`, `./x`) are returned as they are.
 */
export function underBaseUrl(baseUrl: string, url: string): string {
  return baseUrl !== '/' && url.startsWith('/') && !url.startsWith('//') ? `${baseUrl.slice(0, -1)}${url}` : url
}

/**
 * The key under which two route paths are one page somewhere: hosts serve `/a`, `/a/`, `/a.html`
 * and `/a/index.html` at one URL, and case-insensitive or normalising file systems keep one of
 * `a.html` and `A.html`, or of the NFC and NFD spellings of `café.html`.
 */
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
