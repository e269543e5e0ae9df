/**
 * Validates the value `site.config.ts` exports, key by key, with the reading kit
 * (src/shared/read-value.ts): rejects unknown keys, applies every default and returns
 * a frozen ResolvedConfig. Nothing downstream re-checks or re-defaults. Problems come back as
 * diagnostics, all of them at once, placed at their key in the source.
 */
import { posix } from 'node:path'
import { deepFreeze } from '../../shared/deep-freeze.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { factorMethods } from '../../shared/factor-methods.js'
import { describeValue, ValueReader, type ValueAt } from '../../shared/read-value.js'
import { sourceLocator } from '../diagnostics/locate-in-source.js'
import { readProblemDiagnostic } from '../diagnostics/read-problem-diagnostic.js'
import type { LoginFactorMethod } from './define-config.js'
import { readBaseUrl, readCssColor, readEditUrl, readHttpUrl, readLinkTarget, readSafeUrl, readSiteUrl } from './read-url.js'
import { resolveBlog, type ResolvedBlog } from './resolve-blog.js'
import { readRouteBasePath, readRoutePath } from './read-route-path.js'
import { resolveVersions, type ResolvedVersion } from './resolve-versions.js'
import { readMarkdownOptions, type MarkdownOptions } from './read-markdown-options.js'

export interface ResolvedNavItem {
  readonly label: string
  /**
   * For an item with a `docId`: undefined until the docs are read (navbar-routes.ts), and if no
   * doc has that id; with a `sidebarId`, until the sidebars are (navbar-routes.ts).
   */
  readonly to: string | undefined
  readonly href: string | undefined
  readonly docId?: string
  readonly sidebarId?: string
  readonly position: 'left' | 'right'
  readonly auth: boolean
  readonly groups: readonly string[]
}

export interface ResolvedPrivatePath {
  readonly path: string
  readonly groups: readonly string[]
}

export interface ResolvedLogin {
  readonly orgID: string
  readonly forceLogin: boolean
  readonly baseURL: string
  readonly sdkURL: string
  readonly uxMode: 'redirect' | 'modal'
  readonly privateRedirectPath: string
  readonly privatePaths: readonly ResolvedPrivatePath[]
  readonly formConfiguration: {
    readonly factors: readonly { readonly method: LoginFactorMethod; readonly options: Readonly<Record<string, unknown>>; readonly label: string | undefined }[]
    readonly logo: string | undefined
    readonly storeLastHandle: boolean
    readonly text: Readonly<Record<string, string>>
    readonly defaultCountryCode: string
  }
  readonly oidcClientID: string | undefined
  readonly oidcProvider: string | undefined
}

