/**
 * What the theme needs to draw one page. The node side computes it from the manifest; the theme
 * (src/client/theme) renders it. Everything here is already safe to publish: for a private route
 * the view is the shell (no title, no body, no ToC).
 */

/** The neutral title of the sign-in shell; a private page's real one is private too. */
export const PRIVATE_SHELL_TITLE = 'Private page'

/** One ToC entry (heading levels from the config, 2–3 by default). */
export interface TocEntry {
  readonly depth: number
  readonly id: string
  readonly text: string
}

/** A sidebar entry as shown on one page: only the branch leading to the page is expanded. */
export type SidebarViewItem =
  | {
      readonly type: 'link'
      readonly label: string
      readonly href: string
      /** This is the current page. */
      readonly active: boolean
      /** Front matter `sidebar_class_name`, on the item. */
      readonly className?: string
      /** A link that leaves the site (a sidebars file's `link` item): marked as such. */
      readonly external?: boolean
    }
  | {
      /** A sidebars file's `html` item, already sanitised. */
      readonly type: 'html'
      readonly html: string
      readonly className?: string
    }
  | {
      readonly type: 'category'
      readonly label: string
      /** Where the label links to, if the category has a page. */
      readonly href: string | undefined
      /** The current page is this category's page or inside it. */
      readonly active: boolean
      /**
       * Whether the items are open. Items of a closed category are not rendered at all (its
       * label links to its index page), which keeps every page's size independent of the site's.
       */
      readonly expanded: boolean
      /** Whether the reader may open and close it (a chevron beside the label). */
      readonly collapsible: boolean
      /**
       * Its place in the public sidebar (`0-3`: the fourth item of the first), which names the
       * file its items are fetched from when the reader opens it (see sidebarDataFile).
       */
      readonly place: string
      readonly items: readonly SidebarViewItem[]
    }
  | {
      /**
       * Items of a long list left out of this page (see SIDEBAR_WINDOW): the runtime draws them in
       * place from the list's data file when the reader asks; without it, `href` is a page that
       * lists them all.
       */
      readonly type: 'more'
      /** The place of the category whose list this is ('' for the top level). */
      readonly list: string
      /** The positions left out: from `start` up to, not including, `end`. */
      readonly start: number
      readonly end: number
      readonly href: string
    }

export interface Breadcrumb {
  readonly label: string
  readonly href: string | undefined
}

/** A card on a generated category index page. */
export interface CategoryCard {
  readonly label: string
  readonly href: string
  readonly description: string | undefined
  readonly kind: 'doc' | 'category'
  /** For a category: how many items it holds. */
  readonly count: number | undefined
}

export interface PageLink {
  readonly label: string
  readonly href: string
}

export interface PageView {
  /** Canonical route path. */
  readonly path: string
  readonly kind: 'doc' | 'category' | 'page' | 'notFound' | 'tags'
  /** Document title for <title> and <h1>. For a private shell: a neutral text, never the page's. */
  readonly title: string
  /** The page named itself (a React page's `Layout` title): <title> is `title | site` on the home page too, as in Docusaurus. */
  readonly titled?: boolean
  /** Front matter `hide_title`: <title> only, no <h1>. */
  readonly hideTitle: boolean
  /** The <h1>'s id, when the title is written with one (`# Title {#id}`). */
  readonly titleId: string | undefined
  /** Built, but reached only by a link: not indexed, said so on the page. */
  readonly unlisted: boolean
  /** Front matter `keywords`, for the keywords meta tag. */
  readonly keywords: readonly string[]
  /** The page's tags; a tag without a page has no href. */
  readonly tags: readonly { readonly label: string; readonly href: string | undefined }[]
  /** Where the page's source is edited (docs.editUrl, blog.editUrl), for its "Edit this page" link. */
  readonly editUrl?: string | undefined
  readonly description: string | undefined
  /** Sanitised body HTML of a Markdown page ('' for shells, category pages and component pages). */
  readonly bodyHtml: string
  readonly toc: readonly TocEntry[]
  /** The trail above the page; undefined: none is shown (docs.breadcrumbs: false). */
  readonly breadcrumbs: readonly Breadcrumb[] | undefined
  /** Cards of a generated category index page, or of a tags page. */
  readonly cards: readonly CategoryCard[]
  readonly previous: PageLink | undefined
  readonly next: PageLink | undefined
  /**
   * Private route: the public HTML is a shell with the sign-in placeholder. The real body is
   * served by the gate after sign-in.
   */
  readonly gated: boolean
  /** Whether the page shows the docs layout (sidebar, ToC) or a plain full-width layout. */
  readonly layout: 'docs' | 'plain'
  /** For a page of versioned docs: its version, and the banner above it (an unreleased or unmaintained version's). */
  readonly version?: PageVersionView | undefined
  /** On the blog's pages: its sidebar of recent posts (none when blogSidebarCount is 0). */
  readonly blogSidebar?: BlogSidebarView | undefined
}

