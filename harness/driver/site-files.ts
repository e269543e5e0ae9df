/**
 * The built site as a static server would answer it, in-process: clean URLs (`/docs/intro` →
 * `docs/intro.html`, `/docs/` → `docs/index.html`), percent-decoded paths proven inside the
 * build folder (no dot segments, encoded slashes or symlinks out), and `404.html` with status 404.
 */
import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'
import { canonicalPath } from '../../src/shared/canonical-path.js'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
}

export interface SiteFile {
  readonly status: number
  readonly body: Buffer
  readonly contentType: string
}

async function fileInside(root: string, relative: string): Promise<string | undefined> {
  const candidate = join(root, relative)
  if (!candidate.startsWith(root + sep)) return undefined
  try {
    const real = await realpath(candidate)
    return real.startsWith(root + sep) && (await stat(real)).isFile() ? real : undefined
  } catch {
    return undefined
  }
}

/** `root` must be a real (symlink-free) absolute path. */
export async function readSiteFile(root: string, pathname: string): Promise<SiteFile> {
  const path = canonicalPath(pathname)
  const candidates = path === undefined ? [] : path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`]
  for (const candidate of candidates) {
    const file = await fileInside(root, candidate.slice(1))
    if (file) return { status: 200, body: await readFile(file), contentType: TYPES[extname(file)] ?? 'application/octet-stream' }
  }
  const notFound = await fileInside(root, '404.html')
  return { status: 404, body: notFound ? await readFile(notFound) : Buffer.from('Not found'), contentType: TYPES['.html']! }
}
