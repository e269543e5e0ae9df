/**
 * Markdown (CommonMark + GFM, with YAML front matter) → mdast, tokenized by markdown-it.
 *
 * Why not remark-parse: micromark, its tokenizer, takes about 2.6 ms per 4.6 KB document and was
 * over 80% of a cold build; markdown-it tokenizes the same document in about 0.2 ms, which is
 * what brings a 1000-doc build near Hugo's time. Everything after the tree (remark-rehype,
 * sanitising, stringifying) is unchanged, and a test builds every content file and fixture both
 * ways and asserts the same HTML and the same link positions.
 *
 * Known differences from remark-gfm, all rare in documentation: only `~~double~~` tildes strike
 * through (as in markdown-it and Pandoc; GitHub also accepts `~single~`), and in `~~~three~~~` two do;
 * footnote labels match case-sensitively; a literal URL ends at an unbalanced `)` inside it
 * (`www.a.example/q=(b))+c`) and before an entity-like `&name` at its end; an e-mail address is
 * not linked when it holds a backslash escape (`a\@b.example`), starts with `MAILTO:` in capitals
 * or follows another in one word (`xmpp:a@b.example/c@d.example`).
 *
 * Positions: links and images carry their exact source position (line and column of `[`, `!`
 * or `<`), which is what diagnostics point to. Other nodes carry none.
 */
import markdownIt, { type MarkdownIt, type StateInline, type Token } from 'markdown-it'
import markdownItFootnote from 'markdown-it-footnote'
import type {
  Code,
  FootnoteDefinition,
  Heading,
  List,
  ListItem,
  Paragraph,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
  Text,
} from 'mdast'
import type { Point, Position } from 'unist'
import { pushAll } from '../../shared/push-all.js'

/** Where an inline rule started and ended, as offsets into its inline token's content. */
interface SourceRange {
  readonly sourceStart: number
  readonly sourceEnd: number
}

// Fuzzy links are what find `www.` addresses, but linkify-it's fuzzy pattern is a large regular
// expression tried on every text with a dot (half the parse time on the shared corpus), so only
// documents that contain `www.` get the parser that tries it.
const markdown = createMarkdownIt({ fuzzyLink: false })
const markdownWithWwwLinks = createMarkdownIt({ fuzzyLink: true })

export function markdownToMdast(source: string): Root {
  // A byte order mark is not content (micromark drops it too).
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
  const frontMatter = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(text)
  const root: Root = { type: 'root', children: [] }
  let body = text
  if (frontMatter) {
    const lineCount = frontMatter[0].split('\n').length - (frontMatter[0].endsWith('\n') ? 1 : 0)
    root.children.push({
      type: 'yaml',
      value: frontMatter[1] ?? '',
      position: { start: { line: 1, column: 1, offset: 0 }, end: { line: lineCount, column: 4, offset: frontMatter[0].trimEnd().length } },
    })
    // Blank lines in place of the front matter keep markdown-it's line numbers those of the file.
    body = '\n'.repeat(lineCount) + text.slice(frontMatter[0].length)
  }
  const lines = text.split('\n')
  const parser = /www\./i.test(body) ? markdownWithWwwLinks : markdown
  new TreeBuilder(root, lines).blocks(parser.parse(body, {}))
  return root
}

function createMarkdownIt({ fuzzyLink }: { fuzzyLink: boolean }): MarkdownIt {
  const instance = markdownIt({ html: true, linkify: true })
  // The tree keeps URLs as written, like remark-parse: remark-rehype normalises them, and the
  // sanitiser (not the parser) is what removes `javascript:` and other unsafe URLs.
  instance.normalizeLink = (url) => url
  instance.validateLink = () => true
  // Fuzzy links include `www.` ones, which GFM links; isGfmAutolinkLiteral drops the bare domains.
  instance.linkify.set({ fuzzyLink })
  // GFM links `www.` and e-mail addresses under any top-level domain (`alice@corp.example`,
  // `www.site.test`); linkify-it only under known ones. Its TLD entries are regular expressions.
  instance.linkify.tlds(['[a-z0-9]+(?:-+[a-z0-9]+)*'], true)
  instance.use(markdownItFootnote)
  // GFM has no inline footnotes (`^[text]`): keep them as text.
  instance.inline.ruler.disable('footnote_inline')
  for (const rule of ['link', 'image', 'autolink', 'linkify']) recordSourceRange(instance, rule)
  return instance
}

/**
 * Wraps an inline rule so the link or image it produces remembers where its source starts and
 * ends. markdown-it keeps no inline positions, and diagnostics need the line and column of a link.
 */