/**
 * The blog's sidebar: its title and the most recent public, listed posts, newest first, in groups:
 * one per year under its heading (blogSidebarGroupByYear), else one group without a heading.
 */
export interface BlogSidebarView {
  readonly title: string
  readonly groups: readonly BlogSidebarGroup[]
}

export interface BlogSidebarGroup {
  /** The year its posts were written ('Undated' for posts without a date); undefined for the one group of a flat list. */
  readonly year: string | undefined
  readonly items: readonly { readonly label: string; readonly href: string; readonly active: boolean }[]
}

export interface PageVersionView {
  /** The version's name, remembered as the reader's preferred version. */
  readonly name: string
  readonly label: string
  /** The version is kept out of search engines. */
  readonly noIndex: boolean
  readonly banner: { readonly kind: 'unreleased' | 'unmaintained'; readonly siteTitle: string; readonly latestLabel: string; readonly latestHref: string } | undefined
}

/** The version dropdown: the version of the page, and the same page (else the main doc) in each version. */
export interface VersionMenuView {
  readonly label: string
  readonly items: readonly { readonly name: string; readonly label: string; readonly href: string; readonly active: boolean }[]
}

export interface NavbarLinkView {
  readonly label: string
  readonly href: string
  readonly position: 'left' | 'right'
  /** Shown only to signed-in people (and, if listed, members of every group). */
  readonly auth: boolean
  readonly groups: readonly string[]
  /** The link points into the section of the current page. */
  readonly active: boolean
}

export interface FooterView {
  readonly style: 'dark' | 'light'
  readonly columns: readonly {
    readonly title: string
    readonly items: readonly { readonly label: string; readonly href: string }[]
  }[]
  readonly copyright: string
}

export interface AnnouncementBarView {
  readonly id: string
  /** Plain text (never HTML from config). */
  readonly content: string
  readonly backgroundColor: string
  readonly textColor: string
  readonly isCloseable: boolean
}

/** The site-wide part of every page: from the resolved config, the same on every page. */
export interface SiteView {
  readonly title: string
  readonly tagline: string
  readonly lang: string
  /** The path the site is served under, starting and ending with "/"; every href below includes it. */
  readonly baseUrl: string
  /** The home page's href. */
  readonly homeHref: string
  /** Where the docs start (the main doc), offered from the not-found page; undefined without docs. */
  readonly docsHref: string | undefined
  readonly navbar: {
    readonly title: string
    readonly logo: { readonly src: string; readonly alt: string } | undefined
    readonly items: readonly NavbarLinkView[]
    /** The docs' versions, for the version dropdown; undefined when the docs have one version or the page none. */
    readonly versions?: VersionMenuView | undefined
  }
  readonly footer: FooterView
  readonly announcementBar: AnnouncementBarView | undefined
  readonly colorMode: {
    readonly defaultMode: 'light' | 'dark'
    readonly disableSwitch: boolean
    readonly respectPrefersColorScheme: boolean
  }
  /** Whether the Log in button is shown (the login settings are configured). */
  readonly login: boolean
  /** The production origin (`https://docs.example.org`), for canonical and OpenGraph URLs; undefined when not configured. */
  readonly url: string | undefined
}

/** What a page written as a React component (`content/pages/*.tsx`) receives. */
export interface ComponentPageProps {
  readonly site: SiteView
  /** The href of a route of this site (`href('/docs/intro', 'setup')`), with the base URL: link with it. */
  readonly href: (path: string, hash?: string) => string
}

export interface PageProps {
  readonly site: SiteView
  readonly page: PageView
  /** The sidebar as seen from this page, or undefined for plain pages. */
  readonly sidebar: readonly SidebarViewItem[] | undefined
  /**
   * The same sidebar already rendered (`<ul class="sidebar-list">…`), used instead of `sidebar`
   * when given: the build renders it once per sidebar branch, not once per page.
   */
  readonly sidebarHtml?: string
}
