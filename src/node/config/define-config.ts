/**
 * The shape of `site.config.ts`. `defineConfig` only adds types: the value is validated once, when
 * it is loaded (resolve-config.ts), which also applies the spec's defaults.
 */
import type { FactorMethod } from '../../shared/factor-methods.js'

/**
 * A link in the navbar: exactly one of `to`, a route of this site (checked at build time), `href`,
 * an external URL, `docId`, a doc of the docs served at docs.routeBasePath (the last version's),
 * or `sidebarId`, the first page of one of that version's sidebars.
 */
export interface NavItemConfig {
  label: string
  to?: string
  href?: string
  /** A doc's id (its path under the docs folder without extension or number prefixes, or its front matter id): the item opens that doc wherever its slug puts it, as Docusaurus's `type: 'doc'` items do. */
  docId?: string
  /** A sidebar's id (a key of sidebars.js, or docs.sidebarId's): the item opens its first page, as Docusaurus's `type: 'docSidebar'` items do. */
  sidebarId?: string
  /** Default 'left'. */
  position?: 'left' | 'right'
  /** Shown only to signed-in people. */
  auth?: boolean
  /** Shown only to members of every listed group (implies auth). */
  groups?: string[]
}

export interface FooterLinkConfig {
  label: string
  to?: string
  href?: string
}

export interface FooterConfig {
  /** Default 'dark'. */
  style?: 'dark' | 'light'
  links?: { title: string; items: FooterLinkConfig[] }[]
  copyright?: string
}

export interface AnnouncementBarConfig {
  /** Dismissal is remembered per id: change it to show the bar again. */
  id: string
  /** Plain text. */
  content: string
  backgroundColor?: string
  textColor?: string
  isCloseable?: boolean
}

export interface PrivatePathConfig {
  /**
   * A route path or a glob over route paths (micromatch syntax: `*` stays within one segment,
   * `**` crosses segments). A plain path without glob characters also covers everything under it.
   */
  path: string
  /** The reader must belong to every listed group. Without groups: any signed-in person. */
  groups?: string[]
}

export type LoginFactorMethod = FactorMethod

export interface LoginFactorConfig {
  method: LoginFactorMethod
  options?: Record<string, unknown>
  label?: string
}

export interface LoginFormConfig {
  /** Default: one factor, the e-mail link. */
  factors?: LoginFactorConfig[]
  logo?: string
  /** Default true. */
  storeLastHandle?: boolean
  /** Overrides of the widget's texts, by key. */
  text?: Record<string, string>
  /** Default 'US'. */
  defaultCountryCode?: string
}

export interface LoginConfig {
  /** The organization id at the identity provider. */
  orgID: string
  /** Default false: show the login form on every page when nobody is signed in. */
  forceLogin?: boolean
  /** Default 'https://api.slashid.com'. */
  baseURL?: string
  /** Default 'https://cdn.slashid.com/sdk.html'. */
  sdkURL?: string
  /** Default 'redirect': send readers who may not see a private page to `privateRedirectPath`. */
  uxMode?: 'redirect' | 'modal'
  /** Default '/'. */
  privateRedirectPath?: string
  privatePaths?: PrivatePathConfig[]
  formConfiguration?: LoginFormConfig
  /** With `oidcProvider`: adds an external sign-in provider as a second factor, in a popup. */
  oidcClientID?: string
  oidcProvider?: string
}

