/**
 * The inline content of one markdown-it block token → mdast phrasing nodes, with the exact
 * source position of every link and image (what diagnostics point to). Used by markdown-to-mdast.
 */
import type { Token } from 'markdown-it'
import type { PhrasingContent, Text } from 'mdast'
import type { Point, Position } from 'unist'
import { countBelow } from '../../shared/count-below.js'

/** Where an inline rule started and ended, as offsets into its inline token's content. */
export interface SourceRange {
  readonly sourceStart: number
  readonly sourceEnd: number
}

/** An inline token with what is needed to find its text in the file. */
export interface InlineSource {
  readonly token: Token
  readonly lines: readonly string[]
  /** The file line (from 0) its content starts on. */
  readonly firstLine: number
  /** For a table cell: the column (from 0) to search its text from, past the cells before it. */
  readonly searchFrom: number | undefined
}

/** A content line's line in the file (from 0), the column (from 0) it starts at, and where escaped `|` were in it. */
interface LinePlace {
  readonly line: number
  readonly prefix: number
  /** Offsets in the content line of `|`, each written `\\|` in the source (table cells only). */
  readonly pipes: readonly number[]
}

export class InlineBuilder {
  private readonly root: { children: PhrasingContent[] } = { children: [] }
  private readonly stack: { children: PhrasingContent[]; unwrap?: boolean }[] = [this.root]
  private readonly token: Token
  private contentLineStarts: number[] | undefined
  private readonly linePlaces = new Map<number, LinePlace>()
  /** How far into the content links have been found: literal links are searched for from here. */
  private searched = 0
  /** Trailing punctuation that linkify-it kept in the open literal link and GFM leaves after it. */
  private afterLink = ''

  constructor(private readonly source: InlineSource) {
    this.token = source.token
  }

  build(): PhrasingContent[] {
    const children = this.token.children ?? []
    children.forEach((child, index) => {
      switch (child.type) {
        case 'text':
        case 'text_special':
          this.text(child.content)
          break
        case 'softbreak':
          this.text('\n')
          break
        case 'hardbreak':
          this.append({ type: 'break' })
          break
        case 'emoji':
          // markdown-it-emoji's `:name:` (VitePress pages): its character, marked, since VitePress leaves it out of heading ids.
          this.append({ type: 'text', value: child.content, data: { hName: 'span', hProperties: { className: ['emoji'] } } })
          break
        case 'code_inline':
          this.append({ type: 'inlineCode', value: child.content })
          break
        case 'em_open':
          this.open({ type: 'emphasis', children: [] })
          break
        case 'strong_open':
          this.open({ type: 'strong', children: [] })
          break
        case 's_open':
          this.open({ type: 'delete', children: [] })
          break
        case 'link_open':
          this.openLink(child, children[index + 1])
          break
        case 'em_close':
        case 'strong_close':
        case 's_close':
          this.stack.pop()
          break
        case 'link_close':
          this.closeLink()
          break
        case 'image':
          this.append({
            type: 'image',
            url: attribute(child, 'src') ?? '',
            alt: plainText(child.children ?? []),
            title: attribute(child, 'title'),
            position: this.positionOf(child),
          })
          break
        case 'html_inline':
          this.append({ type: 'html', value: child.content })
          break
        case 'footnote_ref': {
          const label = String((child.meta as { label: string }).label)
          this.append({ type: 'footnoteReference', identifier: label, label })
          break
        }
        default:
          throw new Error(`markdown-to-mdast: unhandled markdown-it inline token "${child.type}"`)
      }
    })
    return this.root.children
  }

  private openLink(token: Token, next: Token | undefined): void {
    const href = attribute(token, 'href') ?? ''
    if (token.markup !== 'linkify' || !next) {
      this.open({ type: 'link', url: href, title: attribute(token, 'title'), children: [], position: this.positionOf(token) })
      return
    }
    const literal = gfmLiteralLink(next.content, href)
    if (!literal) {
      this.stack.push({ children: [], unwrap: true })
      return
    }
    if (literal.before) this.text(literal.before)
    // Found in the source from what linkify-it matched, less what stays before the link.
    const position = this.positionOf(token, literal.linked + literal.after)
    next.content = literal.linked
    this.afterLink = literal.after
    this.open({ type: 'link', url: literal.url, title: null, children: [], position })
  }

  private closeLink(): void {
    const closed = this.stack.pop()!
    if (closed.unwrap) for (const node of closed.children) node.type === 'text' ? this.text(node.value) : this.append(node)
    if (this.afterLink) this.text(this.afterLink)
    this.afterLink = ''
  }

  private text(value: string): void {
    const siblings = this.stack[this.stack.length - 1]!.children
    const last = siblings[siblings.length - 1]
    if (last?.type === 'text') last.value += value
    else siblings.push({ type: 'text', value } satisfies Text)
  }

  private append(node: PhrasingContent): void {
    this.stack[this.stack.length - 1]!.children.push(node)
  }

  private open(node: PhrasingContent & { children: PhrasingContent[] }): void {
    this.append(node)
    this.stack.push(node)
  }

  /** Where this content ends in its (last) source line, from 0: where the next table cell starts. */
  endColumn(): number {
    return this.pointAt(this.token.content.length).column - 1
  }

