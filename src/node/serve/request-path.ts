/**
 * A request's path as the segments of a file under the served folder, or why it is refused.
 * Hostile until proven inside: every segment is decoded once and must be a plain name, so encoded
 * dot segments (`%2e%2e`), encoded slashes and backslashes (`%2f`, `%5c`), a second layer of
 * encoding (`%252e`), NUL and control characters, empty segments (`//`) and dotfiles never
 * name a file. Nothing here touches the disk.
 */

/** Longer request paths are refused with 414 before any work. */
export const MAX_PATH_LENGTH = 2048
/** A longer segment names no file on common file systems (255 bytes). */
const MAX_SEGMENT_BYTES = 255

export type RequestPath =
  | { readonly kind: 'segments'; readonly segments: readonly string[]; readonly trailingSlash: boolean }
  | { readonly kind: 'refused'; readonly status: 400 | 404 | 414; readonly reason: string }

// eslint-disable-next-line no-control-regex
const forbidden = /[\u0000-\u001f\u007f/\\]/
const stillEncoded = /%[0-9a-f]{2}/i

/** `pathname` is the URL's path as sent (percent-encoded); `baseUrl` starts and ends with `/`. */
export function requestPath(pathname: string, baseUrl: string): RequestPath {
  if (pathname.length > MAX_PATH_LENGTH) return { kind: 'refused', status: 414, reason: `the path is longer than ${MAX_PATH_LENGTH} characters` }
  if (!pathname.startsWith(baseUrl) && `${pathname}/` !== baseUrl) return { kind: 'refused', status: 404, reason: `the path is outside the site's base URL ${baseUrl}` }
  const below = pathname.slice(baseUrl.length - 1)
  const raw = below.split('/').slice(1)
  const trailingSlash = raw.at(-1) === ''
  if (trailingSlash) raw.pop()
  const segments: string[] = []
  for (const segment of raw) {
    const problem = segmentProblem(segment)
    if (problem !== undefined) return problem
    segments.push(decodeURIComponent(segment))
  }
  return { kind: 'segments', segments, trailingSlash }
}

function segmentProblem(segment: string): RequestPath | undefined {
  if (segment === '') return { kind: 'refused', status: 400, reason: 'the path has an empty segment (//)' }
  let text: string
  try {
    text = decodeURIComponent(segment)
  } catch {
    return { kind: 'refused', status: 400, reason: 'the path has invalid percent-encoding' }
  }
  if (forbidden.test(text)) return { kind: 'refused', status: 400, reason: 'a path segment holds a slash, backslash or control character' }
  if (text === '.' || text === '..') return { kind: 'refused', status: 400, reason: 'the path has a dot segment' }
  if (stillEncoded.test(text)) return { kind: 'refused', status: 400, reason: 'the path is encoded twice' }
  if (Buffer.byteLength(text) > MAX_SEGMENT_BYTES) return { kind: 'refused', status: 414, reason: `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes` }
  if (text.startsWith('.')) return { kind: 'refused', status: 404, reason: 'dotfiles are never served' }
  return undefined
}

/** The href of segments under the base URL, each segment percent-encoded as the build writes links. */
export function segmentsHref(baseUrl: string, segments: readonly string[], trailingSlash: boolean): string {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/')
  return path === '' ? baseUrl : `${baseUrl}${path}${trailingSlash ? '/' : ''}`
}

/**
 * A request target's path as sent, before URL parsing: the parser would silently resolve `..`,
 * `%2e%2e` and `\` (which it reads as `/`), so a path spelled with them is refused here, on the
 * raw text, rather than served as some other file.
 */
export function rawTargetProblem(target: string): string | undefined {
  const path = target.replace(/[?#][^]*$/, '')
  if (path.includes('\\')) return 'the path holds a backslash'
  for (const segment of path.split('/')) if (/^(?:\.|%2e){1,2}$/i.test(segment)) return 'the path has a dot segment'
  return undefined
}
