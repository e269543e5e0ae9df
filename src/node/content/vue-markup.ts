/**
 * What a reader of the built page sees of the Vue that VitePress pages may hold (VitePress
 * flavour only), since docsgen runs no Vue:
 * - `<script>` and `<style>` blocks (`<script setup>`, `<style module>`) are left out: code and
 *   styles for Vue, not text.
 * - `<Badge type="tip" text="x" />` (or `<Badge type="tip">x</Badge>`) is a styled span.
 * - `<ClientOnly>` and `<Content />`'s kin: the tags of any other component are left out; what is
 *   written between an opening and a closing tag is kept (it is usually the page's text), and
 *   the components are reported in one warning per page (except ClientOnly, which only defers
 *   its content to the browser).
 * - An HTML element written self-closing (`<sup class="vt-badge" data-text="3.5+" />`) is empty,
 *   as in a Vue template; HTML would read it as an opening tag and put the rest of the line in it.
 * - `{{ $frontmatter.key }}` is the front matter's value; any other `{{ … }}` expression stays as
 *   written and is reported once per page. Inside `::: v-pre` and `::: raw` nothing is changed.
 */
import type { Html, Parent, Root, RootContent, Text } from 'mdast'
import { parse as parseYaml } from 'yaml'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

const scriptOrStyle = /^\s*<(script|style)\b[\s\S]*<\/\1\s*>\s*$/i
// Names and unquoted values stop at a `<`, so a tag that never closes is read up to the next tag,
// not to the end of the block once per tag.
const componentTag = /<(\/?)([A-Z][\w-]*)((?:\s+[^\s=<>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s<>"']+))?)*)\s*(\/?)>/g
const selfClosingElement = /<([a-z][a-z0-9-]*)((?:\s+[^\s=<>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s<>"']+))?)*)\s*\/>/g
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
// No braces inside: each `{{` is matched up to the next brace, never searched to the end of the text.
const interpolation = /\{\{([^{}]*)\}\}/g
const badgeTypes = new Set(['info', 'tip', 'warning', 'danger'])
/** Components that only wrap what they hold, shown without a warning. */
const wrappers = new Set(['ClientOnly'])

export function rewriteVueMarkup(tree: Root, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const components = new Set<string>()
  let expressionReported = false
  const report: Report = (unsupported) => {
    if (unsupported.component !== undefined) components.add(unsupported.component)
    else if (!expressionReported) {
      expressionReported = true
      diagnostics.push(diagnostic({ file, ruleId: 'vue-unsupported', severity: 'warning', message: `The Vue expression "${unsupported.expression}" is shown as written: docsgen runs no Vue`, suggestion: 'Write its value in the page, or put it in a `::: v-pre` container or in code to show it as code.' }))
    }
  }
  let frontMatter: Record<string, unknown> | undefined
  const frontMatterValue = (key: string): unknown => {
    if (frontMatter === undefined) {
      const yaml = tree.children.find((node) => node.type === 'yaml')
      try {
        const parsed: unknown = yaml ? parseYaml(yaml.value) : undefined
        frontMatter = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
      } catch {
        frontMatter = {}
      }
    }
    return Object.hasOwn(frontMatter, key) ? frontMatter[key] : undefined
  }

  const visit = (parent: Root | Parent) => {
    for (const node of parent.children as RootContent[]) {
      if (node.type === 'html') node.value = rewriteHtml(node, report)
      else if (node.type === 'text') node.value = interpolate(node, frontMatterValue, report)
      if ('children' in node && !(node.type === 'admonition' && (node.kind === 'v-pre' || node.kind === 'raw'))) visit(node)
    }
  }
  visit(tree)
  if (components.size > 0) diagnostics.push(componentsLeftOut(file, [...components]))
  return diagnostics
}

type Report = (unsupported: { readonly component: string } | { readonly component?: undefined; readonly expression: string }) => void

/** One warning for all the components a page uses, however many (a generated page may use thousands). */
function componentsLeftOut(file: string, names: readonly string[]): Diagnostic {
  const shown = names.slice(0, 3).map((name) => `<${name}>`)
  const list = names.length === 1 ? shown[0] : names.length <= 3 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : `${shown.join(', ')} and ${names.length - 3} more`
  const one = names.length === 1
  return diagnostic({
    file,
    ruleId: 'vue-unsupported',
    severity: 'warning',
    message: `The Vue ${one ? 'component' : 'components'} ${list} ${one ? 'is' : 'are'} left out of the page: docsgen runs no Vue`,
    suggestion: `Write what ${one ? 'it shows' : 'they show'} in Markdown, or leave ${one ? 'it' : 'them'} out of the page.`,
  })
}

function rewriteHtml(node: Html, report: Report): string {
  if (scriptOrStyle.test(node.value)) return ''
  return node.value
    .replace(componentTag, (_, closing: string, name: string, attributes: string, selfClosing: string) => {
      if (name === 'Badge') return badge(closing === '/', selfClosing === '/', attributes)
      if (!wrappers.has(name)) report({ component: name })
      return ''
    })
    .replace(selfClosingElement, (written: string, name: string, attributes: string) => (voidElements.has(name) ? written : `<${name}${attributes}></${name}>`))
}

function badge(closing: boolean, selfClosing: boolean, attributes: string): string {
  if (closing) return '</span>'
  const attribute = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes)
  const type = attribute('type')
  const kind = type && badgeTypes.has(type[1] ?? type[2]!) ? (type[1] ?? type[2]!) : 'tip'
  const text = attribute('text')
  // The text attribute is written into HTML the sanitiser then reads: only text, never markup.
  const content = text ? escapeHtml(text[1] ?? text[2]!) : ''
  return `<span class="badge badge-${kind}">${content}${selfClosing ? '</span>' : ''}`
}

function interpolate(node: Text, frontMatterValue: (key: string) => unknown, report: Report): string {
  if (!node.value.includes('{{')) return node.value
  return node.value.replace(interpolation, (written: string, expression: string) => {
    const key = /^\s*\$?frontmatter(?:\.([\w$]+)|\[\s*(?:'([^']*)'|"([^"]*)")\s*\])\s*$/.exec(expression)
    const value = key ? frontMatterValue(key[1] ?? key[2] ?? key[3]!) : undefined
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
    report({ expression: written })
    return written
  })
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