function recordSourceRange(instance: MarkdownIt, name: string): void {
  // markdown-it keeps a rule's function only in its ruler's internal list.
  const rules = (instance.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__
  const original = rules.find((rule) => rule.name === name)?.fn
  if (!original) throw new Error(`markdown-it has no inline rule "${name}"; markdown-to-mdast.ts needs updating`)
  instance.inline.ruler.at(name, (state: StateInline, silent: boolean) => {
    const sourceStart = state.pos
    const firstNew = state.tokens.length
    if (!original(state, silent)) return false
    if (!silent) {
      const token = state.tokens.slice(firstNew).find((candidate) => candidate.type === 'link_open' || candidate.type === 'image')
      if (token) token.meta = { ...(token.meta as object | null), sourceStart, sourceEnd: state.pos } satisfies SourceRange
    }
    return true
  })
}

type InlineRule = (state: StateInline, silent: boolean) => boolean

type OpenNode = Root | Parent

class TreeBuilder {
  private readonly stack: OpenNode[]
  /** The lists being built, with whether a paragraph showed them to be loose. */
  private readonly lists: { node: List; loose: boolean }[] = []
  private headRow = false
  /** Table cells carry no line of their own: their row's line, and where the last cell ended in it. */
  private row = { line: 0, searched: 0 }

  constructor(
    root: Root,
    private readonly lines: readonly string[],
  ) {
    this.stack = [root]
  }

  blocks(tokens: readonly Token[]): void {
    for (const token of tokens) {
      switch (token.type) {
        case 'paragraph_open':
          if (!token.hidden && this.top().type === 'listItem') this.lists[this.lists.length - 1]!.loose = true
          this.open<Paragraph>({ type: 'paragraph', children: [] })
          break
        case 'heading_open':
          this.open<Heading>({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] })
          break
        case 'blockquote_open':
          this.open({ type: 'blockquote', children: [] })
          break
        case 'bullet_list_open':
        case 'ordered_list_open': {
          const ordered = token.type === 'ordered_list_open'
          const list: List = { type: 'list', ordered, start: ordered ? Number(attribute(token, 'start') ?? 1) : null, spread: false, children: [] }
          this.lists.push({ node: list, loose: false })
          this.open(list)
          break
        }
        case 'bullet_list_close':
        case 'ordered_list_close': {
          const { node, loose } = this.lists.pop()!
          node.spread = loose
          for (const item of node.children) item.spread = loose
          this.stack.pop()
          break
        }
        case 'list_item_open':
          this.open<ListItem>({ type: 'listItem', spread: false, checked: null, children: [] })
          break
        case 'list_item_close':
          takeTaskCheck(this.stack.pop() as ListItem)
          break
        case 'inline': {
          const inCell = this.top().type === 'tableCell'
          const source: InlineSource = inCell
            ? { token, lines: this.lines, firstLine: this.row.line, searchFrom: this.row.searched }
            : { token, lines: this.lines, firstLine: token.map?.[0] ?? 0, searchFrom: undefined }
          const built = new InlineBuilder(source)
          pushAll(this.top().children as PhrasingContent[], built.build())
          if (inCell) this.row.searched = built.endColumn()
          break
        }
        case 'fence': {
          // As micromark reads an info string: the language up to the first space or tab, the
          // rest as written, both with escapes and character references decoded.
          const [, lang = '', meta = ''] = /^[ \t]*([^ \t]*)[ \t]*(.*)/.exec(token.info)!
          this.append<Code>({ type: 'code', lang: markdown.utils.unescapeAll(lang) || null, meta: markdown.utils.unescapeAll(meta) || null, value: withoutFinalLineEnding(token.content) })
          break
        }
        case 'code_block':
          this.append<Code>({ type: 'code', lang: null, meta: null, value: withoutFinalLineEnding(token.content) })
          break
        case 'hr':
          this.append({ type: 'thematicBreak' })
          break
        case 'html_block':
          this.append({ type: 'html', value: withoutFinalLineEnding(token.content) })
          break
        case 'table_open':
          this.open<Table>({ type: 'table', align: [], children: [] })
          break
        case 'thead_open':
          this.headRow = true
          break
        case 'thead_close':
          this.headRow = false
          break
        case 'tr_open':
          this.row = { line: token.map?.[0] ?? this.row.line, searched: 0 }
          this.open<TableRow>({ type: 'tableRow', children: [] })
          break
        case 'th_open':
        case 'td_open':
          if (this.headRow) (this.stack[this.stack.length - 2] as Table).align!.push(alignOf(token))
          this.open<TableCell>({ type: 'tableCell', children: [] })
          break
        case 'footnote_open': {
          const label = String((token.meta as { label: string }).label)
          this.open<FootnoteDefinition>({ type: 'footnoteDefinition', identifier: label, label, children: [] })
          break
        }
        case 'paragraph_close':
        case 'heading_close':
        case 'blockquote_close':
        case 'table_close':
        case 'tr_close':
        case 'th_close':
        case 'td_close':
        case 'footnote_close':
          this.stack.pop()
          break
        // Structure remark-rehype recreates on its own: table sections, the footnotes block, backlinks.
        case 'tbody_open':
        case 'tbody_close':
        case 'footnote_block_open':
        case 'footnote_block_close':
        case 'footnote_anchor':
          break
        default:
          throw new Error(`markdown-to-mdast: unhandled markdown-it block token "${token.type}"`)
      }
    }
  }

  private top(): OpenNode {
    return this.stack[this.stack.length - 1]!
  }

  private append<Node extends RootContent>(node: Node): Node {
    ;(this.top().children as RootContent[]).push(node)
    return node
  }

  private open<Node extends RootContent & Parent>(node: Node): void {
    this.append(node)
    this.stack.push(node)
  }
}

