/**
 * Which links client navigation takes over: links to pages of this site, under its base URL, that
 * are not private (private pages are served by the gate, in full) and not files (an image, a PDF,
 * the build's own folder). Everything else is left to the browser.
 */
import { canonicalPath } from '../../shared/canonical-path.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'

export interface SiteScope {
  readonly baseUrl: string
  readonly privatePatterns: readonly string[]
}

/** The canonical route path a URL of this site names, or undefined when it names none. */
export function routePathOf(url: URL, baseUrl: string): string | undefined {
  if (!url.pathname.startsWith(baseUrl) && `${url.pathname}/` !== baseUrl) return undefined
  return canonicalPath(`/${url.pathname.slice(baseUrl.length)}`)
}

/** Whether a private-path rule covers the route path (tested with and without a final slash, to err on the private side). */
export function isPrivatePath(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    try {
      const rule = new RegExp(pattern)
      return rule.test(path) || rule.test(path === '/' ? path : `${path}/`)
    } catch {
      return true
    }
  })
}

/** The route path to load by client navigation for `url`, or undefined to let the browser follow it. */
export function clientRoute(url: URL, origin: string, scope: SiteScope): string | undefined {
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
  const path = routePathOf(url, scope.baseUrl)
  if (path === undefined || path === `/${GENERATED_FOLDER}` || path.startsWith(`/${GENERATED_FOLDER}/`)) return undefined
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  if (/\.[a-z0-9]+$/i.test(name) && !/\.html$/i.test(name)) return undefined
  if (isPrivatePath(path, scope.privatePatterns)) return undefined
  return path
}
