/**
 * What Markdown and MDX pages share once parsed: how their links are rewritten to published URLs
 * (through the one resolver, resolve-link.ts) and the ContentDocument made of a parsed page.
 */
import { posix } from 'node:path'
import { siteHref, underBaseUrl, withoutLinkedBaseUrl } from '../../shared/canonical-path.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import type { PageBody } from './page-bodies.js'
import type { RewriteLink } from './parse-markdown.js'
import type { ContentFile } from './read-content.js'
import type { PostExcerpt } from './post-excerpt.js'
import { postDateFromFile } from './blog-post-route.js'
import type { IncludedFile, ParsedPage } from './parsed-page.js'
import { emptyFrontMatter, type FrontMatter, type PostAuthor } from './read-front-matter.js'
import { resolveLink, type LinkSource, type LinkTargets } from './resolve-link.js'
import { docId, parseNumberPrefix, withTrailingSlash } from './route-from-file.js'

export interface ContentDocument {
  readonly file: string
  readonly kind: 'doc' | 'page' | 'post' | 'component-page'
  /** Path under its section folder (`Sanctum/intro.md`). */
  readonly relative: string
  /** For docs: the id (`Sanctum/intro`). */
  readonly id: string | undefined
  readonly route: string
  readonly title: string
  readonly description: string | undefined
  readonly sidebarLabel: string | undefined
  readonly sidebarPosition: number | undefined
  /** Sanitised body HTML, kept on disk until rendered (page-bodies.ts); empty for component pages (rendered later). */
  readonly body: PageBody
  readonly headings: readonly Heading[]
  readonly links: readonly SourceLink[]
  /** Files beside the pages (`content/docs/Guides/shot.png`) that this page links to or shows. */
  readonly assets: readonly string[]
  /** How the page is shown, from its front matter. */
  readonly display: DocumentDisplay
  /** For blog posts: what the list pages and feeds show of it. */
  readonly post?: PostInfo
  /** The page names itself for `<title>` (a React page's `Layout` title), the home page too. */
  readonly titled?: boolean
  /** The files its text includes (VitePress's includes and code snippets), site-relative: checked not to be private. */
  readonly includes?: readonly IncludedFile[]
}

export interface PostInfo extends PostExcerpt {
  /** ISO time from front matter `date`, else the file name's date; undefined when neither gives one. */
  readonly date: string | undefined
  /** Keys into `authors.yml`, or authors written out. */
  readonly authors: readonly (string | PostAuthor)[]
}

/** Front matter that changes how a page is shown and listed (Docusaurus's keys). */
export interface DocumentDisplay extends Pick<FrontMatter, (typeof displayKeys)[number]> {
  /** The id written on the title (`# Title {#id}`). */
  readonly titleId: string | undefined
}

const displayKeys = ['unlisted', 'hideTitle', 'hideTableOfContents', 'tocMinHeadingLevel', 'tocMaxHeadingLevel', 'paginationPrev', 'paginationNext', 'sidebarClassName', 'keywords', 'tags'] as const

/** What of a page's front matter changes how it is shown and listed, with the id written on its title. */
function displayOf(frontMatter: FrontMatter, titleId: string | undefined): DocumentDisplay {
  const picked = Object.fromEntries(displayKeys.map((key) => [key, frontMatter[key]])) as Pick<FrontMatter, (typeof displayKeys)[number]>
  return { ...picked, titleId }
}

export const plainDisplay: DocumentDisplay = displayOf(emptyFrontMatter, undefined)

/** The routes, files and drafts links are resolved against, as a parse job carries them. */
export interface LinkTables {
  readonly routeOfFile: readonly (readonly [string, string])[]
  readonly assetOfFile: readonly (readonly [string, string])[]
  /** The files of static/, by source file, with the path each is served at. */
  readonly staticOfFile: readonly (readonly [string, string])[]
  readonly drafts: readonly string[]
}

/** How links are published: under the base URL, spelt as `trailingSlash` says. */
export interface LinkStyle {
  readonly baseUrl: string
  readonly trailingSlash: boolean | undefined
  /** In a Docusaurus folder: a root-relative link may start with the base URL already (withoutLinkedBaseUrl). */
  readonly baseUrlInLinks?: boolean
}

