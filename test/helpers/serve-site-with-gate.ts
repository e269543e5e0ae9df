/**
 * A built site as `docsgen serve` will serve it, for the browser tests of sign-in, on one origin
 * (127.0.0.1, a free port): the provider emulator under `/_provider/`, the gate (createGate, over
 * the build's private folder) in front of the deployable folder served as a static host serves it
 * (a path is the file, the file with `.html`, or the folder's `index.html`; else `404.html`).
 * The site is built once the origin is known, since its login settings name the provider's URL.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { extname, join, resolve } from 'node:path'
import { createProviderEmulator, type ProviderEmulator } from '../../src/emulator/index.js'
import { createFolderStore, createGate, type Gate } from '../../src/gate/index.js'
import { plainHasher } from '../emulator/helpers.js'
import { contentTypes, staticFile } from './serve-folder.js'

export const PROVIDER_PATH = '/_provider'

export interface SiteWithGate {
  readonly origin: string
  /** The provider's base URL, for the site's `login.baseURL`. */
  readonly providerURL: string
  /** Serves a built site: its deployable and private folders, the gate checking tokens of `orgID`. */
  serve(site: { outDir: string; privateDir: string; orgID: string }): { emulator: ProviderEmulator; gate: Gate }
  close(): Promise<void>
}

export async function startSiteWithGate(): Promise<SiteWithGate> {
  let handler: (request: Request) => Promise<Response> = async () => new Response('not ready', { status: 503 })
  const server = createServer((req, res) => void answer(req, res, handler))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const providerURL = `${origin}${PROVIDER_PATH}`
  return {
    origin,
    providerURL,
    serve({ outDir, privateDir, orgID }) {
      const emulator = createProviderEmulator({ baseURL: providerURL, hasher: plainHasher })
      const gate = createGate({ orgID, baseURL: providerURL, store: createFolderStore(privateDir), fetch: (request) => emulator.fetch(request), next: staticFiles(outDir) })
      handler = (request) => {
        const { pathname } = new URL(request.url)
        return pathname === PROVIDER_PATH || pathname.startsWith(`${PROVIDER_PATH}/`) ? emulator.fetch(request) : gate.fetch(request)
      }
      return { emulator, gate }
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** The deployable folder as a static host answers it. */
function staticFiles(folder: string): (request: Request) => Promise<Response> {
  const root = resolve(folder)
  return async (request) => {
    const file = staticFile(root, new URL(request.url).pathname)
    const served = file ?? join(root, '404.html')
    return new Response(readFileSync(served), { status: file ? 200 : 404, headers: { 'Content-Type': contentTypes[extname(served)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' } })
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, handler: (request: Request) => Promise<Response>): Promise<void> {
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit)
    const response = await handler(request)
    const out: Record<string, string> = {}
    response.headers.forEach((value, name) => (out[name] = value))
    res.writeHead(response.status, out)
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'text/plain' })
    res.end(String(error))
  }
}
