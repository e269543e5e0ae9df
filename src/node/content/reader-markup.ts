/**
 * Markup readers use that Markdown does not write: a link to each heading (hover it, copy the
 * address of a section) and a frame around each code block with its language and a keyboard
 * stop, so a long line can be scrolled without a mouse. Added after sanitising, to elements the
 * sanitiser already passed; the browser runtime adds a copy button to each frame.
 */
import type { Element } from 'hast'
import type { CodeBlock } from './highlight-code.js'

export interface ReaderMarkupTargets {
  /** Headings with their id and text. */
  readonly headings: readonly { readonly node: Element; readonly id: string; readonly text: string }[]
  /** `<pre>` elements, each with the title its fence gave it. */
  readonly codeBlocks: readonly CodeBlock[]
}

export function addReaderMarkup({ headings, codeBlocks }: ReaderMarkupTargets): void {
  for (const { node, id, text } of headings) {
    node.children.push({
      type: 'element',
      tagName: 'a',
      // Left out of the search index: the mark is not part of the heading's text.
      properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${text}` },
      children: [{ type: 'text', value: '#' }],
    })
  }
  for (const block of codeBlocks) frameCodeBlock(block)
}

/**
 * Turns `<pre>` into `<div class="code-block"><div class="code-block-title">title</div>
 * <span>language</span><pre tabindex="0">…</pre></div>`, in place (the title only if the fence has one).
 */
function frameCodeBlock({ pre, title }: CodeBlock): void {
  const code = pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code')
  const classes = code?.properties?.className
  const languageClass = Array.isArray(classes) ? classes.find((name): name is string => typeof name === 'string' && name.startsWith('language-')) : undefined
  const language = languageClass?.slice('language-'.length) ?? 'text'
  const inner: Element = { type: 'element', tagName: 'pre', properties: { ...pre.properties, tabIndex: 0 }, children: pre.children }
  pre.tagName = 'div'
  pre.properties = { className: ['code-block'], dataLanguage: language }
  const label: Element = { type: 'element', tagName: 'span', properties: { className: ['code-block-language'] }, children: [{ type: 'text', value: language }] }
  const heading: Element[] = title === undefined ? [] : [{ type: 'element', tagName: 'div', properties: { className: ['code-block-title'] }, children: [{ type: 'text', value: title }] }]
  pre.children = [...heading, label, inner]
}
