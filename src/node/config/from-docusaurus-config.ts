/**
 * A Docusaurus config, as plain data, read into docsgen's config: the settings docsgen has
 * (title, tagline, url, baseUrl, favicon, trailingSlash, onBrokenLinks/Anchors/MarkdownLinks, markdown.format, customFields,
 * the navbar, footer, colour mode, announcement bar, table of contents and blog sidebar's grouping of `themeConfig`, and
 * the classic preset's docs and blog options, its theme's customCss) and where its folders are. Everything else is
 * listed as ignored, to be said once.
 */
import { isAbsolute, posix, resolve } from 'node:path'
import type { ContentFolders } from './resolve-config.js'
import { slashRelative } from '../files/slash-path.js'

type Plain = { [key: string]: unknown }

export interface FromDocusaurus {
  /** A docsgen config value, validated next by resolveConfig like a site.config.ts export. */
  readonly value: Plain
  readonly folders: ContentFolders
  /** What docsgen does not read, as the config writes it (`themeConfig.prism`, `plugins`). */
  readonly ignored: readonly string[]
  /** A preset of another name read as the classic one (`presets[0] (@acme/preset)`): its options have the classic shape. */
  readonly readAsClassic?: string
}

const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Copies the `keys` of `from` that are written; every other key is ignored, named under `path`. */
function pick(from: unknown, keys: readonly string[], path: string, ignored: string[]): Plain {
  const picked: Plain = {}
  if (!isObject(from)) return picked
  for (const [key, value] of Object.entries(from)) {
    // A key whose value was no plain data (a function) arrives undefined: it is ignored all the same.
    if (!keys.includes(key)) ignored.push(`${path}${key}`)
    else if (value !== undefined) picked[key] = value
  }
  return picked
}

/** The docs folders plugin-content-docs instances of `plugins` add beside the classic preset's: `../../docs at /`. */
function docsInstances(plugins: unknown, siteDir: string): string[] {
  if (!Array.isArray(plugins)) return []
  return plugins.flatMap((plugin) => {
    const [name, options] = Array.isArray(plugin) ? plugin : [plugin, undefined]
    if (name !== '@docusaurus/plugin-content-docs' && name !== 'content-docs') return []
    // As written from the site folder, also when the config made it absolute (path.resolve(__dirname, '../docs')).
    const folder = slashRelative(siteDir, resolve(siteDir, isObject(options) && typeof options.path === 'string' ? options.path : 'docs'))
    const base = isObject(options) && typeof options.routeBasePath === 'string' ? options.routeBasePath : 'docs'
    return [`${folder} at /${base.replace(/^\/+/, '')}`]
  })
}

/** A path Docusaurus reads from the site folder (`img/logo.svg` or `/img/logo.svg`) as a site path. */
const sitePath = (value: unknown) => (typeof value === 'string' && !/^([a-z][a-z\d+.-]*:|\/)/i.test(value) ? `/${value}` : value)

