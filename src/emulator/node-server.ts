/**
 * Mounts the emulator on node:http (127.0.0.1 by default), converting IncomingMessage ⇄
 * Request/Response. A fault rule with `drop: true` destroys the socket (the client sees a
 * network error, as with a real dropped connection).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { createProviderEmulator, type ProviderEmulator, type ProviderEmulatorOptions } from './emulator.js'
import { HOST } from './origins.js'
import type { EmulatorFixture } from './types.js'

export interface ProviderServerOptions extends Omit<ProviderEmulatorOptions, 'baseURL' | 'fixture'> {
  /** Port; 0 picks a free one. Default 8787. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  fixture?: EmulatorFixture
}

export interface ProviderServer {
  /** Where it listens, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  url: string
  emulator: ProviderEmulator
  close(): Promise<void>
}

export async function startProviderServer(options: ProviderServerOptions = {}): Promise<ProviderServer> {
  const host = options.host ?? '127.0.0.1'
  let emulator: ProviderEmulator | undefined
  const server = createServer((req, res) => {
    if (!emulator) {
      res.writeHead(503).end()
      return
    }
    void handle(emulator, req, res)
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const { port: _port, host: _host, ...rest } = options
  emulator = createProviderEmulator({ ...rest, baseURL: url })
  try {
    await emulator.ready
  } catch (error) {
    server.close()
    throw error
  }
  return {
    url,
    emulator,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * The request's URL from a Host header that is only a host and port (so that `Host: x/__test/…`
 * cannot move the path) and the target's path; an absolute-form target gives its path only.
 */
function requestURL(req: IncomingMessage): string | undefined {
  const host = req.headers.host ?? `${req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress}:${req.socket.localPort}`
  if (!HOST.test(host)) return undefined
  let target = req.url ?? '/'
  if (!target.startsWith('/')) {
    try {
      const absolute = new URL(target)
      target = `${absolute.pathname}${absolute.search}`
    } catch {
      return undefined
    }
  }
  return `http://${host}${target}`
}

async function handle(emulator: ProviderEmulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let response: Response
  try {
    const url = requestURL(req)
    if (url === undefined) {
      res.writeHead(400, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ errors: [{ httpcode: 400, message: 'malformed Host header' }] }))
      return
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(url, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit)
    response = await emulator.fetch(request)
  } catch (error) {
    if (error instanceof TypeError && /dropped by fault rule/.test(error.message)) {
      req.socket.destroy()
      return
    }
    res.writeHead(400, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ errors: [{ httpcode: 400, message: `bad request: ${error instanceof Error ? error.message : String(error)}` }] }))
    return
  }
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    headers[name] = value
  })
  res.writeHead(response.status, headers)
  if (response.body && req.method !== 'HEAD') {
    const body = Buffer.from(await response.arrayBuffer())
    res.end(body)
  } else {
    res.end()
  }
}
