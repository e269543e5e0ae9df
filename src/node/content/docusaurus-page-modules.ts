/**
 * What a Docusaurus site's React pages (src/pages/*.js) import from Docusaurus, stood in for as
 * small modules bundled with each page (react-pages.ts): drawn once on the server, as static
 * HTML. They read the site and the page being drawn from globals the page's thread sets
 * (react-page-worker.ts), and tell it back the title and description the page gives `Layout` and
 * every link it draws with `Link`, so that links are checked like those of any other page. MDX
 * pages import them too (mdx-pages.ts): there no page is told back.
 */

import type { OnResolveArgs, OnResolveResult, PluginBuild } from 'esbuild'
import { theme } from './theme-components.js'

/** The site as the modules see it: its base URL, and the `siteConfig` `useDocusaurusContext` gives. */
export interface DocusaurusSite {
  readonly baseUrl: string
  readonly siteConfig: Readonly<Record<string, unknown>>
}

/** The globals the modules read and write. */
export interface DocusaurusPageGlobals {
  readonly __docsgenSite: DocusaurusSite
  __docsgenPage?: { readonly route: string; title?: string; description?: string; readonly links: string[]; readonly anchors: string[] }
}

const site = 'globalThis.__docsgenSite'
const page = 'globalThis.__docsgenPage'

const useBaseUrl = `export default function useBaseUrl(path = '', options = {}) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || options.absolute) return path
  return ${site}.baseUrl.replace(/\\/$/, '') + path
}
export function useBaseUrlUtils() { return { withBaseUrl: useBaseUrl } }`

const link = `import { createElement } from 'react'
import useBaseUrl from '@docusaurus/useBaseUrl'
export default function Link({ to, href, children, isNavLink, activeClassName, exact, autoAddBaseUrl, ...rest }) {
  const target = to ?? href
  // pathname:///x, Docusaurus's way past its router (a page of static/, say): /x under the base URL, not checked.
  const escaped = typeof target === 'string' && target.startsWith('pathname://') ? target.slice('pathname://'.length) : undefined
  if (typeof target === 'string' && escaped === undefined) ${page}?.links.push(target)
  return createElement('a', { ...rest, href: typeof target === 'string' ? useBaseUrl(escaped ?? target) : undefined }, children)
}`

const location = `{ pathname: ${page}?.route ?? '/', search: '', hash: '', state: undefined }`