export function fromDocusaurusConfig(config: Plain, siteDir: string, stubbed: readonly string[] = []): FromDocusaurus {
  const ignored: string[] = []
  const value = pick(config, ['title', 'tagline', 'url', 'baseUrl', 'favicon', 'trailingSlash', 'onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks', 'markdown', 'themeConfig', 'presets', 'customFields'], '', ignored)
  const otherDocs = docsInstances(config.plugins, siteDir)
  if (otherDocs.length > 0 && ignored.includes('plugins')) ignored[ignored.indexOf('plugins')] = `plugins (among them ${otherDocs.length === 1 ? 'another docs folder' : `${otherDocs.length} other docs folders`}, ${otherDocs.join(', ')}: docsgen builds one, so links to ${otherDocs.length === 1 ? 'its' : 'their'} pages are reported missing)`
  if (value.favicon !== undefined) value.favicon = sitePath(value.favicon)
  // Docusaurus's own default for broken anchors, where docsgen's is 'throw'; its 'log' is a warning here.
  value.onBrokenAnchors ??= 'warn'
  if (value.markdown !== undefined) value.markdown = pick(value.markdown, ['format', 'hooks'], 'markdown.', ignored)
  // Docusaurus 3.9 reads it from markdown.hooks, the top-level key (deprecated) first when both are set; its default is 'warn'.
  const hooks = pick(isObject(value.markdown) ? value.markdown.hooks : undefined, ['onBrokenMarkdownLinks'], 'markdown.hooks.', ignored)
  if (isObject(value.markdown)) delete value.markdown.hooks
  value.onBrokenMarkdownLinks ??= hooks.onBrokenMarkdownLinks ?? 'warn'
  for (const key of ['onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks']) if (value[key] === 'log') value[key] = 'warn'
  const { options: preset, readAsClassic } = classicPreset(value.presets, ignored)
  delete value.presets
  const docsOptions = isObject(preset.docs) ? preset.docs : {}
  const docs = pick(docsOptions, ['path', 'routeBasePath', 'sidebarPath', 'lastVersion', 'versions', 'includeCurrentVersion', 'onlyIncludeVersions', 'exclude', 'include', 'editUrl', 'breadcrumbs', 'sidebarCollapsed'], 'presets.classic.docs.', ignored)
  const blogOptions = isObject(preset.blog) ? preset.blog : {}
  const blog = pick(blogOptions, ['path', 'routeBasePath', 'postsPerPage', 'showReadingTime', 'feedOptions', 'editUrl', 'blogTitle', 'blogDescription', 'blogSidebarCount', 'blogSidebarTitle'], 'presets.classic.blog.', ignored)
  const pages = pick(preset.pages, ['path'], 'presets.classic.pages.', ignored)
  const theme = pick(preset.theme, ['customCss'], 'presets.classic.theme.', ignored)
  const sheets = Array.isArray(theme.customCss) ? theme.customCss : theme.customCss === undefined ? [] : [theme.customCss]
  if (sheets.length > 0) value.customCss = sheets.flatMap((sheet, index) => customCssPath(sheet, siteDir, stubbed) ?? (ignored.push(`presets.classic.theme.customCss[${index}]${sassSheet(sheet) ? ' (Sass, which docsgen does not compile)' : ''}`), []))
  const docsBase = typeof docs.routeBasePath === 'string' ? docs.routeBasePath.replace(/^\/*/, '/').replace(/(.)\/+$/, '$1') : '/docs'
  // Docusaurus resolves a folder from the site folder: an absolute one (`path.resolve(__dirname, 'docs')`) is read as the same relative one.
  const folder = (written: unknown, fallback: string) => (typeof written === 'string' ? posix.normalize(slashRelative(siteDir, resolve(siteDir, written))).replace(/\/+$/, '') : fallback)
  const sidebars = typeof docs.sidebarPath === 'string' ? slashRelative(siteDir, docs.sidebarPath.startsWith('/') ? docs.sidebarPath : `${siteDir}/${docs.sidebarPath}`) : docs.sidebarPath === false ? false : undefined
  const folders: ContentFolders = {
    docs: preset.docs === false ? '' : folder(docs.path, 'docs'),
    blog: preset.blog === false ? '' : folder(blog.path, 'blog'),
    pages: preset.pages === false ? '' : folder(pages.path, 'src/pages'),
    sidebars,
    componentPages: 'docusaurus',
  }
  if (isObject(blog.feedOptions)) blog.feedOptions = pick(blog.feedOptions, ['type', 'title', 'description'], 'presets.classic.blog.feedOptions.', ignored)
  if (blog.postsPerPage === 'ALL') {
    delete blog.postsPerPage
    ignored.push('presets.classic.blog.postsPerPage')
  }
  if (isObject(docs.versions))
    docs.versions = Object.fromEntries(Object.entries(docs.versions).map(([name, options]) => [name, pick(options, ['label', 'path', 'banner', 'noIndex'], `presets.classic.docs.versions.${name}.`, ignored)]))
  delete docs.path
  delete docs.sidebarPath
  delete blog.path
  // The theme's blog settings are the blog's in docsgen's config (blogSidebarGroupByYear).
  const { blog: themeBlog, ...themed } = withPathnameLinks(readThemeConfig(value.themeConfig, docsBase, ignored), typeof value.baseUrl === 'string' ? value.baseUrl : '/')
  Object.assign(value, themed)
  delete value.themeConfig
  return { value: { ...value, docs, blog: { ...blog, ...(isObject(themeBlog) ? themeBlog : {}) } }, folders, ignored, ...(readAsClassic === undefined ? {} : { readAsClassic }) }
}

const sassSheet = (sheet: unknown) => typeof sheet === 'string' && /\.s[ac]ss$/i.test(sheet)

/**
 * A sheet of `theme.customCss` as a path from the site folder, as Docusaurus resolves it from there
 * (`require.resolve('./src/css/custom.css')` gives an absolute path); undefined for the file of a
 * package that is not installed (the config's `require.resolve` stood in with its name) and for
 * a Sass sheet.
 */
function customCssPath(sheet: unknown, siteDir: string, stubbed: readonly string[]): unknown {
  if (typeof sheet !== 'string') return sheet
  // docusaurus-plugin-sass compiles such a sheet for Docusaurus; docsgen has no Sass compiler, so the build goes on without it.
  if (sassSheet(sheet)) return undefined
  if (isAbsolute(sheet)) return slashRelative(siteDir, sheet)
  return stubbed.some((name) => sheet.startsWith(`${name}/`)) ? undefined : sheet
}

/**
 * The options of the classic preset (`['classic', {…}]` or `['@docusaurus/preset-classic', {…}]`).
 * Without one, the first preset whose options have its shape (`docs`, `blog` or `pages`) is read
 * as it: sites wrap the classic preset in one of their own (`@ionic-docs/preset-classic`) that
 * takes the same options. Other presets are ignored.
 */
function classicPreset(presets: unknown, ignored: string[]): { options: Plain; readAsClassic?: string } {
  const entries = (Array.isArray(presets) ? presets : []).map((preset) => (Array.isArray(preset) ? preset : [preset, {}]) as [unknown, unknown])
  const classic = entries.findIndex(([name]) => name === 'classic' || name === '@docusaurus/preset-classic')
  const chosen = classic !== -1 ? classic : entries.findIndex(([, options]) => isObject(options) && ['docs', 'blog', 'pages'].some((key) => key in options))
  const named = (index: number) => `presets[${index}]${typeof entries[index]![0] === 'string' ? ` (${entries[index]![0]})` : ''}`
  for (const index of entries.keys()) if (index !== chosen) ignored.push(named(index))
  if (chosen === -1) return { options: {} }
  const options = pick(entries[chosen]![1], ['docs', 'blog', 'pages', 'theme'], 'presets.classic.', ignored)
  return classic !== -1 ? { options } : { options, readAsClassic: named(chosen) }
}

function readThemeConfig(themeConfig: unknown, docsBase: string, ignored: string[]): Plain {
  const theme = pick(themeConfig, ['navbar', 'footer', 'colorMode', 'announcementBar', 'tableOfContents', 'blog'], 'themeConfig.', ignored)
  const out: Plain = {}
  const blogSidebar = pick(pick(theme.blog, ['sidebar'], 'themeConfig.blog.', ignored).sidebar, ['groupByYear'], 'themeConfig.blog.sidebar.', ignored)
  // Read as the blog's blogSidebarGroupByYear; a value Docusaurus would refuse (not a boolean) is said ignored at its own name, which a config error would not give.
  if (typeof blogSidebar.groupByYear === 'boolean') out.blog = { blogSidebarGroupByYear: blogSidebar.groupByYear }
  else if (blogSidebar.groupByYear !== undefined) ignored.push('themeConfig.blog.sidebar.groupByYear')
  if (theme.navbar !== undefined) {
    const navbar = pick(theme.navbar, ['title', 'logo', 'items'], 'themeConfig.navbar.', ignored)
    if (navbar.logo !== undefined) {
      const logo = pick(navbar.logo, ['src', 'alt'], 'themeConfig.navbar.logo.', ignored)
      navbar.logo = { ...logo, src: sitePath(logo.src) }
    }
    navbar.items = (Array.isArray(navbar.items) ? navbar.items : []).flatMap((item, index) => navbarItem(item, `themeConfig.navbar.items[${index}]`, docsBase, ignored))
    out.navbar = navbar
  }
  if (theme.footer !== undefined) {
    const footer = pick(theme.footer, ['style', 'links', 'copyright'], 'themeConfig.footer.', ignored)
    const links = Array.isArray(footer.links) ? footer.links : []
    // Docusaurus also takes a footer of links without columns: one column without a title then.
    const columns = links.every(isObject) && links.some((link) => Array.isArray(link.items)) ? links : [{ title: 'Links', items: links }]
    footer.links = columns.map((column, columnIndex) => ({
      title: isObject(column) && typeof column.title === 'string' && column.title !== '' ? column.title : 'Links',
      items: (isObject(column) && Array.isArray(column.items) ? column.items : []).flatMap((item, index) => linkItem(item, `themeConfig.footer.links[${columnIndex}].items[${index}]`, ignored)),
    }))
    if (typeof footer.copyright === 'string') footer.copyright = textOf(footer.copyright)
    out.footer = footer
  }
  if (theme.colorMode !== undefined) out.colorMode = pick(theme.colorMode, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'], 'themeConfig.colorMode.', ignored)
  if (theme.tableOfContents !== undefined) out.tableOfContents = pick(theme.tableOfContents, ['minHeadingLevel', 'maxHeadingLevel'], 'themeConfig.tableOfContents.', ignored)
  if (theme.announcementBar !== undefined) {
    const bar = pick(theme.announcementBar, ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'], 'themeConfig.announcementBar.', ignored)
    if (typeof bar.content === 'string') bar.content = textOf(bar.content)
    out.announcementBar = bar
  }
  return out
}

/** A navbar item: a link (`to`, `href`), a doc (`type: 'doc'`, `docId`) or a sidebar's first page (`type: 'docSidebar'`); other kinds (search, dropdowns) are ignored. */
function navbarItem(item: unknown, path: string, docsBase: string, ignored: string[]): Plain[] {
  if (!isObject(item)) return []
  const type = item.type ?? 'default'
  // docsgen draws the version dropdown itself wherever the docs have versions, and the search box always.
  if (type === 'docsVersionDropdown' || type === 'search') return []
  // The doc's route, its slug included, is known once the docs are read (navbar-routes.ts).
  if (type === 'doc' && typeof item.docId === 'string' && typeof item.label === 'string') return [{ label: item.label, docId: item.docId, ...(item.position === undefined ? {} : { position: item.position }) }]
  // The sidebar's first page is known once the sidebars are built (navbar-routes.ts).
  if (type === 'docSidebar' && typeof item.sidebarId === 'string' && typeof item.label === 'string') return [{ label: item.label, sidebarId: item.sidebarId, ...(item.position === undefined ? {} : { position: item.position }) }]
  if (type === 'docSidebar') return linkItem({ label: item.label, to: docsBase, position: item.position }, path, ignored, ['position'])
  if (type !== 'default') {
    ignored.push(`${path} (type "${String(type)}")`)
    return []
  }
  return linkItem(item, path, ignored, ['position'])
}

/**
 * Navbar and footer links written `pathname:///x` (Docusaurus's way past its router, to a page of
 * static/ say) as what Docusaurus makes of them: the path under the base URL, not checked.
 */
function withPathnameLinks(theme: Plain, baseUrl: string): Plain {
  const escaped = (item: Plain): Plain => {
    if (typeof item.href !== 'string' || !item.href.startsWith('pathname://')) return item
    return { ...item, href: `${baseUrl.replace(/\/$/, '')}/${item.href.slice('pathname://'.length).replace(/^\/+/, '')}` }
  }
  const navbar = isObject(theme.navbar) && Array.isArray(theme.navbar.items) ? { ...theme.navbar, items: theme.navbar.items.map((item) => (isObject(item) ? escaped(item) : item)) } : theme.navbar
  const footer = isObject(theme.footer) && Array.isArray(theme.footer.links) ? { ...theme.footer, links: theme.footer.links.map((column) => (isObject(column) && Array.isArray(column.items) ? { ...column, items: column.items.map((item) => (isObject(item) ? escaped(item) : item)) } : column)) } : theme.footer
  return { ...theme, ...(navbar === undefined ? {} : { navbar }), ...(footer === undefined ? {} : { footer }) }
}

/** A link of the navbar or footer: its label and target; one with neither (HTML, an icon) is ignored. */
function linkItem(item: unknown, path: string, ignored: string[], extra: readonly string[] = []): Plain[] {
  if (!isObject(item) || typeof item.label !== 'string' || (typeof item.to !== 'string' && typeof item.href !== 'string')) {
    ignored.push(path)
    return []
  }
  // A `pathname://` link is no route: made a path under the base URL later (withPathnameLinks).
  // A `to` with a protocol ('https://…') or starting '//' is left as written by Docusaurus's
  // useBaseUrl, so an external link, as an `href` is.
  const outside = typeof item.to === 'string' && (item.to.startsWith('pathname://') || /^(\w*:|\/\/)/.test(item.to))
  const to = typeof item.to === 'string' && !outside ? (item.to.startsWith('/') ? item.to : `/${item.to}`) : undefined
  const link: Plain = { label: item.label, ...(to === undefined ? { href: outside ? item.to : item.href } : { to }) }
  for (const key of extra) if (item[key] !== undefined) link[key] = item[key]
  return [link]
}

/** Text of HTML written in the config (a copyright, an announcement): docsgen shows such text as text. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&copy;/g, '©')
    .replace(/\s+/g, ' ')
    .trim()
}
