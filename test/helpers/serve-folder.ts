/**
 * A tiny static host over a build folder for browser tests, as a plain static host serves a site:
 * a path is the file, the file with `.html`, or the folder's `index.html`; anything else is the
 * 404 page with status 404. Paths are decoded and must stay inside the folder. Listens on
 * 127.0.0.1 only, on a free port.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

export interface FolderServer {
  readonly url: string
  /** Paths requested so far, in order. */
  readonly requests: string[]
  close(): Promise<void>
}

export async function serveFolder(folder: string): Promise<FolderServer> {
  const root = resolve(folder)
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    requests.push(pathname)
    const file = staticFile(root, pathname)
    const status = file ? 200 : 404
    const served = file ?? join(root, '404.html')
    response.writeHead(status, { 'Content-Type': contentTypes[extname(served)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' })
    createReadStream(served).pipe(response)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** The file a static host answers for a URL path: the file, the file with `.html`, or the folder's `index.html`, inside `root` only. */
export function staticFile(root: string, pathname: string): string | undefined {
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const base = resolve(root, `.${path}`)
  if (base !== root && !base.startsWith(root + sep)) return undefined
  return [base, `${base}.html`, join(base, 'index.html')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}
