/**
 * What a link written in a page reaches: one reading, used both to rewrite links as pages are
 * parsed (content stage) and to check them (validate stage), so the two can never disagree.
 *
 * In the order they are tried: a link that leaves the site (`https:`, `mailto:`, `//host`), a
 * `#heading` of the page itself, a file published as it is (`./shot.png` beside the page, or the
 * path it is served at), a Markdown or MDX source file (`./intro.md#setup`, or `/Guides/intro.md`
 * from the section's root: see markdownCandidates; `@site/…` from the site's folder), and
 * otherwise a route path, resolved against the page as a browser would.
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
  /** Where every file published as it is (static/ included) is served, by source file: what `@site/…` may name. */
  readonly siteFiles: ReadonlyMap<string, string>
  /** Markdown files left out of this build (drafts). */
  readonly drafts: ReadonlySet<string>
}

/** The page a link is written in. */
export interface LinkSource {
  readonly file: string
  /** The file's path under its section folder (`Guides/intro.md` of `content/docs/Guides/intro.md`). */
  readonly relative: string
  readonly kind: 'doc' | 'page' | 'post' | 'component-page'
  readonly route: string
}

export type ResolvedLink =
  | { readonly kind: 'external' }
  /** `#heading` on the page itself. */
  | { readonly kind: 'anchor'; readonly hash: string }
  /** A file published as it is; `suffix` is the query and fragment as written (`#page=2`). */
  | { readonly kind: 'asset'; readonly file: string; readonly path: string; readonly suffix: string }
  /**
   * A Markdown file; `route` is undefined when no such file is published (then `file` is where it
   * was looked for first), `draft` when it is a draft this build leaves out.
   */
  | { readonly kind: 'document'; readonly file: string; readonly route: string | undefined; readonly hash: string; readonly draft: boolean; readonly query?: string }
  /**
   * A route path: `path` is its canonical form (undefined when it has none), `written` the path
   * as written (decoded, without query), `source` the file it names if read relative to the page.
   */
  | { readonly kind: 'route'; readonly path: string | undefined; readonly written: string; readonly source: string; readonly hash: string }

/** A link to a Markdown file, its query (`./options.md?inline`) kept: Docusaurus tests the extension on the path alone and keeps the query in the link it writes. */
const markdownLink = /^([^#?]*\.mdx?)(\?.*)?$/
const scheme = /^[a-z][a-z\d+.-]*:/i

export function resolveLink(url: string, from: LinkSource, targets: LinkTargets): ResolvedLink {
  if (scheme.test(url) || url.startsWith('//')) return { kind: 'external' }
  const hashIndex = url.indexOf('#')
  const hash = hashIndex === -1 ? '' : safeDecode(url.slice(hashIndex + 1))
  const pathPart = hashIndex === -1 ? url : url.slice(0, hashIndex)
  if (pathPart === '') return { kind: 'anchor', hash }

  const written = safeDecode(pathPart.split('?')[0]!)
  if (written.startsWith('@site/')) return fromSiteFolder(url, written, hash, targets)
  const folder = posix.dirname(from.file)
  const rootRelative = written.startsWith('/')
  const assetFile = written === '' ? undefined : rootRelative ? targets.servedAssets.get(written) : posix.join(folder, written)
  // A relative path may reach any file published as it is, static/ included (`../../static/img/a.png`), as in Docusaurus.
  const assetPath = assetFile === undefined ? undefined : rootRelative ? written : (targets.fileAssets.get(assetFile) ?? targets.siteFiles.get(assetFile))
  if (assetFile !== undefined && assetPath !== undefined) {
    const suffix = url.search(/[?#]/)
    return { kind: 'asset', file: assetFile, path: assetPath, suffix: suffix === -1 ? '' : url.slice(suffix) }
  }

  const markdown = markdownLink.exec(safeDecode(pathPart))
  if (markdown) {
    const candidates = markdownCandidates(markdown[1]!, from)
    const file = candidates.find((candidate) => targets.routeOfFile.has(candidate) || targets.drafts.has(candidate)) ?? candidates[0]!
    return { kind: 'document', file, route: targets.routeOfFile.get(file), hash, draft: targets.drafts.has(file), ...(markdown[2] ? { query: pathPart.slice(pathPart.indexOf('?')) } : {}) }
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
 * Docusaurus's `@site/…`: a path from the site's folder, to a file published as it is or a
 * Markdown file; one that leaves the folder names nothing.
 */
function fromSiteFolder(url: string, written: string, hash: string, targets: LinkTargets): ResolvedLink {
  const file = posix.normalize(written.slice('@site/'.length))
  const inside = file !== '..' && !file.startsWith('../') && !posix.isAbsolute(file)
  const path = inside ? targets.siteFiles.get(file) : undefined
  if (path !== undefined) {
    const suffix = url.search(/[?#]/)
    return { kind: 'asset', file, path, suffix: suffix === -1 ? '' : url.slice(suffix) }
  }
  if (/\.mdx?$/.test(file)) return { kind: 'document', file, route: inside ? targets.routeOfFile.get(file) : undefined, hash, draft: inside && targets.drafts.has(file) }
  return { kind: 'route', path: undefined, written, source: file, hash }
}

/**
 * The files a link to a Markdown file may name, in the order Docusaurus tries them: `./x.md` and
 * `../x.md` only beside the linking file; `/x.md` from the section's root (`content/docs`), then
 * from the site's folder; a bare `x.md` beside the file, then from those two.
 */
function markdownCandidates(target: string, from: LinkSource): string[] {
  // A section that is the site's folder itself (a VitePress site without srcDir) has '' for root.
  const root = from.file.length === from.relative.length ? '' : from.file.slice(0, from.file.length - from.relative.length - 1)
  const beside = posix.join(posix.dirname(from.file), target)
  if (target.startsWith('./') || target.startsWith('../')) return [beside]
  const fromSite = posix.normalize(target.replace(/^\/+/, ''))
  const fromRoots = [posix.join(root, fromSite), fromSite]
  return target.startsWith('/') ? fromRoots : [beside, ...fromRoots]
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
