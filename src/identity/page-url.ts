/** The page URL a sign-in reads its parameters from, and removing them once read. */

import { IdentityError } from './errors.js'
import type { ResolvedPorts } from './ports.js'

/** `url`, else the window's address; undefined outside a browser. Not a URL: invalidSlashIDURLParamsError. */
export function readPageURL(ports: ResolvedPorts, url: string | undefined): URL | undefined {
  const href = url ?? ports.window?.location.href
  if (href === undefined) return undefined
  try {
    return new URL(href)
  } catch {
    throw new IdentityError('invalidSlashIDURLParamsError', `Not a URL: '${href}'`)
  }
}

/** Remove the given query parameters from the address bar (history.replaceState), when `url` is the page's. */
export function stripPageParams(ports: ResolvedPorts, url: URL, names: readonly string[]): void {
  const history = ports.window?.history
  if (!history || ports.window?.location.href !== url.href) return
  const clean = new URL(url.href)
  for (const name of names) clean.searchParams.delete(name)
  history.replaceState(null, '', clean.href)
}
