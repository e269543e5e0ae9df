/**
 * Links and images the sanitiser removes, found before it runs so that none vanishes without a
 * word. `javascript:`, `vbscript:` and `data:` URLs (in Markdown or in raw HTML, however they are
 * spelt: entities, letter case, tabs) are errors: they run code or carry a document of their own,
 * and never reach a page. Other schemes the sanitiser drops (`tel:`, `ftp:`) are warnings.
 */
import type { Nodes, Root } from 'mdast'
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs'
import { defaultSchema } from 'rehype-sanitize'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { SourcePosition } from '../../shared/manifest.js'
import { unsafeSchemes, urlScheme } from '../../shared/url-scheme.js'
import { positionAt } from '../diagnostics/locate-in-source.js'

const keptForLinks = new Set(defaultSchema.protocols?.href ?? [])
const keptForImages = new Set(defaultSchema.protocols?.src ?? [])
// URL-bearing attributes of raw HTML, with the value quoted or not.
const urlAttribute = /\s(href|src|action|formaction|xlink:href|poster|background|srcset|data)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi

export function findUnsafeUrls(tree: Root, text: string, file: string): Diagnostic[] {
  const problems: Diagnostic[] = []
  let searchFrom = 0
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const problem = urlProblem(node.url, node.type === 'image' ? 'Image' : 'Link', node.type === 'image' ? keptForImages : keptForLinks)
      if (problem) problems.push(diagnostic({ file, ...problem, ...(node.position ? positionOf(node.position.start) : {}) }))
    } else if (node.type === 'html') {
      // Raw HTML nodes carry no position: find each in the text, in document order.
      const at = text.indexOf(node.value, searchFrom)
      if (at !== -1) searchFrom = at + node.value.length
      for (const match of node.value.matchAll(urlAttribute)) {
        const written = match[2]!.replace(/^["']|["']$/g, '')
        const problem = urlProblem(unescapeAll(written), `Raw HTML ${match[1]!.toLowerCase()}=`, keptForLinks, written)
        if (problem?.severity === 'error') problems.push(diagnostic({ file, ...problem, ...(at === -1 ? {} : positionAt(text, at + match.index! + 1)) }))
      }
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return problems
}

/**
 * `javascript:`, `vbscript:` and `data:` URLs in HTML drawn by the site's code (a React page),
 * which no sanitiser sees, and in the links it drew (`links`, as written); `at` places one in the
 * source. React draws a `javascript:` URL as one that throws, so the one written is told instead.
 */
export function findUnsafeHtmlUrls(html: string, links: readonly string[], file: string, at: (written: string) => SourcePosition | undefined): Diagnostic[] {
  const drawn = [...html.matchAll(urlAttribute)].map((match) => unescapeAll(match[2]!.replace(/^["']|["']$/g, '')))
  const written = [...links, ...drawn.filter((url) => !(url.startsWith(reactBlocked) && links.some((link) => urlScheme(link) === 'javascript')))]
  const problems: Diagnostic[] = []
  for (const url of new Set(written)) {
    const problem = urlProblem(url.startsWith(reactBlocked) ? 'javascript:' : url, 'Link', keptForLinks)
    if (problem?.severity === 'error') problems.push(diagnostic({ file, ...problem, ...at(url) }))
  }
  return problems
}

const reactBlocked = "javascript:throw new Error('React has blocked"

type Problem = Pick<Diagnostic, 'ruleId' | 'severity' | 'message' | 'suggestion'>

/** `written` is the URL as the author wrote it, shown in the message (raw HTML may spell it with entities). */
function urlProblem(url: string, what: string, kept: ReadonlySet<string>, written = url): Problem | undefined {
  const scheme = urlScheme(url)
  if (scheme === undefined || kept.has(scheme)) return undefined
  const shown = `${what}${what.endsWith('=') ? '' : ' '}"${written.length > 60 ? `${written.slice(0, 57)}…` : written}"`
  if (!unsafeSchemes.has(scheme))
    return {
      ruleId: 'url-removed',
      severity: 'warning',
      message: `${shown} uses the ${scheme}: scheme, which pages do not keep, so it is removed`,
      suggestion: `Use an https: URL, or write the address as text. Kept schemes: ${[...kept].map((entry) => `${entry}:`).join(', ')}.`,
    }
  return {
    ruleId: 'unsafe-url',
    severity: 'error',
    message: `${shown} is a ${scheme}: URL, which ${scheme === 'data' ? 'carries a document of its own' : 'runs code'}; it never reaches a page`,
    suggestion:
      scheme === 'data' && what === 'Image'
        ? 'Save the image as a file beside the page and show it with ![alt](./image.png).'
        : 'Link to a page of the site or to an https: URL instead.',
  }
}

function positionOf(start: { line: number; column: number }): SourcePosition {
  return { line: start.line, column: start.column }
}