/** An inline token with what is needed to find its text in the file. */
interface InlineSource {
  readonly token: Token
  readonly lines: readonly string[]
  /** The file line (from 0) its content starts on. */
  readonly firstLine: number
  /** For a table cell: the column (from 0) to search its text from, past the cells before it. */
  readonly searchFrom: number | undefined
}

class InlineBuilder {
  private readonly root: { children: PhrasingContent[] } = { children: [] }
  private readonly stack: { children: PhrasingContent[]; unwrap?: boolean }[] = [this.root]
  private readonly token: Token
  private contentLineStarts: number[] | undefined
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
    const content = this.token.content
    if (!this.contentLineStarts) {
      this.contentLineStarts = [0]
      for (let index = content.indexOf('\n'); index !== -1; index = content.indexOf('\n', index + 1)) this.contentLineStarts.push(index + 1)
    }
    const starts = this.contentLineStarts
    let lineIndex = starts.length - 1
    while (starts[lineIndex]! > offset) lineIndex--
    const lineStart = starts[lineIndex]!
    const contentLine = content.slice(lineStart, lineIndex + 1 < starts.length ? starts[lineIndex + 1]! - 1 : undefined).trimEnd()
    const line = this.source.firstLine + lineIndex
    const sourceLine = (this.source.lines[line] ?? '').trimEnd()
    const column = offset - lineStart
    if (this.source.searchFrom !== undefined) {
      // A `|` in a cell's content was written `\|`, or it would have ended the cell.
      const prefix = sourceLine.indexOf(contentLine.replaceAll('|', '\\|'), this.source.searchFrom)
      const escapes = contentLine.slice(0, column).split('|').length - 1
      return { line: line + 1, column: Math.max(0, prefix) + column + escapes + 1 }
    }
    let prefix = sourceLine.length - contentLine.length
    if (prefix < 0 || !sourceLine.startsWith(contentLine, prefix)) prefix = sourceLine.indexOf(contentLine)
    return { line: line + 1, column: Math.max(0, prefix) + column + 1 }
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

/**
 * GFM task list items, as micromark's extension reads them: the item's first paragraph starts
 * with `[ ]`, `[x]` or `[X]` and then a space, tab or line ending that more content follows.
 * That one character goes with the check.
 */
function takeTaskCheck(item: ListItem): void {
  const paragraph = item.children[0]
  if (paragraph?.type !== 'paragraph') return
  const head = paragraph.children[0]
  if (head?.type !== 'text') return
  const match = /^\[([ \t\nxX])\]([ \t\n]|$)/.exec(head.value)
  if (!match) return
  const rest = head.value.slice(match[0].length)
  // markdown-it turns `[ ]` and two spaces at a line end into a hard break after the text.
  if (match[2] === '' ? paragraph.children[1]?.type !== 'break' : match[2] !== '\n' && !/\S/.test(rest) && paragraph.children.length === 1) return
  item.checked = match[1] === 'x' || match[1] === 'X'
  if (rest === '') paragraph.children.shift()
  else head.value = rest
}

function alignOf(token: Token): Table['align'] extends (infer Item)[] | null | undefined ? Item : never {
  const style = attribute(token, 'style') ?? ''
  const match = /text-align:(left|right|center)/.exec(style)
  return (match?.[1] as 'left' | 'right' | 'center' | undefined) ?? null
}

function attribute(token: Token, name: string): string | null {
  const value = token.attrGet(name)
  return value === null ? null : String(value)
}

function plainText(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.children ? plainText(token.children) : token.type === 'softbreak' ? '\n' : token.content)).join('')
}

function withoutFinalLineEnding(value: string): string {
  return value.endsWith('\n') ? value.slice(0, -1) : value
}
