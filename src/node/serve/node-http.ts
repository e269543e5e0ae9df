/**
 * Mounts a `(Request) => Promise<Response>` handler on node:http: the one place that converts
 * IncomingMessage ⇄ Request/Response, picks the port and stops cleanly. Raw request targets are
 * checked before URL parsing, which would otherwise resolve `..` and `\` silently.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import type { Duplex } from 'node:stream'
import { Readable } from 'node:stream'
import { rawTargetProblem } from './request-path.js'
import { text, type Handler } from './static-files.js'

export interface ListenOptions {
  readonly host: string
  /** A port to use or fail on; undefined: the first free one from `firstPort`. */
  readonly port: number | undefined
  readonly firstPort?: number
  /** How many ports are tried from `firstPort` when none was asked for. */
  readonly portsToTry?: number
  /** WebSocket upgrades (live reload); others are refused. */
  readonly onUpgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
}

export interface HttpServer {
  /** `http://127.0.0.1:3000` (no trailing slash). */
  readonly url: string
  readonly port: number
  readonly server: Server
  close(): Promise<void>
}

/** A user error: the port asked for is taken, or the host cannot be listened on. */
export class ListenError extends Error {
  override readonly name = 'ListenError'
}

export const DEFAULT_PORT = 3000

export async function listenHttp(handler: Handler, options: ListenOptions): Promise<HttpServer> {
  const hosts = hostCheck(options.host)
  const server = createServer((req, res) => void answer(handler, req, res, hosts))
  server.keepAliveTimeout = 1000
  server.on('upgrade', (req, socket, head) => (options.onUpgrade && hosts.allows(req.headers.host) ? options.onUpgrade(req, socket, head) : socket.destroy()))
  const first = options.port ?? options.firstPort ?? DEFAULT_PORT
  const tries = options.port === undefined ? (options.portsToTry ?? 20) : 1
  for (let port = first; port < first + tries; port++) {
    const error = await tryListen(server, port, options.host)
    if (error === undefined) {
      const bound = (server.address() as AddressInfo).port
      return { url: `http://${urlHost(options.host)}:${bound}`, port: bound, server, close: () => closeServer(server) }
    }
    if (error.code === 'EADDRINUSE' && options.port === undefined && port + 1 < first + tries) continue
    throw listenError(error, port, options)
  }
  /* c8 ignore next */
  throw new Error('unreachable: the loop returns or throws')
}

/**
 * The host the printed URL names, and the one served pages are told to sign in at: an address
 * that means every interface (0.0.0.0, ::) is no address to browse to (browsers refuse 0.0.0.0),
 * so such a server is named by localhost, where this machine's browser reaches it.
 */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || /^\[?::\]?$/.test(host)) return 'localhost'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

function tryListen(server: Server, port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => resolve(error)
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      resolve(undefined)
    })
  })
}

function listenError(error: NodeJS.ErrnoException, port: number, options: ListenOptions): ListenError {
  const { host } = options
  if (error.code === 'EADDRINUSE')
    return new ListenError(
      options.port === undefined
        ? `ports ${options.firstPort ?? DEFAULT_PORT} to ${port} on ${host} are all in use; choose one with --port`
        : `port ${port} on ${host} is already in use; choose another with --port, or leave --port out to take the next free one`,
    )
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new ListenError(`cannot listen on host '${host}': no such address on this machine`)
  if (error.code === 'EACCES') return new ListenError(`no permission to listen on port ${port} on ${host}; choose a port above 1023 with --port`)
  return new ListenError(`cannot listen on ${host}:${port}: ${error.message}`)
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/**
 * Only names that cannot be an attacker's may be in the Host header: a page of another site
 * whose name an attacker points at this machine (DNS rebinding) would otherwise be same-origin
 * with this server, and could read its pages, the live-reload diagnostics and the emulator's
 * outbox of sign-in codes and links. On a loopback interface that is loopback names only; on any
 * other (`--host 0.0.0.0`) also IP addresses, which no DNS answer can put in a Host header, the
 * name listened on and this machine's own name, as other machines on the network reach it.
 */
function hostCheck(listenHost: string): { readonly allows: (host: string | undefined) => boolean; readonly names: string } {
  const loopback = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i
  const ipAddress = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i
  const onLoopback = loopback.test(listenHost)
  const machine = hostname().toLowerCase()
  const named = onLoopback ? [] : [...new Set([listenHost.toLowerCase(), machine, `${machine}.local`])].filter((name) => name !== '' && name !== 'localhost' && name !== '.local' && !ipAddress.test(name) && !name.includes(':'))
  return {
    allows: (host) => {
      const name = host?.replace(/:\d+$/, '').toLowerCase()
      if (name === undefined) return false
      return loopback.test(name) || name.endsWith('.localhost') || (!onLoopback && (ipAddress.test(name) || named.includes(name)))
    },
    names: onLoopback ? 'loopback names only (127.0.0.1, localhost)' : `IP addresses and the names localhost${named.map((name) => `, ${name}`).join('')} only`,
  }
}

async function answer(handler: Handler, req: IncomingMessage, res: ServerResponse, hosts: ReturnType<typeof hostCheck>): Promise<void> {
  let response: Response
  const problem = rawTargetProblem(req.url ?? '/')
  if (problem !== undefined || !(req.url ?? '/').startsWith('/')) response = text(400, `Refused: ${problem ?? 'the request target is not a path'}`)
  else if (!hosts.allows(req.headers.host)) response = text(421, `Refused: this server answers to ${hosts.names}, not '${String(req.headers.host).slice(0, 100)}'`)
  else {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
    }
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    // The Host header cannot move the path: the URL is built from the socket's own address.
    const origin = `http://${req.socket.localFamily === 'IPv6' ? `[${req.socket.localAddress}]` : req.socket.localAddress}:${req.socket.localPort}`
    const request = new Request(`${origin}${req.url}`, {
      method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit)
    try {
      response = await handler(request)
    } catch (error) {
      // A programmer error: logged for us, a plain 500 for the browser (no stack trace to a page).
      console.error(error)
      response = text(500, 'Internal error in docsgen serve (see the terminal)')
    }
  }
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  if (response.body === null || req.method === 'HEAD') {
    res.end()
    return
  }
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('error', () => res.destroy()).pipe(res)
}