/** The modules by the name pages import them with. */
export const docusaurusPageModules: Readonly<Record<string, string>> = {
  '@theme/Layout': `import { createElement, Fragment } from 'react'
export default function Layout({ title, description, children }) {
  const drawn = ${page}
  if (drawn && title !== undefined && drawn.title === undefined) drawn.title = String(title)
  if (drawn && description !== undefined && drawn.description === undefined) drawn.description = String(description)
  return createElement(Fragment, null, children)
}`,
  '@theme/Heading': `import { createElement } from 'react'
export default function Heading({ as = 'h2', ...props }) { return createElement(as, props) }`,
  // Every @theme/Icon/<Name> (Copy, Success, ExternalLink…): icons are decoration, drawn as an empty one of their size.
  '@theme/Icon': `import { createElement } from 'react'
export default function Icon({ width = 20, height = 20, title, ...rest }) {
  return createElement('svg', { viewBox: '0 0 24 24', width, height, 'aria-hidden': true, ...rest })
}`,
  '@docusaurus/Link': link,
  '@docusaurus/useBaseUrl': useBaseUrl,
  '@docusaurus/useDocusaurusContext': `export default function useDocusaurusContext() {
  return { siteConfig: ${site}.siteConfig, siteMetadata: {}, globalData: {}, i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'], localeConfigs: {} } }
}`,
  // The page's head is docsgen's: a title or description set here is not used.
  '@docusaurus/Head': 'export default function Head() { return null }',
  '@docusaurus/BrowserOnly': `import { createElement, Fragment } from 'react'
export default function BrowserOnly({ fallback }) { return createElement(Fragment, null, fallback ?? null) }`,
  '@docusaurus/ExecutionEnvironment': 'export default { canUseDOM: false, canUseEventListeners: false, canUseIntersectionObserver: false, canUseViewport: false }',
  '@docusaurus/useIsBrowser': 'export default function useIsBrowser() { return false }',
  // Text in the site's one language, its {placeholders} filled from values (which may be elements).
  '@docusaurus/Translate': `import { createElement, Fragment } from 'react'
export function interpolate(message, values) {
  if (typeof message !== 'string' || !values) return message
  return message.split(/(\\{\\w+\\})/).filter((part) => part !== '').map((part) => { const name = part.slice(1, -1); return /^\\{\\w+\\}$/.test(part) && Object.hasOwn(values, name) ? values[name] : part })
}
export function translate({ message, id }, values) {
  const parts = interpolate(message ?? id, values)
  return Array.isArray(parts) ? parts.join('') : parts
}
export default function Translate({ children, id, values }) {
  const parts = interpolate(children ?? id, values)
  return createElement(Fragment, null, ...(Array.isArray(parts) ? parts : [parts]))
}`,
  '@docusaurus/Interpolate': `export { default, interpolate } from '@docusaurus/Translate'`,
  // What a page collects for Docusaurus's link checker is checked as what it draws: an anchor drawn only in the browser (after a click) included.
  '@docusaurus/useBrokenLinks': `export default function useBrokenLinks() {
  return {
    collectLink(link) { if (typeof link === 'string') ${page}?.links.push(link) },
    collectAnchor(anchor) { if (typeof anchor === 'string' && anchor !== '') ${page}?.anchors.push(anchor) },
  }
}`,
  // The hooks pages use most. Drawn once, on the server, as Docusaurus draws a page before the
  // browser says its preference: in the site's default colour mode, at no window size.
  '@docusaurus/theme-common': `import { createElement, Fragment } from 'react'
export function useThemeConfig() { return ${site}.siteConfig.themeConfig ?? {} }
export function useColorMode() {
  const colorMode = useThemeConfig().colorMode?.defaultMode === 'dark' ? 'dark' : 'light'
  return { colorMode, setColorMode() {}, isDarkTheme: colorMode === 'dark' }
}
export function usePrismTheme() {
  const prism = useThemeConfig().prism ?? {}
  const theme = useColorMode().colorMode === 'dark' ? prism.darkTheme ?? prism.theme : prism.theme
  return theme && typeof theme === 'object' ? theme : { plain: {}, styles: [] }
}
export function useWindowSize() { return 'ssr' }
export function usePluralForm() {
  return { selectMessage(count, messages) { const forms = String(messages).split('|'); return (count === 1 ? forms[0] : forms[forms.length - 1]).trim() } }
}
export function PageMetadata() { return null }
export function HtmlClassNameProvider({ children }) { return createElement(Fragment, null, children) }
export function ErrorCauseBoundary({ children }) { return createElement(Fragment, null, children) }
export const ThemeClassNames = {
  page: { blogListPage: 'blog-list-page', blogPostPage: 'blog-post-page', blogTagsListPage: 'blog-tags-list-page', blogTagPostListPage: 'blog-tags-post-list-page', blogAuthorsListPage: 'blog-authors-list-page', blogAuthorsPostsPage: 'blog-authors-posts-page', docsDocPage: 'docs-doc-page', docsTagsListPage: 'docs-tags-list-page', docsTagDocListPage: 'docs-tags-doc-list-page', mdxPage: 'mdx-page' },
  wrapper: { main: 'main-wrapper', blogPages: 'blog-wrapper', docsPages: 'docs-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition', unlistedBanner: 'theme-unlisted-banner', draftBanner: 'theme-draft-banner', admonitionType: (type) => 'theme-admonition-' + type },
  announcementBar: { container: 'theme-announcement-bar' },
  layout: {
    navbar: { container: 'theme-layout-navbar', containerLeft: 'theme-layout-navbar-left', containerRight: 'theme-layout-navbar-right', mobileSidebar: { container: 'theme-layout-navbar-sidebar', panel: 'theme-layout-navbar-sidebar-panel' } },
    main: { container: 'theme-layout-main' },
    footer: { container: 'theme-layout-footer', column: 'theme-layout-footer-column' },
  },
  docs: {
    docVersionBanner: 'theme-doc-version-banner', docVersionBadge: 'theme-doc-version-badge', docBreadcrumbs: 'theme-doc-breadcrumbs', docMarkdown: 'theme-doc-markdown', docTocMobile: 'theme-doc-toc-mobile', docTocDesktop: 'theme-doc-toc-desktop', docFooter: 'theme-doc-footer', docFooterTagsRow: 'theme-doc-footer-tags-row', docFooterEditMetaRow: 'theme-doc-footer-edit-meta-row', docSidebarContainer: 'theme-doc-sidebar-container', docSidebarMenu: 'theme-doc-sidebar-menu', docSidebarItemCategory: 'theme-doc-sidebar-item-category', docSidebarItemLink: 'theme-doc-sidebar-item-link',
    docSidebarItemCategoryLevel: (level) => 'theme-doc-sidebar-item-category-level-' + level,
    docSidebarItemLinkLevel: (level) => 'theme-doc-sidebar-item-link-level-' + level,
  },
  blog: { blogFooterTagsRow: 'theme-blog-footer-tags-row', blogFooterEditMetaRow: 'theme-blog-footer-edit-meta-row' },
  pages: { pageFooterEditMetaRow: 'theme-pages-footer-edit-meta-row' },
}`,
  '@docusaurus/router': `export { default as Link } from '@docusaurus/Link'
export function useLocation() { return ${location} }
export function useHistory() { return { location: ${location}, push() {}, replace() {} } }
export function Redirect() { return null }`,
}

