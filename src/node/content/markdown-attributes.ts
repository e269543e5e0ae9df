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
// An id is what markdown-it-attrs reads after `#`: any characters up to a space (`#migrating-from-vuex-≤4`), no brace or `#`.
const idCharacters = `[^\\s"'=/>{}#]`
const idAttribute = new RegExp(`(?:^|\\s)#(${idCharacters}+)`)
// A key alone is an attribute too (`::: details Title {open}`), as markdown-it-attrs reads it.
const attribute = `(?:#${idCharacters}+|\\.[\\w:-]+|[\\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\\s}"']+))?)`

/** What attributes are written between: markdown-it-attrs's `leftDelimiter` and `rightDelimiter`. */
export interface AttributeDelimiters {
  readonly leftDelimiter: string
  readonly rightDelimiter: string
}

const braces: AttributeDelimiters = { leftDelimiter: '{', rightDelimiter: '}' }
const patterns = new Map<string, RegExp>()

/**
 * The pattern of a text that is attributes between these delimiters (written as text, never as a
 * pattern), tried from the text's last left delimiter: tried at every one, each attempt read on to
 * the end (a value may hold a delimiter), and a paragraph of 40 000 `{a=` took 10 s.
 */
function attributesPattern({ leftDelimiter, rightDelimiter }: AttributeDelimiters): RegExp {
  const key = `${leftDelimiter}\u0000${rightDelimiter}`
  let pattern = patterns.get(key)
  if (pattern === undefined) {
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
    pattern = new RegExp(`^${literal(leftDelimiter)}[ \\t]*(${attribute}(?:[ \\t]+${attribute})*)[ \\t]*${literal(rightDelimiter)}$`)
    patterns.set(key, pattern)
  }
  return pattern
}

export function applyAttributes(parent: Root | Parent, delimiters: AttributeDelimiters = braces): void {
  const walk = (node: Root | Parent): void => {
    for (const child of node.children as RootContent[]) {
      if (child.type === 'heading' || child.type === 'paragraph') take(child, delimiters)
      else if ('children' in child) walk(child)
    }
  }
  walk(parent)
}

/**
 * The attributes a text ends with, as markdown-it-attrs reads them at the end of a block (a
 * heading's or paragraph's text, a container's info): where they start, and their id if they
 * give one; undefined when the text does not end with attributes between these delimiters.
 */
export function attributesAtEnd(text: string, delimiters: AttributeDelimiters = braces): { start: number; id: string | undefined } | undefined {
  const { leftDelimiter, rightDelimiter } = delimiters
  if (!text.endsWith(rightDelimiter)) return undefined
  // The last left delimiter before the closing one (the two may be the same text).
  const before = text.length - rightDelimiter.length - leftDelimiter.length
  const start = before < 0 ? -1 : text.lastIndexOf(leftDelimiter, before)
  const match = start === -1 ? null : attributesPattern(delimiters).exec(text.slice(start))
  return match ? { start, id: idAttribute.exec(match[1]!)?.[1] } : undefined
}

/**
 * What a heading's id given by attributes is written as in its text, for parse-markdown.ts to
 * read: a NUL, which markdown-it turns into U+FFFD in any page, so no heading's own text can
 * end as one does (a `{#id}` written with other delimiters is text, as VitePress shows it).
 */
export const attributeIdMark = '\u0000'

function take(node: Heading | Paragraph, delimiters: AttributeDelimiters): void {
  const last = node.children[node.children.length - 1]
  if (last?.type !== 'text') return
  const found = attributesAtEnd(last.value, delimiters)
  if (!found) return
  const { start, id } = found
  last.value = last.value.slice(0, start).trimEnd()
  if (last.value === '') node.children.pop()
  if (node.type === 'heading') {
    if (id !== undefined) node.children.push({ type: 'text', value: `${attributeIdMark}${id}` })
    return
  }
  if (id !== undefined) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
}
