/**
 * A VitePress config (`.vitepress/config.*`), as plain data, read into docsgen's config: the
 * settings docsgen has (title, description, base, cleanUrls, srcDir and srcExclude, sitemap's
 * hostname, ignoreDeadLinks, appearance, a simple favicon of `head`, and of `themeConfig` the
 * logo, nav, sidebar, social links, footer, outline and editLink pattern) and where its folders are. The VitePress
 * flavour is always on. Everything else is listed as ignored, to be said once.
 */
import { existsSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import micromatch from 'micromatch'
import { textOf } from './from-docusaurus-config.js'
import type { ContentFolders } from './resolve-config.js'
import { pushAll } from '../../shared/push-all.js'

type Plain = { [key: string]: unknown }

export interface FromVitepress {
  readonly value: Plain
  readonly folders: ContentFolders
  readonly ignored: readonly string[]
}

const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value)
const external = /^([a-z][a-z\d+.-]*:|\/\/)/i

/** Keys docsgen reads, or has no use for (search: docsgen always has its own). */
const readKeys = ['title', 'description', 'base', 'cleanUrls', 'srcDir', 'srcExclude', 'lang', 'head', 'themeConfig', 'sitemap', 'ignoreDeadLinks', 'appearance']
const themeKeys = ['logo', 'siteTitle', 'nav', 'sidebar', 'socialLinks', 'footer', 'outline', 'search', 'editLink']