export function linkTargetsOf(job: LinkTables): LinkTargets {
  return {
    routeOfFile: new Map(job.routeOfFile),
    fileAssets: new Map(job.assetOfFile),
    servedAssets: new Map(job.assetOfFile.map(([file, path]) => [path, file])),
    siteFiles: new Map([...job.assetOfFile, ...job.staticOfFile]),
    drafts: new Set(job.drafts),
  }
}

export function sourceOf(file: Pick<ContentFile, 'file' | 'relative' | 'kind'>, route: string): LinkSource {
  return { file: file.file, relative: file.relative, kind: file.kind === 'doc' ? 'doc' : 'page', route }
}

/** Rewrites the links written in `source` to their published URLs; files beside the pages they reach go into `assets`. */
export function createLinkRewriter(job: LinkStyle, targets: LinkTargets, source: LinkSource, assets: Set<string>): RewriteLink {
  return (written) => {
    const url = job.baseUrlInLinks === true ? withoutLinkedBaseUrl(written, job.baseUrl) : written
    const target = resolveLink(url, source, targets)
    if (target.kind === 'asset') {
      assets.add(target.file)
      return siteHref(job.baseUrl, target.path) + target.suffix
    }
    // A missing target is reported by validation (missing-file) from the collected links.
    if (target.kind === 'document') return target.route === undefined ? undefined : withQuery(siteHref(job.baseUrl, target.route, target.hash || undefined), target.query)
    // Other links are written as route paths (`/docs/intro`), as validation reads them, and
    // published under the base URL, as Docusaurus does; with trailingSlash set, spelt as its pages are.
    return underBaseUrl(job.baseUrl, target.kind === 'route' ? routeUrlWithTrailingSlash(url, job.trailingSlash) : url)
  }
}

/** `href` with a link's query as written (`?inline`) put before its fragment. */
function withQuery(href: string, query: string | undefined): string {
  if (query === undefined) return href
  const at = href.indexOf('#')
  return at === -1 ? href + query : href.slice(0, at) + query + href.slice(at)
}

/** A link to a route with its path's final "/" added or removed as `trailingSlash` says; query and fragment kept. */
function routeUrlWithTrailingSlash(url: string, trailingSlash: boolean | undefined): string {
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  // A relative link ("../", "setup") is left as written: its final "/" changes what it resolves against.
  if (trailingSlash === undefined || !path.startsWith('/')) return url
  return withTrailingSlash(path, trailingSlash) + (end === -1 ? '' : url.slice(end))
}


export function contentDocument(file: ContentFile, route: string, parsed: Omit<ParsedPage, 'html'>, body: PageBody, assets: ReadonlySet<string>, excerpt?: PostExcerpt): ContentDocument {
  const kind = file.kind as 'doc' | 'page' | 'post'
  const { frontMatter } = parsed
  return {
    file: file.file,
    kind,
    relative: file.relative,
    // A VitePress page's id is its path, as its sidebar names it (VitePress has no doc ids).
    id: kind === 'doc' ? (file.routedByPath ? file.relative.replace(/\.md$/, '') : docId(file.relative, frontMatter)) : undefined,
    route,
    title: parsed.title ?? titleFromFileName(file.relative),
    description: parsed.description,
    sidebarLabel: frontMatter.sidebarLabel,
    // As in Docusaurus, a file's number prefix (`02-setup.md`) places it when front matter does not.
    sidebarPosition: frontMatter.sidebarPosition ?? parseNumberPrefix(posix.basename(file.relative)).prefix,
    body,
    headings: parsed.headings,
    links: parsed.links,
    assets: [...assets],
    display: displayOf(frontMatter, parsed.titleId),
    ...(parsed.dependencies !== undefined && parsed.dependencies.length > 0 ? { includes: parsed.dependencies } : {}),
    ...(kind === 'post' && excerpt ? { post: { ...excerpt, date: frontMatter.date ?? postDateFromFile(file.relative), authors: frontMatter.authors } } : {}),
  }
}

export function titleFromFileName(relative: string): string {
  const name = parseNumberPrefix(posix.basename(relative).replace(/\.(mdx?|[jt]sx?)$/, '')).name
  return name === 'index' ? parseNumberPrefix(posix.basename(posix.dirname(relative))).name || 'Home' : name
}