export interface ResolvedConfig {
  readonly title: string
  readonly tagline: string
  readonly url: string | undefined
  readonly baseUrl: string
  /** The favicon's URL as written (a site path such as '/img/favicon.ico', or absolute); undefined: docsgen's own. */
  readonly favicon: string | undefined
  /** The site's own style sheets, site-relative with '/', in cascade order (read-custom-css.ts bundles them). */
  readonly customCss: readonly string[]
  readonly i18n: { readonly defaultLocale: 'en'; readonly locales: readonly ['en'] }
  readonly onBrokenLinks: 'throw' | 'warn' | 'ignore'
  readonly onBrokenAnchors: 'throw' | 'warn' | 'ignore'
  /** A link to a `.md` file that is not there (check-links.ts); default onBrokenLinks. */
  readonly onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore'
  readonly trailingSlash: boolean | undefined
  /**
   * Pages whose route has no final "/" are written as `page/index.html`, not `page.html`: a
   * Docusaurus site's layout when its trailingSlash is unset, where `/page` and `/page/` both work.
   */
  readonly pageFolders: boolean
  readonly markdown: MarkdownOptions
  readonly docs: {
    readonly routeBasePath: string
    readonly versionLabel: string
    /** Undefined: the first doc of the sidebar. */
    readonly mainDoc: string | undefined
    readonly sidebarId: string
    /** Every version of the docs, newest first: the current one alone for an unversioned site. */
    readonly versions: readonly ResolvedVersion[]
    /** Whether doc pages show their breadcrumbs; default true. */
    readonly breadcrumbs: boolean
    /** Whether sidebar categories that do not say are collapsed; default true. */
    readonly sidebarCollapsed: boolean
    /** Where a doc's source is edited (see readEditUrl); undefined: its page has no "Edit this page" link. */
    readonly editUrl: string | undefined
    /** Globs of Markdown files in each docs folder, relative to it, that are not docs. */
    readonly exclude: readonly string[]
    /** Globs of Markdown files in each docs folder, relative to it, that are docs; undefined: all. */
    readonly include: readonly string[] | undefined
  }
  /**
   * Sidebars written in the config, as a sidebars file would export them (read by the manifest
   * stage), with the config's file and source so that their problems are told where written.
   */
  readonly sidebars: { readonly file: string; readonly source: string; readonly value: unknown } | undefined
  /** Where the site's sources are: content/docs… for a docsgen site, docs/… for a Docusaurus one. */
  readonly folders: ContentFolders
  readonly blog: ResolvedBlog
  readonly tableOfContents: { readonly minHeadingLevel: number; readonly maxHeadingLevel: number }
  readonly colorMode: { readonly defaultMode: 'light' | 'dark'; readonly disableSwitch: boolean; readonly respectPrefersColorScheme: boolean }
  readonly privatePages: 'gate' | 'exclude' | 'client-only'
  readonly announcementBar:
    | { readonly id: string; readonly content: string; readonly backgroundColor: string; readonly textColor: string; readonly isCloseable: boolean }
    | undefined
  readonly navbar: { readonly title: string; readonly logo: { readonly src: string; readonly alt: string } | undefined; readonly items: readonly ResolvedNavItem[] }
  readonly footer: {
    readonly style: 'dark' | 'light'
    readonly links: readonly { readonly title: string; readonly items: readonly { readonly label: string; readonly to: string | undefined; readonly href: string | undefined }[] }[]
    readonly copyright: string
  }
  readonly login: ResolvedLogin | undefined
  /**
   * What `useDocusaurusContext().siteConfig` gives the site's React and MDX pages: a Docusaurus
   * config as written (its plain data), with the settings docsgen read as it read them.
   */
  readonly siteConfig: Readonly<Record<string, unknown>>
}

/** The folders of the docs, the blog and the pages, relative to the site folder. */
export interface ContentFolders {
  /** '' for none (a Docusaurus site with `docs: false`). */
  readonly docs: string
  readonly blog: string
  readonly pages: string
  /** The sidebars file (Docusaurus's `sidebarPath`); false for none; undefined: sidebars.js or its kin beside the config. */
  readonly sidebars?: string | false | undefined
  /** Whether React component pages (.tsx, .jsx) are built; 'docusaurus': a Docusaurus site's pages (.js too, drawn with stand-ins for its theme: react-pages.ts). */
  readonly componentPages?: boolean | 'docusaurus'
  /** Files published as they are: 'static' unless said (a VitePress site's `public/` under its srcDir). */
  readonly static?: string
  /**
   * 'vitepress': the docs folder is a VitePress srcDir ('.' for the site folder): every `.md` in it
   * is a doc at the route VitePress gives it, and node_modules, dist, the static folder and
   * `docs.exclude` (VitePress's srcExclude) are not read.
   */
  readonly layout?: 'vitepress'
}

export const docsgenFolders: ContentFolders = { docs: 'content/docs', blog: 'content/blog', pages: 'content/pages' }

/** What the site's folder says beside its config: the names of versions.json, its layout. */
export interface SiteLayout {
  readonly versionNames?: readonly string[]
  readonly folders?: ContentFolders
  /** A Docusaurus config as written (its plain data), which its pages read as `siteConfig`. */
  readonly siteConfig?: Readonly<Record<string, unknown>>
  /** The config is a Docusaurus site's (its pages are written as Docusaurus writes them). */
  readonly docusaurus?: boolean
}