export interface SiteConfig {
  title: string
  tagline?: string
  /** Production origin, e.g. 'https://docs.example.org' (used in the sitemap). */
  url?: string
  /**
   * The URL path the site is served under, e.g. '/handbook/' for https://example.github.io/handbook/;
   * default '/'. Links keep naming routes ('/docs/intro'); the build prefixes every href with it.
   */
  baseUrl?: string
  /** The favicon: a file of `static/` by its path ('/img/favicon.ico') or an absolute URL; default: docsgen's. */
  favicon?: string
  /**
   * The site's own style sheets, relative to the site folder ('src/css/custom.css'), laid over the
   * theme's in this order: their `@import`s and `url()` files are bundled with them. The theme's
   * colours and fonts are custom properties (`--color-primary`, `--font-sans`…) a sheet may set;
   * Docusaurus's `--ifm-color-primary` and `--ifm-font-family-base` are read too.
   */
  customCss?: string | readonly string[]
  /** Only English is supported: default { defaultLocale: 'en', locales: ['en'] }. */
  i18n?: { defaultLocale: 'en'; locales: ['en'] }
  /** What a link to a missing page does to the build. Default 'throw'. */
  onBrokenLinks?: 'throw' | 'warn' | 'ignore'
  /** What a link to a missing heading does to the build. Default 'throw'. */
  onBrokenAnchors?: 'throw' | 'warn' | 'ignore'
  /** A link to a Markdown file that is not there (or is a draft left out) is reported under the stricter of this and onBrokenLinks. Default: as onBrokenLinks. */
  onBrokenMarkdownLinks?: 'throw' | 'warn' | 'ignore'
  /**
   * How page URLs end, as in Docusaurus: true writes every page as `folder/index.html` and links
   * to it with a final "/", false writes `page.html` and links without one; unset (the default)
   * keeps each route as it is (a folder's index doc ends with "/", other pages do not).
   */
  trailingSlash?: boolean
  markdown?: {
    /**
     * Which files are MDX: 'detect' (the default) reads `.mdx` files, and `.md` files that use
     * MDX (import or export lines, JSX components), as MDX; 'mdx' reads every file as MDX;
     * 'md' reads every file as Markdown. The 'vitepress' flavor's default is 'md' (VitePress has no MDX).
     */
    format?: 'detect' | 'mdx' | 'md'
    /** How heading ids are made: 'github' (the default, as GitHub and Docusaurus) or 'vitepress' (the default of the 'vitepress' flavor). */
    slugify?: 'github' | 'vitepress'
    /**
     * 'vitepress' also reads VitePress's own Markdown: `<!--@include: …-->`, `<<< file` code
     * snippets, `[[toc]]`, `:emoji:`, `{#id .class}` attributes, `::: tabs`, and Vue markup
     * (see README). Default: 'vitepress' when slugify is 'vitepress', else 'default' (none of it,
     * since it would change what an ordinary page means).
     */
    flavor?: 'default' | 'vitepress'
    /**
     * What the 'vitepress' flavor's `{#id .class}` attributes are written between, as VitePress's
     * `markdown.attrs` (markdown-it-attrs's options): default `{` and `}`; with `'%{'` and `'}%'`,
     * a heading is written `## Title %{#id}%`. 1 to 4 characters each, no letter, digit or space.
     */
    attrs?: { leftDelimiter?: string; rightDelimiter?: string }
  }
  docs?: {
    /** Default '/docs'. */
    routeBasePath?: string
    /** Label of the current docs version; default 'Next'. */
    versionLabel?: string
    /** Doc id (path under content/docs without extension) of the main doc; default: the first doc of the sidebar. */
    mainDoc?: string
    /** Id of the sidebar generated from content/docs; default 'sanctum'. */
    sidebarId?: string
    /** With versions.json: the version served at routeBasePath ('current' for content/docs); default the newest of versions.json. */
    lastVersion?: string
    /** With versions.json: each version's label, path under routeBasePath, banner and whether search engines index it, by name ('current' included). */
    versions?: Record<string, { label?: string; path?: string; banner?: 'none' | 'unreleased' | 'unmaintained'; noIndex?: boolean }>
    /** With versions.json: whether content/docs is built as the current version; default true. */
    includeCurrentVersion?: boolean
    /** With versions.json: only these versions are built ('current' for content/docs). */
    onlyIncludeVersions?: string[]
    /**
     * Globs of Markdown files in the docs folders (each version's too, relative to it) that are
     * not docs, as Docusaurus's docs `exclude`: ['README.md', '**\/drafts/**']. Files and folders
     * whose names start with `_` never are.
     */
    exclude?: string[]
    /**
     * Globs of the Markdown files in the docs folders (each version's too, relative to it) that are
     * docs, as Docusaurus's docs `include`: ['guide/**\/*.md']. Default: every .md and .mdx file.
     * A doc matches one of these and no `exclude` glob.
     */
    include?: string[]
    /**
     * Where a doc's source is edited, for its "Edit this page" link: a URL the doc's file (relative
     * to the site folder) is added to, as Docusaurus's editUrl (`https://github.com/org/repo/edit/main/`),
     * or one with `:path`, replaced by the file relative to its docs folder (VitePress's editLink.pattern).
     */
    editUrl?: string
    /** Whether doc pages show their breadcrumbs; default true. */
    breadcrumbs?: boolean
    /** Whether sidebar categories that do not say (`collapsed` in _category_.json or the sidebars file) are collapsed; default true. */
    sidebarCollapsed?: boolean
  }
  /** The blog of content/blog, as Docusaurus's blog options. */
  blog?: {
    /** Default '/blog'. */
    routeBasePath?: string
    /** Posts on each list page; default 10. */
    postsPerPage?: number
    /** Default true. */
    showReadingTime?: boolean
    /** Which feeds are written ('all', the default, is both; null none), and their title and description (default: the site's). */
    feedOptions?: { type?: 'rss' | 'atom' | 'all' | readonly ('rss' | 'atom')[] | null; title?: string; description?: string }
    /** Where a post's source is edited, as docs.editUrl. */
    editUrl?: string
    /** The title and description of the blog's list pages; default 'Blog' both. */
    blogTitle?: string
    blogDescription?: string
    /** Posts the blog's sidebar lists, newest first; default 5. 'ALL': every post; 0: no sidebar. */
    blogSidebarCount?: number | 'ALL'
    /** The blog sidebar's title; default 'Recent posts'. */
    blogSidebarTitle?: string
    /** The blog sidebar's posts under a heading per year (Docusaurus's `themeConfig.blog.sidebar.groupByYear`); default true. */
    blogSidebarGroupByYear?: boolean
  }
  /** Heading levels shown in the table of contents; default 2 to 3. */
  tableOfContents?: { minHeadingLevel?: number; maxHeadingLevel?: number }
  colorMode?: {
    /** Default 'light'. */
    defaultMode?: 'light' | 'dark'
    /** Default false. */
    disableSwitch?: boolean
    /** Default false. */
    respectPrefersColorScheme?: boolean
  }
  /**
   * Where private pages go. 'gate' (default): to the private folder only, served by the gate
   * after it verifies the reader's token. 'exclude': nowhere. 'client-only': into the public
   * output, hidden only in the browser, so anyone can read them (a warning on every build).
   */
  privatePages?: 'gate' | 'exclude' | 'client-only'
  announcementBar?: AnnouncementBarConfig
  navbar?: { title?: string; logo?: { src: string; alt?: string }; items?: NavItemConfig[] }
  footer?: FooterConfig
  login?: LoginConfig
  /**
   * Sidebars as a Docusaurus sidebars file exports them (`{ docs: ['intro', { type: 'category', … }] }`),
   * instead of one made from the docs folders; a sidebars.ts beside the config is read first.
   */
  sidebars?: Record<string, unknown>
  /** Values of the site's own (plain data), which its React and MDX pages read as `useDocusaurusContext().siteConfig.customFields`. */
  customFields?: Record<string, unknown>
}

/** Types `site.config.ts`; returns its argument unchanged. */
export function defineConfig(config: SiteConfig): SiteConfig {
  return config
}
