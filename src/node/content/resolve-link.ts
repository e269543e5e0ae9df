/**
 * What a link written in a page reaches: one reading, used both to rewrite links as pages are
 * parsed (content stage) and to check them (validate stage), so the two can never disagree.
 *
 * In the order they are tried: a link that leaves the site (`https:`, `mailto:`, `//host`), a
 * `#heading` of the page itself, a file published as it is (`./shot.png` beside the page, or the
 * path it is served at), a Markdown source file (`./intro.md#setup`, or `/Guides/intro.md` from
 * the section's root), and otherwise a route path, resolved against the page as a browser would.
 */
import { posix } from 'node:path'
import { canonicalPath, routeHref, safeDecode } from '../../shared/canonical-path.js'

/** The tables a link is resolved against. */
export interface LinkTargets {
  /** The route each Markdown or page source file is published at. */
  readonly routeOfFile: ReadonlyMap<string, string>
  /** Where each file beside the pages is served, by source file: what a relative link may name (`./shot.png`). */
  readonly fileAssets: ReadonlyMap<string, string>
  /** The source file of each file published as it is, by the path it is served at: what a root-relative link may name. */
  readonly servedAssets: ReadonlyMap<string, string>
}

/** The page a link is written in. */
export interface LinkSource {
  readonly file: string
  readonly kind: 'doc' | 'page' | 'component-page'
  readonly route: string
}

export type ResolvedLink =
  | { readonly kind: 'external' }
  /** `#heading` on the page itself. */
  | { readonly kind: 'anchor'; readonly hash: string }
  /** A file published as it is; `suffix` is the query and fragment as written (`#page=2`). */
  | { readonly kind: 'asset'; readonly file: string; readonly path: string; readonly suffix: string }
  /** A Markdown file; `route` is undefined when no such file is published. */
  | { readonly kind: 'document'; readonly file: string; readonly route: string | undefined; readonly hash: string }
  /**
   * A route path: `path` is its canonical form (undefined when it has none), `written` the path
   * as written (decoded, without query), `source` the file it names if read relative to the page.
   */
  | { readonly kind: 'route'; readonly path: string | undefined; readonly written: string; readonly source: string; readonly hash: string }

const markdownLink = /^([^#?]*\.md)(#.*)?$/
const scheme = /^[a-z][a-z\d+.-]*:/i

export function resolveLink(url: string, from: LinkSource, targets: LinkTargets): ResolvedLink {
  if (scheme.test(url) || url.startsWith('//')) return { kind: 'external' }
  const hashIndex = url.indexOf('#')
  const hash = hashIndex === -1 ? '' : safeDecode(url.slice(hashIndex + 1))
  const pathPart = hashIndex === -1 ? url : url.slice(0, hashIndex)
  if (pathPart === '') return { kind: 'anchor', hash }

  const written = safeDecode(pathPart.split('?')[0]!)
  const folder = posix.dirname(from.file)
  const rootRelative = written.startsWith('/')
  const assetFile = written === '' ? undefined : rootRelative ? targets.servedAssets.get(written) : posix.join(folder, written)
  const assetPath = assetFile === undefined ? undefined : rootRelative ? written : targets.fileAssets.get(assetFile)
  if (assetFile !== undefined && assetPath !== undefined) {
    const suffix = url.search(/[?#]/)
    return { kind: 'asset', file: assetFile, path: assetPath, suffix: suffix === -1 ? '' : url.slice(suffix) }
  }

  const markdown = markdownLink.exec(safeDecode(pathPart))
  if (markdown) {
    const target = markdown[1]!
    const file = target.startsWith('/') ? posix.join(`content/${from.kind === 'doc' ? 'docs' : 'pages'}`, target) : posix.join(folder, target)
    return { kind: 'document', file, route: targets.routeOfFile.get(file), hash }
  }
  // Worked out when asked for: rewriting a link to a route needs neither, checking it does.
  return {
    kind: 'route',
    get path() {
      return resolveRoutePath(pathPart, from.route)
    },
    get source() {
      return posix.join(folder, written)
    },
    written,
    hash,
  }
}

/**
 * Resolves a link against the page it is on, the way a browser would, into a canonical route
 * path: a relative link continues the page's folder. No URL parser: it would read "\\host" as
 * another host, where canonicalPath refuses the backslash.
 */
function resolveRoutePath(pathPart: string, fromRoute: string): string | undefined {
  const path = pathPart.replace(/\?[^]*$/, '')
  return canonicalPath(path.startsWith('/') ? path : `${routeHref(fromRoute.slice(0, fromRoute.lastIndexOf('/') + 1))}${path}`)
}