/** The login defaults (the provider's hosted API and SDK page, the anchor site's choices), in one place. */
export const loginDefaults = {
  baseURL: 'https://api.slashid.com',
  sdkURL: 'https://cdn.slashid.com/sdk.html',
  uxMode: 'redirect',
  privateRedirectPath: '/',
  forceLogin: false,
  storeLastHandle: true,
  defaultCountryCode: 'US',
  defaultFactor: 'email_link',
} as const

type Result = { config: ResolvedConfig; diagnostics: Diagnostic[] } | { config: undefined; diagnostics: Diagnostic[] }

const topKeys = ['title', 'tagline', 'url', 'baseUrl', 'favicon', 'customCss', 'i18n', 'onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks', 'trailingSlash', 'markdown', 'docs', 'sidebars', 'blog', 'tableOfContents', 'colorMode', 'privatePages', 'announcementBar', 'navbar', 'footer', 'login', 'customFields']

/**
 * Resolves `value` (what the config module exported). `file` and `source` are used to point
 * diagnostics at the offending line.
 */
export function resolveConfig(value: unknown, file: string, source: string, layout: SiteLayout = {}): Result {
  if (!isPlainObject(value)) {
    const message = 'The config file must export a config object as its default export'
    return { config: undefined, diagnostics: [diagnostic({ file, ruleId: 'config-invalid', message, suggestion: "Write `export default defineConfig({ title: 'My docs' })`." })] }
  }
  const reader = new ValueReader(sourceLocator(source))
  const root = reader.root(value)
  root.mapping(topKeys)
  const title = root.get('title').string() ?? 'Documentation'
  const folders = layout.folders ?? docsgenFolders
  const toc = root.get('tableOfContents')
  toc.mapping(['minHeadingLevel', 'maxHeadingLevel'])
  const minHeadingLevel = toc.get('minHeadingLevel').number({ min: 2, max: 6, integer: true }) ?? 2
  const maxHeadingLevel = toc.get('maxHeadingLevel').number({ min: 2, max: 6, integer: true }) ?? 3
  if (maxHeadingLevel < minHeadingLevel) toc.get('maxHeadingLevel').fail(`must not be below minHeadingLevel (${minHeadingLevel})`)
  const markdown = readMarkdownOptions(root.get('markdown'))
  const colorMode = root.get('colorMode')
  colorMode.mapping(['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'])
  readI18n(root.get('i18n'))
  const baseUrl = readBaseUrl(root.get('baseUrl'))
  const url = readSiteUrl(root.get('url'))
  const tagline = root.get('tagline').string() ?? ''
  const favicon = readSafeUrl(root.get('favicon'), root.get('favicon').string())
  const customCss = (root.get('customCss').listOrOne() ?? []).flatMap((at) => readCustomCssPath(at) ?? [])
  const trailingSlash = root.get('trailingSlash').boolean()
  const customFields = (readMapping(root.get('customFields')) ?? {}) as Record<string, unknown>
  const onBrokenLinks = root.get('onBrokenLinks').oneOf(['throw', 'warn', 'ignore'] as const) ?? 'throw'

  const config: ResolvedConfig = {
    title,
    tagline,
    url,
    baseUrl,
    favicon,
    customCss,
    i18n: { defaultLocale: 'en', locales: ['en'] },
    onBrokenLinks,
    onBrokenAnchors: root.get('onBrokenAnchors').oneOf(['throw', 'warn', 'ignore'] as const) ?? 'throw',
    onBrokenMarkdownLinks: root.get('onBrokenMarkdownLinks').oneOf(['throw', 'warn', 'ignore'] as const) ?? onBrokenLinks,
    trailingSlash,
    pageFolders: trailingSlash === undefined && layout.docusaurus === true,
    markdown,
    docs: resolveDocs(root.get('docs'), folders, layout),
    sidebars: root.get('sidebars').value === undefined ? undefined : { file, source, value: readMapping(root.get('sidebars')) },
    folders,
    blog: resolveBlog(root.get('blog')),
    tableOfContents: { minHeadingLevel, maxHeadingLevel },
    colorMode: {
      defaultMode: colorMode.get('defaultMode').oneOf(['light', 'dark'] as const) ?? 'light',
      disableSwitch: colorMode.get('disableSwitch').boolean() ?? false,
      respectPrefersColorScheme: colorMode.get('respectPrefersColorScheme').boolean() ?? false,
    },
    privatePages: root.get('privatePages').oneOf(['gate', 'exclude', 'client-only'] as const) ?? 'gate',
    announcementBar: resolveAnnouncementBar(root.get('announcementBar')),
    navbar: resolveNavbar(root.get('navbar'), title),
    footer: resolveFooter(root.get('footer')),
    login: root.get('login').value === undefined ? undefined : resolveLogin(root.get('login')),
    siteConfig: { ...layout.siteConfig, title, tagline, url: url ?? '', baseUrl, trailingSlash, favicon, customFields },
  }
  const diagnostics = reader.problems.map((problem) => readProblemDiagnostic(problem, { file, ruleId: 'config-invalid', unknownKey: { ruleId: 'config-unknown-key' } }))
  if (diagnostics.length > 0) return { config: undefined, diagnostics }
  return { config: deepFreeze(config), diagnostics: [] }
}

