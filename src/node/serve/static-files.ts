/**
 * Serves one output folder as a static host serves a built site, and nothing outside it:
 * `/docs/x` is `docs/x.html`, `/docs/x/` is `docs/x/index.html`, and every other spelling of a
 * page (`/docs/x.html`, `/docs/x/`, `/docs/x/index.html`, `/docs/x` for a folder page) is a
 * redirect to the one the build links to and names as canonical, so a page never has two URLs.
 * Unknown paths get the site's 404 page with status 404. Files are checked by their real path,
 * so a link inside the folder cannot lead out of it.
 */
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { Readable } from 'node:stream'
import { contentTypeOf } from '../../shared/content-type.js'
import { requestPath, segmentsHref } from './request-path.js'

export type Handler = (request: Request) => Promise<Response>

export interface StaticFilesOptions {
  /** The folder served. It may be replaced whole between requests (a build swaps it in). */
  readonly root: string
  /** The site's base URL, starting and ending with `/` (a rebuild may change it). */
  readonly baseUrl: () => string
}

interface Found {
  readonly file: string
  readonly status: 200 | 404
}

export function createStaticFiles(options: StaticFilesOptions): Handler {
  const { root } = options
  return async (request) => {
    const baseUrl = options.baseUrl()
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed: a built site is read with GET and HEAD only', { Allow: 'GET, HEAD' })
    const url = new URL(request.url)
    if (url.pathname === '/' && baseUrl !== '/') return redirectTo(baseUrl)
    const parsed = requestPath(url.pathname, baseUrl)
    if (parsed.kind === 'refused') return parsed.status === 404 ? notFound(request) : text(parsed.status, `Refused: ${parsed.reason}`)
    const { segments, trailingSlash } = parsed
    const relative = segments.join('/')
    const last = segments.at(-1) ?? ''
    const redirect = (to: readonly string[], slash: boolean) => redirectTo(`${segmentsHref(baseUrl, to, slash)}${url.search}`)
    if (last === 'index.html' && (await fileIn(relative))) return redirect(segments.slice(0, -1), true)
    if (last.endsWith('.html') && last !== '.html' && (await fileIn(relative))) return redirect([...segments.slice(0, -1), last.slice(0, -'.html'.length)], false)
    if (segments.length > 0 && !trailingSlash && (await fileIn(relative))) return send(request, { file: relative, status: 200 })
    if (segments.length > 0 && (await fileIn(`${relative}.html`))) return trailingSlash ? redirect(segments, false) : send(request, { file: `${relative}.html`, status: 200 })
    const index = relative === '' ? 'index.html' : `${relative}/index.html`
    if (await fileIn(index)) return trailingSlash || segments.length === 0 ? send(request, { file: index, status: 200 }) : redirect(segments, true)
    return notFound(request)
  }

  /** Whether `file` (relative, `/`-separated) is a regular file really inside the root. */
  async function fileIn(file: string): Promise<boolean> {
    const path = join(root, ...file.split('/'))
    try {
      if (!(await stat(path)).isFile()) return false
      const [real, realRoot] = await Promise.all([realpath(path), realpath(root)])
      return real.startsWith(realRoot + sep)
    } catch {
      return false
    }
  }

  async function notFound(request: Request): Promise<Response> {
    if (await fileIn('404.html')) return send(request, { file: '404.html', status: 404 })
    return text(404, 'Not found')
  }

  async function send(request: Request, found: Found): Promise<Response> {
    const path = join(root, ...found.file.split('/'))
    let info
    try {
      info = await stat(path)
    } catch {
      // Replaced by a build between the look-up and now: the next request finds the new file.
      return text(503, 'The site is being rebuilt; try again', { 'Retry-After': '1' })
    }
    const type = contentTypeOf(found.file)
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-cache', ETag: etag, 'X-Content-Type-Options': 'nosniff' }
    if (found.status === 200 && request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    if (request.method === 'HEAD') return new Response(null, { status: found.status, headers })
    headers['Content-Length'] = String(info.size)
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, { status: found.status, headers })
  }
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location, 'Cache-Control': 'no-cache' } })
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...headers } })
}
