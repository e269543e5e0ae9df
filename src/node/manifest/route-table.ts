/**
 * The routes of the manifest as they are added, each proven before it is kept: a route not made
 * from a file (a generated index, a redirect) must be a route path of portable names, and no two
 * routes may be one page somewhere (the same path, or paths hosts and file systems do not tell
 * apart). A route that fails is reported where it comes from and left out, never overwritten.
 */
import { misreadRouteProblem, routeCollisionKey, stripRouteSuffix } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Route } from '../../shared/manifest.js'
import { collisionKey, routePathProblem } from '../../shared/portable-path.js'
import type { CategoryMeta } from '../content/read-category.js'

export interface RouteTable {
  readonly routes: ReadonlyMap<string, Route>
  /** Adds a route, or reports why it cannot be one; `origin` is the category file of a generated index. */
  readonly addRoute: (route: Route, origin?: CategoryMeta['source']) => void
  /** Whether a route is one page with `path` somewhere. */
  readonly hasRoute: (path: string) => boolean
  /** The route that is one page with `path` somewhere (`/docs/a` for `/docs/a/`, under trailingSlash), if any. */
  readonly routeAt: (path: string) => Route | undefined
}

/** `pageFolders`: pages are written as `page/index.html` (see ResolvedConfig.pageFolders). */
export function createRouteTable(diagnostics: Diagnostic[], pageFolders = false): RouteTable {
  const routes = new Map<string, Route>()
  const byKey = new Map<string, Route>()
  const addRoute = (added: Route, origin?: CategoryMeta['source']) => {
    const route = pageFolders && added.kind !== 'notFound' && !added.file.endsWith('index.html') ? { ...added, file: `${added.file.slice(0, -'.html'.length)}/index.html` } : added
    // Routes of files are judged by their file names (content stage); a generated one by its path.
    const problem = route.source === undefined ? routePathProblem(route.path) : undefined
    if (problem !== undefined) {
      diagnostics.push(
        diagnostic({
          file: 'site.config.ts',
          ...origin,
          ruleId: origin ? 'category-invalid' : 'config-invalid',
          message: `${capitalised(describeSource(route))} would be at "${route.path}", which ${problem}`,
          suggestion: origin ? 'Set "link.slug" in the category file to a path of plain names, such as "/category/guides".' : undefined,
        }),
      )
      return
    }
    // Slugs are proven where they are written; a file's name shows here ("c#.md" would be served at "/docs/c").
    const misread = misreadRouteProblem(route.path)
    if (misread !== undefined) {
      diagnostics.push(
        diagnostic({
          file: route.source ?? 'site.config.ts',
          ...origin,
          ruleId: 'output-path-invalid',
          message: `${capitalised(describeSource(route))} would be at "${route.path}", which ${misread}`,
          suggestion: 'Rename the file or folder, or set a slug, without "#", "?" or "%".',
        }),
      )
      return
    }
    const existing = byKey.get(routeCollisionKey(route.path))
    if (existing === undefined) {
      routes.set(route.path, route)
      byKey.set(routeCollisionKey(route.path), route)
      return
    }
    // Two sources whose own names clash are reported once, by the content stage.
    if (existing.source !== undefined && route.source !== undefined && collisionKey(existing.source) === collisionKey(route.source)) return
    diagnostics.push(
      diagnostic({
        file: route.source ?? 'site.config.ts',
        ...origin,
        ruleId: 'duplicate-route',
        message:
          existing.path === route.path
            ? `Route "${route.path}" is produced twice: by ${describeSource(existing)} and by ${describeSource(route)}`
            : `Routes "${existing.path}" (by ${describeSource(existing)}) and "${route.path}" (by ${describeSource(route)}) differ only in ${howRoutesDiffer(existing.path, route.path)}`,
        suggestion: 'Rename or move one of them; only one page can live at a path.',
      }),
    )
  }
  return { routes, addRoute, hasRoute: (path) => byKey.has(routeCollisionKey(path)), routeAt: (path) => routes.get(path) ?? byKey.get(routeCollisionKey(path)) }
}

export function describeSource(route: Route): string {
  if (route.source) return `"${route.source}"`
  return route.kind === 'category' ? `the generated index of category "${route.title}"` : `the generated ${route.kind} page`
}

function howRoutesDiffer(one: string, other: string): string {
  const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path)
  if (withoutSlash(one) === withoutSlash(other)) return 'a trailing slash, which hosts serve at one URL'
  if (stripRouteSuffix(one) === stripRouteSuffix(other)) return 'an ".html" ending, which hosts serve at one URL'
  if (stripRouteSuffix(one).normalize('NFC') === stripRouteSuffix(other).normalize('NFC')) return 'Unicode form (NFC and NFD), which macOS does not tell apart'
  return 'letter case, which case-insensitive file systems (macOS, Windows) do not tell apart'
}

function capitalised(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`
}