/**
 * React's JSX runtime as the pages' compiled JSX calls it, telling the page being drawn the
 * `href` of every plain `<a>` it draws (Link's are told by Link), so that those links are checked
 * too. One written with the base URL (`useBaseUrl('/docs/x')`) is told as the route it names.
 */
export const linkTellingJsxRuntime = `import { jsx as drawn, jsxs as drawnWithKeys, Fragment } from 'react/jsx-runtime'
function tell(type, props) {
  if (type !== 'a' || typeof props?.href !== 'string' || !${page}) return
  const base = ${site}.baseUrl
  ${page}.links.push(base !== '/' && props.href.startsWith(base) ? props.href.slice(base.length - 1) : props.href)
}
export function jsx(type, props, key) { tell(type, props); return drawn(type, props, key) }
export function jsxs(type, props, key) { tell(type, props); return drawnWithKeys(type, props, key) }
export { Fragment }`

/** Packages pages use for class names, given when the site has not installed them. */
export const classNamesModule = `export default function classNames(...args) {
  const names = []
  for (const arg of args) {
    if (!arg) continue
    if (typeof arg === 'string' || typeof arg === 'number') names.push(String(arg))
    else if (Array.isArray(arg)) names.push(classNames(...arg))
    else if (typeof arg === 'object') for (const [key, on] of Object.entries(arg)) if (on) names.push(key)
  }
  return names.filter(Boolean).join(' ')
}
export { classNames as clsx }`

/**
 * `clsx` or `classnames` for a page or a component it imports: the site's own copy when it has
 * one, else classNamesModule, in the namespace the page's plugin loads Docusaurus's modules from.
 */
export async function resolveClassNames(build: PluginBuild, args: OnResolveArgs): Promise<OnResolveResult | undefined> {
  if (args.pluginData === 'as-installed') return undefined
  const installed = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'as-installed' })
  return installed.errors.length === 0 ? installed : { path: 'classnames', namespace: 'docusaurus' }
}

/**
 * Why a page cannot import `path`, a Docusaurus module docsgen has no stand-in for: worded the
 * same for MDX and React pages (an installed copy would need Docusaurus's own client to run).
 */
export function unknownDocusaurusModule(path: string): string {
  const names = Object.keys(docusaurusPageModules).map((name) => (name === '@theme/Icon' ? '@theme/Icon/*' : name))
  return `"${path}" is not one of the Docusaurus modules docsgen stands in for (${[...names, ...theme.map((entry) => `@theme/${entry}`)].join(', ')})`
}

/** The stood-in module a page's `@theme/…` or `@docusaurus/…` import names, if docsgen has one: every `@theme/Icon/<Name>` is `@theme/Icon`. */
export function docusaurusModuleFor(path: string): string | undefined {
  if (/^@theme\/Icon\/[\w-]+$/.test(path)) return '@theme/Icon'
  return path in docusaurusPageModules ? path : undefined
}
