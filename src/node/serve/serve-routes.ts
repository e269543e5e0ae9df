/**
 * The server of `docsgen serve` as a `(Request) => Promise<Response>` handler: a table of routes
 * tried in order (the live-reload script, what the command mounts, such as the provider emulator),
 * then the site itself: the private-route mount (the gate) in front of the static files.
 */
import type { Handler } from './static-files.js'

export interface ServeRoute {
  /** What the route serves, for logs and tests. */
  readonly name: string
  /** Takes the URL's path as sent (percent-encoded). */
  readonly matches: (pathname: string) => boolean
  readonly handle: Handler
}

/** A route for every path under `prefix` (`/_docsgen/provider` takes `/_docsgen/provider` and `/_docsgen/provider/…`). */
export function prefixRoute(name: string, prefix: string, handle: Handler): ServeRoute {
  return { name, matches: (pathname) => pathname === prefix || pathname.startsWith(`${prefix}/`), handle }
}

export function exactRoute(name: string, path: string, handle: Handler): ServeRoute {
  return { name, matches: (pathname) => pathname === path, handle }
}

export function routeRequests(routes: readonly ServeRoute[], site: Handler): Handler {
  return (request) => {
    const { pathname } = new URL(request.url)
    const route = routes.find((candidate) => candidate.matches(pathname))
    return route === undefined ? site(request) : route.handle(request)
  }
}
