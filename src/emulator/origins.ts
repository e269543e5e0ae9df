/**
 * Which web pages may talk to the emulator, and under which Host names it answers.
 *
 * A page's origin is allowed when it is listed in the fixture's `siteOrigins`, is the emulator's
 * own, or is a development origin: a loopback host (localhost, *.localhost, 127.x.x.x, [::1]) or
 * a name reserved for testing that no public site can have (*.test, *.example, *.invalid). The
 * same rule decides where the emulator sends people: link landing pages and OAuth redirects.
 *
 * The Host header is checked on every request, so that a public name re-pointed at 127.0.0.1 (DNS
 * rebinding) cannot reach the mailbox: the emulator's own host, a loopback name on its port, or
 * one listed in `allowedHosts`.
 */

/** Host names of development origins (also embedded in the sdk.html frame page). */
export const DEVELOPMENT_HOSTNAME = /^(?:localhost|[a-z0-9.-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|[a-z0-9.-]+\.(?:test|example|invalid))$/i

/** A Host header: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. Nothing else. */
export const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

const LOOPBACK_HOSTNAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** `scheme://host[:port]` of an absolute http(s) URL; undefined for anything else. */
export function httpOrigin(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
}

export class OriginPolicy {
  private readonly own: string
  private readonly port: string
  private readonly sites: ReadonlySet<string>
  private readonly hosts: ReadonlySet<string>

  constructor(baseURL: string, siteOrigins: readonly string[] = [], allowedHosts: readonly string[] = []) {
    const base = new URL(baseURL)
    this.own = base.origin
    this.port = base.port || (base.protocol === 'https:' ? '443' : '80')
    this.sites = new Set(siteOrigins.map((o) => httpOrigin(o) ?? o))
    this.hosts = new Set([base.host.toLowerCase(), ...allowedHosts.map((h) => h.toLowerCase())])
  }

  /** A page at `origin` (the Origin header) may call the emulator. */
  allowsOrigin(origin: string): boolean {
    const normalized = httpOrigin(origin)
    if (normalized === undefined || normalized !== origin) return false
    return normalized === this.own || this.sites.has(normalized) || DEVELOPMENT_HOSTNAME.test(new URL(normalized).hostname)
  }

  /** People may be sent to `url` (links, redirect targets): http(s) on an allowed origin. */
  allowsRedirect(url: string): boolean {
    const origin = httpOrigin(url)
    return origin !== undefined && this.allowsOrigin(origin)
  }

  /** The request's `host` (Host header) names this emulator. */
  allowsHost(host: string): boolean {
    const lower = host.toLowerCase()
    if (this.hosts.has(lower)) return true
    const match = /^(.*?)(?::(\d+))?$/.exec(lower)!
    return LOOPBACK_HOSTNAME.test(match[1]!) && (match[2] ?? '80') === this.port
  }

  /** Where a person should reach the emulator (for error messages). */
  get ownOrigin(): string {
    return this.own
  }
}
