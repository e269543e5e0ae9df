/**
 * Live reload over a WebSocket (the `ws` library): the served pages connect to one socket path
 * and are told, after each rebuild, which routes changed (a page reloads only when its own route
 * did) or which diagnostics the failed rebuild found (the overlay). A page that connects while
 * the last rebuild failed gets the diagnostics at once, then what `greet` has to say to a page
 * of its socket URL's query (`?early`: answered before the first build, which may be done by
 * now). Only pages of this server's own origin may connect: diagnostics name the site's files.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Diagnostic } from '../../shared/diagnostic.js'

/**
 * What the browser is sent. `routes` are canonical paths of public routes (`/docs/x`), or 'all';
 * `private` says that private routes changed, without naming them: a page reloads for it when
 * its own path matches the site's private rules, which every page already carries.
 */
export type LiveMessage =
  | { readonly type: 'reload'; readonly routes: readonly string[] | 'all'; readonly private: boolean }
  | { readonly type: 'error'; readonly diagnostics: readonly Diagnostic[] }
  | { readonly type: 'ok' }

export interface LiveReload {
  /** The server's upgrade listener: takes requests for the socket path, refuses the rest. */
  readonly upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void
  readonly send: (message: LiveMessage) => void
  readonly close: () => Promise<void>
}

export function createLiveReload(socketPath: string, greet: (query: URLSearchParams) => LiveMessage | undefined = () => undefined): LiveReload {
  const server = new WebSocketServer({ noServer: true, maxPayload: 1024 })
  let failure: LiveMessage | undefined
  server.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Pages only listen; anything they send is ignored.
    socket.on('error', () => socket.terminate())
    if (failure) socket.send(JSON.stringify(failure))
    const greeting = greet(new URL(request.url ?? '/', 'http://socket.invalid').searchParams)
    if (greeting) socket.send(JSON.stringify(greeting))
  })
  return {
    upgrade(request, socket, head) {
      const path = (request.url ?? '').replace(/\?[^]*$/, '')
      if (path !== socketPath || !sameOrigin(request)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return
      }
      server.handleUpgrade(request, socket, head, (client) => server.emit('connection', client, request))
    },
    send(message) {
      failure = message.type === 'error' ? message : undefined
      const data = JSON.stringify(message)
      for (const client of server.clients) if (client.readyState === client.OPEN) client.send(data)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}

/** A browser always sends Origin on a WebSocket handshake; it must name the host the page was served from. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return false
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}
