/**
 * The `<html>` document around the theme's body markup: head tags, the stylesheet, and the tiny
 * inline script that applies the stored colour mode before first paint (no flash of the wrong theme).
 */
import { escapeHtml } from '../../shared/escape-html.js'
import { tabsScript } from '../../client/theme/tabs-script.js'
import type { PageView, SiteView } from '../../shared/page-view.js'

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
}

export function htmlDocument(input: DocumentInput): string {
  const { site, page } = input
  const title = page.path === '/' ? `${site.title}${site.tagline ? ` · ${site.tagline}` : ''}` : `${page.title} | ${site.title}`
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    page.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">` : '',
    input.noIndex || page.unlisted ? '<meta name="robots" content="noindex">' : '',
    input.redirectTo ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(input.redirectTo)}"><link rel="canonical" href="${escapeHtml(input.redirectTo)}">` : '',
    '<meta name="generator" content="docsgen">',
    ...input.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<script>${colorModeScript(site.colorMode)}</script>`,
  ]
    .filter(Boolean)
    .join('\n')
  // Tabs switch without React: a small script, only on pages that have tabs (see tabs-script.ts).
  const scripts = page.bodyHtml.includes('<div class="tabs"') ? `\n<script>${tabsScript}</script>` : ''
  return `<!doctype html>\n<html lang="${escapeHtml(site.lang)}" dir="ltr" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head}\n</head>\n<body>\n${input.body}${scripts}\n</body>\n</html>\n`
}

/** Reads the mode stored under `theme`; storage may be unavailable (private windows, blocked cookies), then the default applies. */
function colorModeScript(colorMode: SiteView['colorMode']): string {
  const followSystem = colorMode.respectPrefersColorScheme
    ? "if(!t&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches)t='dark';"
    : ''
  return `(function(){var t;try{t=localStorage.getItem('theme')}catch(e){}${followSystem}if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)})()`
}