  /**
   * The source position of a link or image: from the offsets its rule recorded, or for links
   * that GFM finds in plain text (`literalText`: www. and e-mail addresses), where that text next
   * occurs.
   */
  private positionOf(token: Token, literalText = ''): Position | undefined {
    const range = token.meta as Partial<SourceRange> | null
    let start = range?.sourceStart
    let end = range?.sourceEnd
    if (token.markup === 'linkify') {
      if (end !== undefined) start = end - literalText.length // the rule starts at `:`, after the scheme
      else {
        const found = this.token.content.indexOf(literalText, this.searched)
        if (found === -1) return undefined
        ;[start, end] = [found, found + literalText.length]
      }
    }
    if (start === undefined || end === undefined) return undefined
    this.searched = end
    return { start: this.pointAt(start), end: this.pointAt(end) }
  }

  /**
   * Maps an offset in the inline content to the file. The content is the block's lines with
   * container prefixes (`> `, list indentation) removed, so a content line is found at the end
   * of its source line; a table cell's text is found in its row, after the cells before it.
   */
  private pointAt(offset: number): Point {
    const starts = this.lineStarts()
    // The last content line starting at or before the offset: a paragraph can have many lines.
    const lineIndex = countBelow(starts, offset + 1) - 1
    const place = this.placeOfLine(lineIndex)
    const column = offset - starts[lineIndex]!
    return { line: place.line + 1, column: place.prefix + column + countBelow(place.pipes, column) + 1 }
  }

  private lineStarts(): number[] {
    if (!this.contentLineStarts) {
      const content = this.token.content
      this.contentLineStarts = [0]
      for (let index = content.indexOf('\n'); index !== -1; index = content.indexOf('\n', index + 1)) this.contentLineStarts.push(index + 1)
    }
    return this.contentLineStarts
  }

  /**
   * Where a content line sits in the file, found once per line: one line can hold thousands of
   * links, and searching its source for each of them made long lines quadratic.
   */
  private placeOfLine(lineIndex: number): LinePlace {
    const known = this.linePlaces.get(lineIndex)
    if (known) return known
    const starts = this.lineStarts()
    const content = this.token.content
    const contentLine = content.slice(starts[lineIndex], lineIndex + 1 < starts.length ? starts[lineIndex + 1]! - 1 : undefined).trimEnd()
    const line = this.source.firstLine + lineIndex
    const sourceLine = (this.source.lines[line] ?? '').trimEnd()
    let place: LinePlace
    if (this.source.searchFrom !== undefined) {
      // A `|` in a cell's content was written `\|`, or it would have ended the cell.
      const prefix = sourceLine.indexOf(contentLine.replaceAll('|', '\\|'), this.source.searchFrom)
      const pipes: number[] = []
      for (let index = contentLine.indexOf('|'); index !== -1; index = contentLine.indexOf('|', index + 1)) pipes.push(index)
      place = { line, prefix: Math.max(0, prefix), pipes }
    } else {
      let prefix = sourceLine.length - contentLine.length
      if (prefix < 0 || !sourceLine.startsWith(contentLine, prefix)) prefix = sourceLine.indexOf(contentLine)
      place = { line, prefix: Math.max(0, prefix), pipes: [] }
    }
    this.linePlaces.set(lineIndex, place)
    return place
  }
}

/**
 * What GFM links of a literal link that linkify-it found, and what stays text around it.
 * linkify-it also links bare domains (`config.md` is a Moldovan domain) and `ftp://`; GFM links
 * only `www.` addresses, http(s) URLs and e-mail addresses, and leaves out of them trailing
 * punctuation and, in an address, what comes before its name (`mailto:`, `key=`).
 */
function gfmLiteralLink(text: string, href: string): { before: string; linked: string; after: string; url: string } | undefined {
  if (href.startsWith('mailto:')) {
    const email = /^(.*[^\w.+-])?([\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[\w-]*[a-z\d])$/i.exec(text)
    if (!email) return undefined
    return { before: email[1] ?? '', linked: email[2]!, after: '', url: `mailto:${email[2]!}` }
  }
  if (!/^(?:https?:\/\/|www\.)/i.test(text)) return undefined
  const linked = text.slice(0, gfmLiteralLinkLength(text))
  const after = text.slice(linked.length)
  return { before: '', linked, after, url: href.slice(0, href.length - after.length) }
}

/**
 * How much of a literal URL GFM links: not trailing punctuation (`?`, `:`, `_`, `~`, quotes and
 * more), entity-like `&name;` nor unbalanced `)`; linkify-it keeps some of them.
 */
function gfmLiteralLinkLength(text: string): number {
  const trail = /(?:[!"'*,.:;?_~)]|&[a-z]+;)+$/i.exec(text)
  if (!trail) return text.length
  let unclosed = 0
  for (const character of text.slice(0, trail.index)) unclosed += character === '(' ? 1 : character === ')' ? -1 : 0
  // A `)` in the trail that closes a `(` of the link stays in it, with the trail before it.
  let length = trail.index
  for (let index = trail.index; index < text.length && unclosed > 0; index++)
    if (text[index] === ')') {
      unclosed--
      length = index + 1
    }
  return length
}

export function attribute(token: Token, name: string): string | null {
  const value = token.attrGet(name)
  return value === null ? null : String(value)
}

function plainText(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.children ? plainText(token.children) : token.type === 'softbreak' ? '\n' : token.content)).join('')
}
