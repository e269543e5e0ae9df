/**
 * The manifest: every route of the site and its access rule. It is built once per build, never
 * edited in place, and is the single source of truth for render, client, gate and harness.
 * Plain serialisable data only.
 */

/**
 * What produced a route. A redirect route is a page that sends the reader on (the docs root → the
 * main doc); a tags route lists the docs' tags (`/docs/tags`) or the docs of one tag; a blog
 * route lists blog posts (`/blog`, `/blog/page/2`, `/blog/tags/<tag>`).
 */
export type RouteKind = 'doc' | 'category' | 'page' | 'post' | 'blog' | 'redirect' | 'notFound' | 'tags'

/** Who may read a route. Computed at build time from the configured private-path rules. */
export type Access =
  | { readonly private: false }
  | {
      readonly private: true
      /** Groups a reader must belong to, all of them; empty means "any signed-in person". */
      readonly groups: readonly string[]
      /** The configured rule(s) that made the route private, as written in the config. */
      readonly rules: readonly string[]
    }

/** A heading of a page, with the id its anchor uses. */
export interface Heading {
  /** 1–6; 0 for an id in raw HTML that links may name but the ToC does not list (`<a id="x">`). */
  readonly depth: number
  readonly id: string
  readonly text: string
}

/** A place in a source file. 1-based line and column. */
export interface SourcePosition {
  readonly line: number
  readonly column: number
}

/** A link found in a page's source, kept for validation. */
export interface SourceLink {
  /** The link as written. */
  readonly url: string
  readonly position: SourcePosition | undefined
  /** An image's source (`![alt](url)`) rather than a link. */
  readonly image?: boolean
}

/**
 * A file published as it is: a file of `static/` (always public), or a file beside the pages
 * that a page links to or shows (private when its path is, or when only private pages use it).
 */
export interface Asset {
  /** Canonical path it is served at, like a route path: `/docs/Guides/shot.png`. */
  readonly path: string
  /** Source file, relative to the site folder. */
  readonly source: string
  /** Output file, relative to the output folder. */
  readonly file: string
  readonly access: Access
}

export interface Route {
  /** Canonical route path: decoded, leading slash, e.g. `/docs/Lotus Byte/` or `/docs/Sanctum/intro`. */
  readonly path: string
  readonly kind: RouteKind
  readonly title: string
  readonly description: string | undefined
  /** Content file, relative to the site folder (`content/docs/Sanctum/intro.md`); none for generated pages. */
  readonly source: string | undefined
  /** The HTML file this route is written to, relative to the output folder. */
  readonly file: string
  readonly access: Access
  /** Every heading id on the page (anchors), all depths. */
  readonly headings: readonly Heading[]
  /** Id of the sidebar the route belongs to, if any (a key of Manifest.sidebars). */
  readonly sidebar: string | undefined
  /** For a route of versioned docs: the name of its version (DocsVersion.name). */
  readonly version?: string
  /** For redirect routes: where to. */
  readonly redirectTo: string | undefined
  /** How a Markdown page is shown, from its front matter; absent for generated pages. */
  readonly display?: RouteDisplay
  /** For a tags or blog route: the routes it lists, in order (tag pages for `/docs/tags`, docs for a tag, posts for a blog list). */
  readonly items?: readonly string[]
}

/** Front matter that changes how a page is shown and listed. */
export interface RouteDisplay {
  /** Built, but kept out of the sidebar, the sitemap and search engines. */
  readonly unlisted: boolean
  readonly hideTitle: boolean
  readonly hideTableOfContents: boolean
  /** The page's own table of contents levels, when its front matter sets them. */
  readonly tocMinHeadingLevel: number | undefined
  readonly tocMaxHeadingLevel: number | undefined
  readonly keywords: readonly string[]
  /** The page's tags and the route of each tag's page (undefined when the tag has none). */
  readonly tags: readonly { readonly label: string; readonly path: string | undefined }[]
  /** From front matter: the route previous/next link to, null for none; undefined follows the sidebar. */
  readonly previous: string | null | undefined
  readonly next: string | null | undefined
  /** The id written on the page's title (`# Title {#id}`). */
  readonly titleId: string | undefined
  /** A post's date, as an ISO time (`2024-01-05T00:00:00.000Z`); none for an undated post or another page. */
  readonly date?: string | undefined
}

/** One entry of a sidebar tree. */
export type SidebarItem =
  | {
      readonly type: 'doc'
      readonly label: string
      /** Route path of the doc. */
      readonly path: string
      readonly private: boolean
      /** Front matter `sidebar_class_name`. */
      readonly className?: string
    }
  | {
      readonly type: 'category'
      readonly label: string
      /** Route the category label links to (generated index or index doc), if any. */
      readonly path: string | undefined
      readonly collapsed: boolean
      readonly collapsible: boolean
      /** True when the category's own link and every item in it are private. */
      readonly private: boolean
      readonly items: readonly SidebarItem[]
    }
  | {
      /** A sidebars file's `link` item: a page of this site (`target` is its route path) or elsewhere. */
      readonly type: 'link'
      readonly label: string
      /** As written in the sidebars file (an external URL, or a route path). */
      readonly href: string
      /** The route an internal link reaches; undefined for an external one. */
      readonly target: string | undefined
      readonly path: undefined
      /** True when it links to a private page. */
      readonly private: boolean
      readonly className?: string
    }
  | {
      /** A sidebars file's `html` item, sanitised as raw HTML in a page is. */
      readonly type: 'html'
      readonly html: string
      readonly path: undefined
      readonly private: false
      readonly className?: string
    }

/** One version of the docs (Docusaurus's versioning: the current one in the docs folder, released ones in versioned_docs/). */
export interface DocsVersion {
  /** 'current', or the name in versions.json ('2.0'). */
  readonly name: string
  readonly label: string
  /** The route path the version's docs live under (`/docs`, `/docs/next`, `/docs/1.0`). */
  readonly path: string
  /** The id of the version's main doc; '' when it has none. */
  readonly mainDoc: string
  /** Docusaurus's banner: above an unreleased version's pages, or an older one's. */
  readonly banner: 'unreleased' | 'unmaintained' | undefined
  /** The version readers are sent to by default (Docusaurus's lastVersion). */
  readonly isLast: boolean
  /** Its pages are kept out of search engines and the sitemap. */
  readonly noIndex: boolean
}

export interface Manifest {
  /** Format version of this file. */
  readonly format: 1
  /** The path the site is served under ("/" or e.g. "/handbook/"); route paths below are without it. */
  readonly baseUrl: string
  /** The version of the docs readers see by default (the last one). */
  readonly version: DocsVersion
  /** Every version, newest first (current, then versions.json's order); one for an unversioned site. */
  readonly versions: readonly DocsVersion[]
  readonly routes: readonly Route[]
  /** Private-path rules as RegExp sources, for client-side UX checks (never the only barrier). */
  readonly privatePaths: readonly { readonly pattern: string; readonly groups: readonly string[] }[]
  readonly sidebars: Readonly<Record<string, readonly SidebarItem[]>>
  /** Files published as they are, sorted by path. The public manifest lists the public ones only. */
  readonly assets: readonly Asset[]
}
