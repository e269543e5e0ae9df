/**
 * markdown-it-attrs's `{#id .class key=value}` at the end of a heading or a paragraph (VitePress
 * flavour): the id is kept (an anchor links may name; on a heading, its id), the rest is dropped
 * (the theme has no styles for a page's own classes, and attributes are not let through). A
 * paragraph of attributes alone is an empty anchor, as markdown-it-attrs renders it.
 */
import type { Heading, Paragraph, Parent, Root, RootContent } from 'mdast'

// Starts at the brace (no leading spaces: a pattern starting with them backtracks on a long run of them).
// An unquoted value holds no quote, so a quoted one is read one way only: with two ways to read each,
// a run of them that ends in no brace was tried every way (twice as long per attribute).
const attribute = `(?:[#.][\\w:-]+|[\\w-]+=(?:"[^"]*"|'[^']*'|[^\\s}"']+))`
const attributes = new RegExp(`\\{[ \\t]*(${attribute}(?:[ \\t]+${attribute})*)[ \\t]*\\}$`)

export function applyAttributes(parent: Root | Parent): void {
  for (const node of parent.children as RootContent[]) {
    if (node.type === 'heading' || node.type === 'paragraph') take(node)
    else if ('children' in node) applyAttributes(node)
  }
}

function take(node: Heading | Paragraph): void {
  const last = node.children[node.children.length - 1]
  if (last?.type !== 'text') return
  const match = attributes.exec(last.value)
  if (!match) return
  const id = /(?:^|\s)#([\w:-]+)/.exec(match[1]!)?.[1]
  last.value = last.value.slice(0, match.index).trimEnd()
  if (last.value === '') node.children.pop()
  // A heading's id is read from `{#id}` where ids written by hand are read (parse-markdown.ts).
  if (node.type === 'heading') {
    if (id !== undefined) node.children.push({ type: 'text', value: ` {#${id}}` })
    return
  }
  if (id !== undefined) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
}