/** A style sheet of the site: a relative path inside the site folder, to a .css file. */
function readCustomCssPath(at: ValueAt): string | undefined {
  const written = at.string()
  if (written === undefined) return undefined
  const path = posix.normalize(written.split('\\').join('/')).replace(/^\.\//, '')
  // A package's sheet may be installed above the site, as a monorepo hoists its packages.
  const outside = path === '..' || (path.startsWith('../') && !/^(\.\.\/)+node_modules\//.test(path))
  if (posix.isAbsolute(path) || /^[a-zA-Z]:/.test(path) || outside) return at.fail(`must be a path inside the site folder, got '${written}'`, "Write the path from the site folder, as 'src/css/custom.css'.")
  if (!path.endsWith('.css')) return at.fail(`must name a .css file, got '${written}'`)
  return path
}

/** A mapping of anything (sidebars as a sidebars file exports them, checked when the manifest reads them; custom fields): only its shape here. */
/** The docs' settings (their versions resolved against the layout's versions.json). */
function resolveDocs(docs: ValueAt, folders: ContentFolders, layout: SiteLayout): ResolvedConfig['docs'] {
  docs.mapping(['routeBasePath', 'versionLabel', 'mainDoc', 'sidebarId', 'lastVersion', 'versions', 'includeCurrentVersion', 'onlyIncludeVersions', 'exclude', 'include', 'editUrl', 'breadcrumbs', 'sidebarCollapsed'])
  const routeBasePath = readRouteBasePath(docs.get('routeBasePath'))
  const versionLabel = docs.get('versionLabel').string() ?? 'Next'
  const versions = resolveVersions(docs, layout.versionNames ?? [], { routeBasePath, docsFolder: folders.docs, currentLabel: versionLabel })
  return {
    routeBasePath,
    versionLabel,
    mainDoc: docs.get('mainDoc').string(),
    sidebarId: docs.get('sidebarId').string() ?? 'sanctum',
    versions,
    exclude: (docs.get('exclude').list() ?? []).map((item) => item.string() ?? ''),
    include: docs.get('include').list()?.map((item) => item.string() ?? ''),
    editUrl: readEditUrl(docs.get('editUrl')),
    breadcrumbs: docs.get('breadcrumbs').boolean() ?? true,
    sidebarCollapsed: docs.get('sidebarCollapsed').boolean() ?? true,
  }
}

function readMapping(at: ValueAt): unknown {
  if (at.value === undefined) return undefined
  at.mapping()
  return at.value
}

function readI18n(i18n: ValueAt): void {
  i18n.mapping(['defaultLocale', 'locales'])
  const locale = i18n.get('defaultLocale')
  if (locale.value !== undefined && locale.value !== 'en') locale.fail("must be 'en' (only English is supported)")
  const locales = i18n.get('locales')
  if (locales.value !== undefined && (!Array.isArray(locales.value) || locales.value.length !== 1 || locales.value[0] !== 'en')) locales.fail("must be ['en'] (only English is supported)")
}

function resolveAnnouncementBar(at: ValueAt): ResolvedConfig['announcementBar'] {
  if (at.value === undefined) return undefined
  at.mapping(['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'])
  return {
    id: requiredText(at.get('id')),
    content: requiredText(at.get('content')),
    backgroundColor: readCssColor(at.get('backgroundColor'), '#fff7d6'),
    textColor: readCssColor(at.get('textColor'), '#1c1e21'),
    isCloseable: at.get('isCloseable').boolean() ?? true,
  }
}

function resolveNavbar(at: ValueAt, siteTitle: string): ResolvedConfig['navbar'] {
  at.mapping(['title', 'logo', 'items'])
  const logoAt = at.get('logo')
  let logo: { src: string; alt: string } | undefined
  if (logoAt.value !== undefined) {
    logoAt.mapping(['src', 'alt'])
    logo = { src: readSafeUrl(logoAt.get('src'), requiredText(logoAt.get('src')))!, alt: logoAt.get('alt').string() ?? siteTitle }
  }
  const items = (at.get('items').list() ?? []).map((item) => {
    item.mapping(['label', 'to', 'href', 'docId', 'sidebarId', 'position', 'auth', 'groups'])
    const docId = item.get('docId').string()
    const sidebarId = item.get('sidebarId').string()
    const target = docId !== undefined ? { to: undefined, href: undefined, docId } : sidebarId !== undefined ? { to: undefined, href: undefined, sidebarId } : readLinkTarget(item)
    const named = ['to', 'href', 'docId', 'sidebarId'].filter((key) => item.get(key).value !== undefined)
    if ((docId !== undefined || sidebarId !== undefined) && named.length > 1)
      item.fail('needs exactly one of "to" (a route of this site), "href" (an external URL), "docId" (a doc) or "sidebarId" (a sidebar\'s first page)')
    const groups = texts(item.get('groups'))
    return {
      label: requiredText(item.get('label')),
      ...target,
      position: item.get('position').oneOf(['left', 'right'] as const) ?? 'left',
      auth: (item.get('auth').boolean() ?? false) || groups.length > 0,
      groups,
    }
  })
  return { title: at.get('title').string() ?? siteTitle, logo, items }
}

function resolveFooter(at: ValueAt): ResolvedConfig['footer'] {
  at.mapping(['style', 'links', 'copyright'])
  return {
    style: at.get('style').oneOf(['dark', 'light'] as const) ?? 'dark',
    links: (at.get('links').list() ?? []).map((column) => {
      column.mapping(['title', 'items'])
      return {
        title: requiredText(column.get('title')),
        items: (column.get('items').list() ?? []).map((item) => {
          item.mapping(['label', 'to', 'href'])
          return { label: requiredText(item.get('label')), ...readLinkTarget(item) }
        }),
      }
    }),
    copyright: at.get('copyright').string() ?? '',
  }
}

function resolveLogin(at: ValueAt): ResolvedLogin {
  at.mapping(['orgID', 'forceLogin', 'baseURL', 'sdkURL', 'uxMode', 'privateRedirectPath', 'privatePaths', 'formConfiguration', 'oidcClientID', 'oidcProvider'])
  const form = at.get('formConfiguration')
  form.mapping(['factors', 'logo', 'storeLastHandle', 'text', 'defaultCountryCode'])
  const oidcClientID = at.get('oidcClientID').string()
  const oidcProvider = at.get('oidcProvider').string()
  if ((oidcClientID === undefined) !== (oidcProvider === undefined))
    at.get(oidcClientID === undefined ? 'oidcProvider' : 'oidcClientID').fail('needs both oidcClientID and oidcProvider to add an external sign-in provider')

  let factors = (form.get('factors').list() ?? []).map((factor) => {
    factor.mapping(['method', 'options', 'label'])
    const options = factor.get('options')
    return {
      method: factor.get('method').oneOf(factorMethods) ?? 'email_link',
      options: options.mapping() ? (options.value as Record<string, unknown>) : {},
      label: factor.get('label').string(),
    }
  })
  if (factors.length === 0) factors = [{ method: loginDefaults.defaultFactor, options: {}, label: undefined }]
  // The anchor site's legacy pair: an external provider becomes a second factor, in a popup.
  if (oidcClientID !== undefined && oidcProvider !== undefined && !factors.some((factor) => factor.method === 'oidc'))
    factors = [...factors, { method: 'oidc', options: { client_id: oidcClientID, provider: oidcProvider, ux_mode: 'popup' }, label: undefined }]

  const text = form.get('text')
  const entries = text.mapping() ?? []
  for (const [, entry] of entries) entry.string()

  return {
    orgID: requiredText(at.get('orgID')),
    forceLogin: at.get('forceLogin').boolean() ?? loginDefaults.forceLogin,
    baseURL: readHttpUrl(at.get('baseURL'), loginDefaults.baseURL)!,
    sdkURL: readHttpUrl(at.get('sdkURL'), loginDefaults.sdkURL)!,
    uxMode: at.get('uxMode').oneOf(['redirect', 'modal'] as const) ?? loginDefaults.uxMode,
    privateRedirectPath: readRoutePath(at.get('privateRedirectPath'), loginDefaults.privateRedirectPath),
    privatePaths: (at.get('privatePaths').list() ?? []).map(readPrivatePath),
    formConfiguration: {
      factors,
      logo: readSafeUrl(form.get('logo'), form.get('logo').string()),
      storeLastHandle: form.get('storeLastHandle').boolean() ?? loginDefaults.storeLastHandle,
      text: Object.fromEntries(entries.filter(([, entry]) => typeof entry.value === 'string').map(([key, entry]) => [key, entry.value as string])),
      defaultCountryCode: form.get('defaultCountryCode').string() ?? loginDefaults.defaultCountryCode,
    },
    oidcClientID,
    oidcProvider,
  }
}

function readPrivatePath(rule: ValueAt): ResolvedPrivatePath {
  if (typeof rule.value === 'string') return { path: rule.value, groups: [] }
  rule.mapping(['path', 'groups'])
  const path = rule.get('path')
  if (path.value instanceof RegExp) {
    // A RegExp cannot survive serialisation into the client (the anchor site silently made such pages public).
    path.fail('must be a string (a path or a glob), not a RegExp', 'Write the rule as a glob, e.g. "/docs/Private/**".')
    return { path: String(path.value), groups: [] }
  }
  return { path: requiredText(path), groups: texts(rule.get('groups')) }
}

/** A text that must be written and not empty. */
function requiredText(at: ValueAt): string {
  if (!at.require('a non-empty text')) return ''
  const text = at.string()
  if (text !== undefined && text.trim() === '') at.fail(`must be a non-empty text, got ${describeValue(text)}`)
  return text?.trim() ? text : ''
}

/** A list of non-empty texts (groups). */
function texts(at: ValueAt): string[] {
  return (at.list() ?? []).flatMap((item) => {
    const text = item.string()
    if (text === '') item.fail('must be a non-empty text')
    return text ? [text] : []
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp)
}

/** The site's folders of pages, site-relative: docs, each version's docs, blog and pages ('' for one it has not). */
export function sectionFolders(config: Pick<ResolvedConfig, 'folders' | 'docs'>): string[] {
  return [config.folders.docs, ...config.docs.versions.map((version) => version.folder), config.folders.blog, config.folders.pages]
}

/** Whether the site is a Docusaurus project's folder, read as Docusaurus reads it (read-docusaurus-site.ts). */
export function isDocusaurusFolder(config: Pick<ResolvedConfig, 'folders'>): boolean {
  return config.folders.componentPages === 'docusaurus'
}