export function fromVitepressConfig(config: Plain, siteDir: string): FromVitepress {
  // Markdown options are named one by one: docsgen reads VitePress's Markdown, with options of its own.
  const ignored = Object.entries(config).flatMap(([key, option]) =>
    readKeys.includes(key) || option === undefined ? [] : key === 'markdown' && isObject(option) ? Object.keys(option).filter((name) => name !== 'attrs').map((name) => `markdown.${name}`) : [key],
  )
  const srcDir = typeof config.srcDir === 'string' ? posix.normalize(config.srcDir.replaceAll('\\', '/')).replace(/^\.\/|\/+$/g, '') || '.' : '.'
  const exclude = Array.isArray(config.srcExclude) ? config.srcExclude.filter((glob): glob is string => typeof glob === 'string') : []
  const folders: ContentFolders = { docs: srcDir, blog: '', pages: '', sidebars: false, static: srcDir === '.' ? 'public' : `${srcDir}/public`, layout: 'vitepress' }
  const value: Plain = {
    // VitePress checks links but not anchors; its pages are `page.html`, linked with or without `.html`.
    docs: { routeBasePath: '/', ...(exclude.length === 0 ? {} : { exclude }) },
    markdown: { flavor: 'vitepress', ...attributeDelimiters(config.markdown, ignored) },
    onBrokenLinks: config.ignoreDeadLinks === true ? 'ignore' : 'throw',
    onBrokenAnchors: 'warn',
  }
  if (config.ignoreDeadLinks !== undefined && typeof config.ignoreDeadLinks !== 'boolean' && config.ignoreDeadLinks !== 'localhostLinks') ignored.push('ignoreDeadLinks')
  if (typeof config.title === 'string') value.title = config.title
  if (typeof config.description === 'string') value.tagline = config.description
  if (typeof config.base === 'string') value.baseUrl = config.base
  if (typeof config.lang === 'string' && !/^en\b/i.test(config.lang)) ignored.push('lang')
  const hostname = isObject(config.sitemap) ? config.sitemap.hostname : undefined
  if (typeof hostname === 'string' && /^https?:\/\//.test(hostname)) value.url = new URL(hostname).origin
  if (isObject(config.sitemap)) pushAll(ignored, Object.keys(config.sitemap).filter((key) => key !== 'hostname').map((key) => `sitemap.${key}`))
  const favicon = readHead(config.head, ignored)
  if (favicon !== undefined) value.favicon = favicon
  value.colorMode = colorModeOf(config.appearance, ignored)
  const theme = isObject(config.themeConfig) ? config.themeConfig : {}
  for (const key of Object.keys(theme)) if (!themeKeys.includes(key) && theme[key] !== undefined) ignored.push(`themeConfig.${key}`)
  Object.assign(value, readTheme(theme, { siteDir, srcDir, exclude }, ignored))
  // editLink.pattern, with `:path` for the page's file under srcDir; its text is docsgen's.
  if (isObject(theme.editLink) && typeof theme.editLink.pattern === 'string') value.docs = { ...(value.docs as Plain), editUrl: theme.editLink.pattern }
  else if (theme.editLink !== undefined) ignored.push('themeConfig.editLink')
  if (isObject(theme.editLink) && theme.editLink.text !== undefined) ignored.push('themeConfig.editLink.text')
  return { value, folders, ignored }
}

/**
 * VitePress 1 passes `markdown.attrs` to markdown-it-attrs (`leftDelimiter`, `rightDelimiter`);
 * VitePress 2 to @mdit/plugin-attrs, which names them `left` and `right`.
 */
const delimiterNames = [
  ['leftDelimiter', 'left'],
  ['rightDelimiter', 'right'],
] as const

/** The attributes' delimiters (`markdown.attrs`), which decide how a heading's id is written; its other options are not read. */
function attributeDelimiters(markdown: unknown, ignored: string[]): Plain {
  const attrs = isObject(markdown) ? markdown.attrs : undefined
  if (attrs === undefined) return {}
  if (!isObject(attrs)) {
    ignored.push('markdown.attrs')
    return {}
  }
  const read: Plain = {}
  const used = new Set<string>()
  for (const names of delimiterNames) {
    // Either name: a config is written for one VitePress or the other; with both, the version-2 name.
    const name = [names[1], names[0]].find((key) => typeof attrs[key] === 'string')
    if (name === undefined) continue
    read[names[0]] = attrs[name]
    used.add(name)
  }
  pushAll(ignored, Object.keys(attrs).filter((key) => !used.has(key) && attrs[key] !== undefined).map((key) => `markdown.attrs.${key}`))
  return used.size === 0 ? {} : { attrs: read }
}

/** The favicon: the first `['link', { rel: 'icon', href }]` of `head`; every other tag is left out. */
function readHead(head: unknown, ignored: string[]): string | undefined {
  let favicon: string | undefined
  for (const [index, tag] of (Array.isArray(head) ? head : []).entries()) {
    const [name, attributes] = Array.isArray(tag) ? tag : []
    const href = isObject(attributes) ? attributes.href : undefined
    if (favicon === undefined && name === 'link' && isObject(attributes) && /^(shortcut )?icon$/.test(String(attributes.rel)) && typeof href === 'string') favicon = href
    else ignored.push(`head[${index}]${typeof name === 'string' ? ` (${name})` : ''}`)
  }
  return favicon
}

/** VitePress's `appearance`: true (the default) follows the reader's preference with a switch; 'dark' starts dark; false and 'force-…' have no switch. */
function colorModeOf(appearance: unknown, ignored: string[]): Plain {
  if (appearance === undefined || appearance === true) return { respectPrefersColorScheme: true }
  if (appearance === 'dark') return { defaultMode: 'dark', respectPrefersColorScheme: true }
  if (appearance === false) return { disableSwitch: true }
  if (appearance === 'force-dark') return { defaultMode: 'dark', disableSwitch: true }
  if (appearance === 'force-auto') return { disableSwitch: true, respectPrefersColorScheme: true }
  ignored.push('appearance')
  return { respectPrefersColorScheme: true }
}

interface Sources {
  readonly siteDir: string
  readonly srcDir: string
  readonly exclude: readonly string[]
}

function readTheme(theme: Plain, sources: Sources, ignored: string[]): Plain {
  const out: Plain = {}
  const items = (Array.isArray(theme.nav) ? theme.nav : []).flatMap((item, index) => navItem(item, `themeConfig.nav[${index}]`, ignored))
  for (const [index, social] of (Array.isArray(theme.socialLinks) ? theme.socialLinks : []).entries()) {
    if (isObject(social) && typeof social.link === 'string' && (typeof social.icon === 'string' || typeof social.ariaLabel === 'string'))
      items.push({ label: typeof social.ariaLabel === 'string' ? social.ariaLabel : iconLabel(String(social.icon)), href: social.link, position: 'right' })
    else ignored.push(`themeConfig.socialLinks[${index}]`)
  }
  const logo = typeof theme.logo === 'string' ? theme.logo : isObject(theme.logo) ? (theme.logo.src ?? theme.logo.light) : undefined
  const navbar: Plain = { items }
  if (typeof logo === 'string') navbar.logo = { src: logo, ...(isObject(theme.logo) && typeof theme.logo.alt === 'string' ? { alt: theme.logo.alt } : {}) }
  if (typeof theme.siteTitle === 'string') navbar.title = theme.siteTitle
  else if (theme.siteTitle !== undefined) ignored.push('themeConfig.siteTitle')
  out.navbar = navbar
  if (isObject(theme.footer)) {
    const texts = [theme.footer.message, theme.footer.copyright].filter((text): text is string => typeof text === 'string').map(textOf)
    out.footer = { style: 'light', copyright: texts.join(' ') }
  }
  // VitePress's outline is the level 2 headings unless it says otherwise.
  const outline = isObject(theme.outline) ? theme.outline.level : theme.outline
  const levels = outline === 'deep' ? [2, 6] : typeof outline === 'number' ? [outline, outline] : Array.isArray(outline) && outline.length === 2 ? outline : [2, 2]
  if (levels.every((level) => typeof level === 'number' && level >= 2 && level <= 6)) out.tableOfContents = { minHeadingLevel: levels[0], maxHeadingLevel: levels[1] }
  else ignored.push('themeConfig.outline')
  if (theme.sidebar !== undefined) out.sidebars = readSidebars(theme.sidebar, sources, ignored)
  return out
}

const iconNames: Record<string, string> = { github: 'GitHub', gitlab: 'GitLab', linkedin: 'LinkedIn', youtube: 'YouTube', npm: 'npm', x: 'X', bluesky: 'Bluesky' }
const iconLabel = (icon: string) => iconNames[icon] ?? `${icon.charAt(0).toUpperCase()}${icon.slice(1)}`

/** A nav link (`{ text, link }`); a dropdown (`items`) is ignored: docsgen's navbar has links only. */
function navItem(item: unknown, path: string, ignored: string[]): Plain[] {
  if (!isObject(item) || typeof item.text !== 'string' || typeof item.link !== 'string') {
    ignored.push(isObject(item) && Array.isArray(item.items) ? `${path} (a dropdown)` : path)
    return []
  }
  const link = item.link
  return [external.test(link) ? { label: textOf(item.text), href: link } : { label: textOf(item.text), to: routeOf(link) }]
}

/** A link of the site as a route: `.md` and `.html` dropped (VitePress takes either), `/` in front. */
function routeOf(link: string): string {
  const [path = '', hash] = link.split('#', 2)
  const route = `/${path.replace(/^\/+/, '')}`.replace(/(\/index)?\.(md|html)$/, (whole, index) => (index ? '/' : ''))
  return hash === undefined ? route : `${route}#${hash}`
}

/** themeConfig.sidebar: one list, or lists by path prefix (`{ '/guide/': [...] }`, or `{ base, items }`), as Docusaurus sidebars. */
function readSidebars(sidebar: unknown, sources: Sources, ignored: string[]): Plain {
  if (Array.isArray(sidebar)) return { sidebar: sidebarItems(sidebar, '/', 'themeConfig.sidebar', sources, ignored) }
  const out: Plain = {}
  if (!isObject(sidebar)) {
    ignored.push('themeConfig.sidebar')
    return out
  }
  for (const [prefix, entry] of Object.entries(sidebar)) {
    const path = `themeConfig.sidebar["${prefix}"]`
    const items = Array.isArray(entry) ? entry : isObject(entry) && Array.isArray(entry.items) ? entry.items : undefined
    if (items === undefined) {
      ignored.push(path)
      continue
    }
    const base = isObject(entry) && typeof entry.base === 'string' ? entry.base : '/'
    out[prefix.replace(/^\/+|\/+$/g, '') || 'root'] = sidebarItems(items, base, path, sources, ignored)
  }
  return out
}

function sidebarItems(items: readonly unknown[], base: string, path: string, sources: Sources, ignored: string[]): unknown[] {
  return items.flatMap((item, index) => sidebarItem(item, base, `${path}[${index}]`, sources, ignored))
}

/** A group (`items`) as a category, a link as a doc when it names one, else as a link; text alone is ignored. */
function sidebarItem(item: unknown, parentBase: string, path: string, sources: Sources, ignored: string[]): unknown[] {
  if (!isObject(item) || typeof item.text !== 'string') {
    ignored.push(path)
    return []
  }
  const label = textOf(item.text)
  const base = typeof item.base === 'string' ? item.base : parentBase
  const link = typeof item.link === 'string' ? (external.test(item.link) || item.link.startsWith('/') ? item.link : `${base.replace(/\/?$/, '/')}${item.link}`) : undefined
  const id = link === undefined || external.test(link) ? undefined : docOfLink(link, sources)
  if (Array.isArray(item.items)) {
    const collapse = typeof item.collapsed === 'boolean' ? { collapsible: true, collapsed: item.collapsed } : { collapsible: false, collapsed: false }
    const category: Plain = { type: 'category', label, items: sidebarItems(item.items, base, `${path}.items`, sources, ignored), ...collapse }
    if (id !== undefined) category.link = { type: 'doc', id }
    else if (link !== undefined) ignored.push(`${path}.link`)
    return [category]
  }
  if (id !== undefined) return [{ type: 'doc', id, label }]
  if (link !== undefined) return [{ type: 'link', label, href: external.test(link) ? link : routeOf(link) }]
  ignored.push(path)
  return []
}

/** The id of the doc a link of the site names (`/guide/intro`, `/guide/`, `/guide/intro.md`), if there is one; a link with a fragment stays a link. */
function docOfLink(link: string, { siteDir, srcDir, exclude }: Sources): string | undefined {
  if (link.includes('#') || link.includes('?')) return undefined
  let route: string
  try {
    route = decodeURIComponent(routeOf(link))
  } catch {
    return undefined
  }
  const name = route.endsWith('/') ? `${route}index` : route
  const parts = name.split('/').slice(1)
  if (parts.some((part) => part === '' || part.startsWith('.') || part === 'node_modules' || part === 'dist') || parts[0] === 'public') return undefined
  for (const relative of [`${parts.join('/')}.md`, `${parts.join('/')}/index.md`]) {
    const file = join(siteDir, srcDir, relative)
    if (existsSync(file) && statSync(file).isFile() && !micromatch.isMatch(relative, exclude)) return relative.replace(/\.md$/, '')
  }
  return undefined
}
