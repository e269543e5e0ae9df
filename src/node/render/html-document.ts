/**
 * The `<html>` document around the theme's body markup: head tags (title, description, canonical
 * URL, OpenGraph, favicon), the stylesheet, the browser runtime, and the tiny inline script that
 * applies the stored colour mode and announcement dismissal before first paint (no flash).
 */
import { siteHref } from '../../shared/canonical-path.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { PageView, SiteView } from '../../shared/page-view.js'
import { RUNTIME_CONFIG_ID, STORAGE_KEYS, type RuntimeConfig } from '../../shared/runtime-config.js'

export interface DocumentInput {
  readonly site: SiteView
  readonly page: PageView
  /** The theme's markup, everything inside <body>. */
  readonly body: string
  readonly stylesheets: readonly string[]
  /** For redirect pages: where the browser goes at once. */
  readonly redirectTo: string | undefined
  /** Pages that must not be indexed: private shells, the 404 page. */
  readonly noIndex: boolean
  /** HTML written at the end of <body> (the not-found page's sign-in shell script). */
  readonly bodyEnd?: string
  /** The browser runtime's module and the settings it reads; none: a page without scripts. */
  readonly runtime?: { readonly script: string; readonly config: RuntimeConfig } | undefined
  /** The favicon's href. */
  readonly favicon?: string | undefined
  /** Feeds the page links to (`<link rel="alternate">`): the blog's, on its pages. */
  readonly feeds?: readonly { readonly type: 'rss' | 'atom'; readonly href: string; readonly title: string }[]
}

/** The text of <title>: the site's title and tagline on the home page (unless the page named itself), else the page's title and the site's. */
export function documentTitle(site: SiteView, page: PageView): string {
  return page.path === '/' && !page.titled ? `${site.title}${site.tagline ? ` · ${site.tagline}` : ''}` : `${page.title} | ${site.title}`
}

export function htmlDocument(input: DocumentInput): string {
  const { site, page } = input
  const title = documentTitle(site, page)
  const description = page.description
  const indexable = !input.noIndex && !input.redirectTo
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    page.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">` : '',
    input.noIndex || page.unlisted || page.version?.noIndex ? '<meta name="robots" content="noindex">' : '',
    // As Docusaurus marks a versioned page, so search crawlers can keep versions apart.
    page.version ? `<meta name="docusaurus_version" content="${escapeHtml(page.version.name)}"><meta name="docsearch:version" content="${escapeHtml(page.version.name)}">` : '',
    input.redirectTo ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(input.redirectTo)}"><link rel="canonical" href="${escapeHtml(input.redirectTo)}">` : '',
    indexable ? shareTags(site, page, title, description) : '',
    '<meta name="generator" content="docsgen">',
    input.favicon ? `<link rel="icon" href="${escapeHtml(input.favicon)}"${input.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>` : '',
    ...input.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(input.feeds ?? []).map((feed) => `<link rel="alternate" type="application/${feed.type === 'rss' ? 'rss' : 'atom'}+xml" href="${escapeHtml(feed.href)}" title="${escapeHtml(feed.title)}">`),
    `<script>${beforePaintScript(site)}</script>`,
    input.runtime ? runtimeTags(input.runtime) : '',
  ]
    .filter(Boolean)
    .join('\n')
  return `<!doctype html>\n<html lang="${escapeHtml(site.lang)}" dir="ltr" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head}\n</head>\n<body>\n${input.body}\n${input.bodyEnd ?? ''}</body>\n</html>\n`
}

/**
 * The canonical URL (one address per page: `/docs/x.html` and `/docs/x/` name `/docs/x`) and the
 * OpenGraph tags link previews read. Absolute when the site's production URL is configured.
 */
function shareTags(site: SiteView, page: PageView, title: string, description: string | undefined): string {
  const url = `${site.url?.replace(/\/$/, '') ?? ''}${siteHref(site.baseUrl, page.path)}`
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="${page.kind === 'doc' ? 'article' : 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(page.path === '/' ? site.title : page.title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    site.url ? `<meta property="og:url" content="${escapeHtml(url)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="${escapeHtml(site.lang)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
  ]
    .filter(Boolean)
    .join('\n')
}

/** JSON inside <script>: `<` escaped, so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

function runtimeTags(runtime: NonNullable<DocumentInput['runtime']>): string {
  return `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${scriptJson(runtime.config)}</script>\n<script type="module" src="${escapeHtml(runtime.script)}"></script>`
}

/**
 * Runs before first paint: marks that scripts run (controls that need the runtime are shown only
 * then), applies the colour mode stored under `theme` or the system's when the site
 * follows it (dark mode also as VitePress spells it, the class `dark`), and hides an announcement bar whose id was dismissed. Storage may be unavailable
 * (private windows, blocked site data): then the defaults apply.
 */
function beforePaintScript(site: SiteView): string {
  const followSystem = site.colorMode.respectPrefersColorScheme ? "if(!t&&window.matchMedia)t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" : ''
  const bar = site.announcementBar
  const dismissed = bar ? `if(a!==null&&a===${scriptJson(bar.id)})d.setAttribute('data-announcement-dismissed','');` : ''
  return (
    `(function(){var d=document.documentElement,t,a=null;d.setAttribute('data-js','');` +
    `try{t=localStorage.getItem('${STORAGE_KEYS.theme}');a=localStorage.getItem('${STORAGE_KEYS.announcementDismissed}')}catch(e){}` +
    `${followSystem}if(t==='dark'||t==='light')d.setAttribute('data-theme',t);d.classList.toggle('dark',d.getAttribute('data-theme')==='dark');${dismissed}})()`
  )
}
