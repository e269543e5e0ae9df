/**
 * Fenced code as Docusaurus and VitePress read its info string: the language (only its name:
 * ```` ```ts{1} ```` is TypeScript with line 1 highlighted, never the class `language-ts{1}`),
 * `title="…"` (or VitePress's `[title]`), highlighted lines by range (`{1,3-4}`), and
 * `showLineNumbers`. The remark-rehype handler keeps what the highlighter needs on the element.
 */
import { randomUUID } from 'node:crypto'
import type { Element } from 'hast'
import type { Code } from 'mdast'
import { defaultHandlers } from 'remark-rehype'

type State = Parameters<typeof defaultHandlers.code>[0]

export interface CodeInfo {
  /** The language's name (`ts`), or undefined for none. */
  readonly language: string | undefined
  readonly title: string | undefined
  /** 1-based lines to highlight. */
  readonly highlighted: ReadonlySet<number>
  readonly lineNumbers: boolean
}

export function readCodeInfo(lang: string | null | undefined, meta: string | null | undefined): CodeInfo {
  const [, name = '', rest = ''] = /^([\w+#.-]*)(.*)$/s.exec(lang ?? '')!
  const info = `${rest} ${meta ?? ''}`
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(info)
  const highlighted = new Set<number>()
  const ranges = /\{([\d,\s-]+)\}/.exec(info)?.[1] ?? ''
  for (const part of ranges.split(',')) {
    const [from, to = from] = part.trim().split('-').map(Number)
    // At most a few thousand lines: a range such as {1-999999999} must not take the build's memory.
    if (Number.isInteger(from) && Number.isInteger(to)) for (let line = from!; line <= Math.min(to!, from! + 10_000); line++) highlighted.add(line)
  }
  return {
    language: name === '' ? undefined : name.toLowerCase(),
    title: title ? (title[1] ?? title[2] ?? title[3]) : bracketTitle(info),
    highlighted,
    lineNumbers: /\bshowLineNumbers\b|:line-numbers\b/.test(info),
  }
}

/**
 * VitePress's `[title]`: from the first `[` at the start or after a space to the next `]`, found
 * without a pattern, which would search to the end of a long line from every `[` on it.
 */
function bracketTitle(info: string): string | undefined {
  for (let open = info.indexOf('['); open !== -1; open = info.indexOf('[', open + 1)) {
    if (open > 0 && !/\s/.test(info[open - 1]!)) continue
    const close = info.indexOf(']', open + 1)
    if (close === -1) return undefined
    if (close > open + 1) return info.slice(open + 1, close)
  }
  return undefined
}

/**
 * Marks the info strings the handler writes, so the sanitiser (which lets only values with it
 * through) and the highlighter tell them from a `data-meta` written in raw HTML.
 */
export const metaMark = `${randomUUID()}:`

/** `<pre><code>` with the language as its only class and the info string kept for the highlighter. */
export function codeHandler(state: State, node: Code): Element {
  const element = defaultHandlers.code(state, { ...node, lang: null, meta: null })
  const code = element.children[0] as Element
  const info = readCodeInfo(node.lang, node.meta)
  if (info.language) code.properties = { ...code.properties, className: [`language-${info.language}`] }
  const written = `${node.lang ?? ''} ${node.meta ?? ''}`.trim()
  if (written !== '') code.properties = { ...code.properties, dataMeta: `${metaMark}${written}` }
  return element
}
