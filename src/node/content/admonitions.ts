/**
 * Admonitions and alerts, as the three syntaxes documentation sets use write them: Docusaurus's
 * `:::note[Title]` (and its older `:::note Title`), VitePress's `::: tip Title` and
 * `::: details`, and GitHub's `> [!NOTE]` alerts. Each becomes one mdast `admonition` node,
 * which remark-rehype turns into the same markup (see admonitionHandler), so a page reads the
 * same whichever syntax it was written in.
 */
import type { MarkdownIt } from 'markdown-it'
import markdownItContainer from 'markdown-it-container'
import type { Admonition, Blockquote, BlockContent, DefinitionContent, Parent } from 'mdast'
import type { Element } from 'hast'
import { defaultHandlers } from 'remark-rehype'
import { readCodeInfo } from './code-block.js'
import { attributesAtEnd, type AttributeDelimiters } from './markdown-attributes.js'

type State = Parameters<typeof defaultHandlers.blockquote>[0]

export const admonitionLabels = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  details: 'Details',
  // VitePress's group of code blocks, shown one after the other with their titles, and its
  // containers for Vue (`v-pre`, `raw`), whose content is shown as it is.
  'code-group': '',
  'v-pre': '',
  raw: '',
  // vitepress-plugin-tabs's container (VitePress flavour only): its `== name` lines start tabs.
  tabs: '',
} as const

export type AdmonitionKind = keyof typeof admonitionLabels

declare module 'mdast' {
  interface Admonition extends Parent {
    type: 'admonition'
    kind: AdmonitionKind
    /** The title written after the name; undefined for the kind's own label. */
    title: string | undefined
    /** The id given by attributes after the title (`::: tip Title {#id}`, VitePress flavour). */
    id?: string
    children: (BlockContent | DefinitionContent)[]
  }
  interface RootContentMap {
    admonition: Admonition
  }
  interface BlockContentMap {
    admonition: Admonition
  }
}

// The title is taken greedily and trimmed after: a lazy title before `\s*$` backtracks on a long run of spaces.
const containerInfo = /^\s*([a-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{[^}\n]*\})?(?:\s+(.*))?$/i

/**
 * The kind and title written after the colons (`note[Title]`, ` tip Title`, `details`), or
 * undefined when it is no admonition. With `vitepress`, attributes after the title
 * (markdown-it-attrs's `{#id .class}`) give its id (classes are dropped: the theme has no styles
 * for them), and `tabs` is a kind.
 */
export function readContainerInfo(info: string, vitepress?: AttributeDelimiters): { kind: AdmonitionKind; title: string | undefined; id?: string } | undefined {
  const match = containerInfo.exec(info)
  if (!match) return undefined
  const kind = match[1]!.toLowerCase()
  if (!Object.hasOwn(admonitionLabels, kind) || (kind === 'tabs' && !vitepress)) return undefined
  let written = match[2] ?? match[3]
  // markdown-it-attrs reads a block's info as it reads the end of a heading, between the site's delimiters.
  const attributes = vitepress && written !== undefined ? attributesAtEnd(written, vitepress) : undefined
  if (attributes) written = written!.slice(0, attributes.start).trimEnd()
  const id = attributes?.id
  // The title is shown as text: emphasis and code marks around words are dropped, not shown.
  const title = written === undefined ? undefined : withoutMarks(written).trim()
  return { kind: kind as AdmonitionKind, title: title === '' ? undefined : title, ...(id === undefined ? {} : { id }) }
}

const marks = ['**', '__', '*', '_', '`']

/**
 * `text` with each pair of marks around non-space text dropped, left to right, as
 * `/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g` would, but in one pass: that pattern searched to the
 * end of the text from every mark that had no closing one.
 */
function withoutMarks(text: string): string {
  // Where each mark may close: preceded by a character that is not a space, in order.
  const closers = marks.map((mark) => {
    const at: number[] = []
    for (let index = text.indexOf(mark, 1); index !== -1; index = text.indexOf(mark, index + 1)) if (/\S/.test(text[index - 1]!)) at.push(index)
    return { mark, at, next: 0 }
  })
  let out = ''
  let copied = 0
  let index = 0
  search: while (index < text.length) {
    for (const closer of closers) {
      const { mark } = closer
      if (!text.startsWith(mark, index) || !/\S/.test(text[index + mark.length] ?? ' ')) continue
      // The pattern tries two or more characters between the marks first, then one.
      while (closer.next < closer.at.length && closer.at[closer.next]! <= index + mark.length + 1) closer.next++
      const end = closer.at[closer.next] ?? (text.startsWith(mark, index + mark.length + 1) ? index + mark.length + 1 : undefined)
      if (end === undefined) continue
      out += text.slice(copied, index) + text.slice(index + mark.length, end)
      index = copied = end + mark.length
      continue search
    }
    index++
  }
  return out + text.slice(copied)
}

/** Lets markdown-it read `:::name` containers of the known kinds (others stay text). */
export function useAdmonitions(instance: MarkdownIt, vitepress: boolean): void {
  // Which kinds are containers does not depend on the attributes' delimiters.
  const flavour = vitepress ? { leftDelimiter: '{', rightDelimiter: '}' } : undefined
  instance.use(markdownItContainer, 'admonition', { validate: (params: string) => readContainerInfo(params, flavour) !== undefined })
}

const alertMarker = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i

/** A GitHub alert (`> [!NOTE]` alone on the quote's first line) as an admonition; undefined for any other quote. */
export function alertFrom(quote: Blockquote): Admonition | undefined {
  const paragraph = quote.children[0]
  if (paragraph?.type !== 'paragraph') return undefined
  const head = paragraph.children[0]
  const match = head?.type === 'text' ? alertMarker.exec(head.value) : null
  if (!match || head?.type !== 'text') return undefined
  head.value = head.value.slice(match[0].length)
  if (head.value === '') paragraph.children.shift()
  if (paragraph.children[0]?.type === 'break') paragraph.children.shift()
  const children = paragraph.children.length === 0 ? quote.children.slice(1) : quote.children
  return { type: 'admonition', kind: match[1]!.toLowerCase() as AdmonitionKind, title: undefined, children }
}

/**
 * The markup of an admonition: a note region with a heading (its title) and its content, or
 * `<details>` with a `<summary>` for VitePress's details; a code group is a plain group.
 */
export function admonitionHandler(state: State, node: Admonition): Element {
  if (node.kind === 'code-group' || node.kind === 'tabs') return tabGroup(state, node)
  const children = state.all(node)
  const label = node.title ?? admonitionLabels[node.kind]
  const text = { type: 'text' as const, value: label }
  const id = node.id === undefined ? {} : { id: node.id }
  if (node.kind === 'details')
    return { type: 'element', tagName: 'details', properties: { className: ['admonition', 'admonition-details'], ...id }, children: [{ type: 'element', tagName: 'summary', properties: {}, children: [text] }, ...state.wrap(children, true)] }
  if (node.kind === 'v-pre' || node.kind === 'raw') return { type: 'element', tagName: 'div', properties: { ...id }, children: state.wrap(children, true) }
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['admonition', `admonition-${node.kind}`], role: 'note', ...id },
    children: [
      { type: 'element', tagName: 'p', properties: { className: ['admonition-heading'] }, children: [text] },
      { type: 'element', tagName: 'div', properties: { className: ['admonition-content'] }, children: state.wrap(children, true) },
    ],
  }
}

/**
 * A code group (each code block a panel, labelled with its title or language) or a `::: tabs`
 * container (each `== name` a panel): a group of labelled panels, which code-group-tabs.ts draws
 * as tabs once the page is sanitised.
 */
function tabGroup(state: State, node: Admonition): Element {
  const panels: { label: string; children: typeof node.children }[] = []
  node.children.forEach((child, index) => {
    if (child.type === 'tabMarker') panels.push({ label: child.label, children: [] })
    else if (node.kind === 'code-group' && child.type === 'code') {
      const info = readCodeInfo(child.lang, child.meta)
      panels.push({ label: info.title ?? info.language ?? `${index + 1}`, children: [child] })
    } else if (panels.length > 0) panels[panels.length - 1]!.children.push(child)
  })
  const group = node.kind === 'tabs' && node.title ? /^key:(\S+)$/.exec(node.title)?.[1] : undefined
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-group'], ...(group === undefined ? {} : { dataGroupId: group }) },
    children: state.wrap(
      panels.map(({ label, children }) => ({
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-group-panel'] },
        children: [{ type: 'element', tagName: 'p', properties: { className: ['code-group-label'] }, children: [{ type: 'text', value: label }] }, ...state.wrap(state.all({ ...node, children }), true)],
      })),
      true,
    ),
  }
}

/** What the sanitiser lets through for admonitions: only these classes, and role="note". */
export const admonitionAttributes = {
  div: [['className', 'admonition', 'admonition-content', 'code-group', 'code-group-panel', ...Object.keys(admonitionLabels).map((kind) => `admonition-${kind}`)], ['role', 'note'], 'dataGroupId'],
  p: [['className', 'admonition-heading', 'code-group-label']],
  details: [['className', 'admonition', 'admonition-details']],
} as const
