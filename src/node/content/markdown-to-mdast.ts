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
import { full as markdownItEmoji } from 'markdown-it-emoji'
import markdownItFootnote from 'markdown-it-footnote'
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs'
import type {
  Blockquote,
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
  Yaml,
} from 'mdast'
import { pushAll } from '../../shared/push-all.js'
import { alertFrom, readContainerInfo, useAdmonitions } from './admonitions.js'
import { useCodeSnippets, type SnippetEnv } from './code-snippets.js'
import type { AttributeDelimiters } from './markdown-attributes.js'
import { attribute, InlineBuilder, type InlineSource, type SourceRange } from './inline-builder.js'
import { useTabMarkers } from './tab-markers.js'

declare module 'mdast' {
  interface YamlData {
    /** The language named after the opening fence (`js` in `---js`); absent for plain `---`. */
    frontMatterLanguage?: string
  }
}

const markdown = createParser(false)
// VitePress's own syntax (markdown.flavor 'vitepress'): code snippet imports, `:emoji:`, tabs.
let vitepressMarkdown: Parser | undefined

/**
 * With `vitepress`, VitePress's syntax is read too, its files through the env's reader, and a
 * container's attributes between `attributes` (markdown.attrs).
 */
export function markdownToMdast(source: string, vitepress?: SnippetEnv, attributes: AttributeDelimiters = { leftDelimiter: '{', rightDelimiter: '}' }): Root {
  // A byte order mark is not content (micromark drops it too).
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
  const root: Root = { type: 'root', children: [] }
  let body = text
  const frontMatter = frontMatterNode(text)
  if (frontMatter) {
    root.children.push(frontMatter.node)
    // Blank lines in place of the front matter keep markdown-it's line numbers those of the file.
    body = '\n'.repeat(frontMatter.lineCount) + text.slice(frontMatter.length)
  }
  const lines = text.split('\n')
  const wwwLinks = /www\./i.test(body)
  if (vitepress === undefined) {
    new TreeBuilder(root, lines, undefined).blocks(markdown.parse(body, {}, wwwLinks))
    return root
  }
  vitepressMarkdown ??= createParser(true)
  new TreeBuilder(root, lines, attributes).blocks(vitepressMarkdown.parse(body, { snippets: vitepress }, wwwLinks))
  return root
}

interface Parser {
  /** markdown-it's tokens of `body`; with `wwwLinks`, `www.` addresses are found too. */
  readonly parse: (body: string, env: object, wwwLinks: boolean) => Token[]
}

/**
 * One markdown-it for documents with `www.` and without: fuzzy links are what find `www.`
 * addresses, but linkify-it's fuzzy pattern is a large regular expression tried on every text
 * with a dot (half the parse time on the shared corpus), so only documents that contain `www.`
 * have it tried. The option is switched per document, not held by a second instance: making
 * one compiles linkify-it's patterns twice (45 ms of every build's start).
 *
 * Without fuzzy links, linkify-it finds a link only after a scheme (`http:`, `https:`, `ftp:`,
 * `mailto:`, `//`) or in an e-mail address, yet tries its large scheme pattern (Unicode
 * punctuation classes) on every text of a paragraph that may hold one: a text with none of `:`,
 * `/` and `@` is answered at once, as the pattern would answer it.
 */
function createParser(vitepress: boolean): Parser {
  const instance = createMarkdownIt(vitepress)
  let fuzzyLink = false
  instance.linkify.set({ fuzzyLink })
  const test = instance.linkify.test.bind(instance.linkify)
  instance.linkify.test = (text) => (fuzzyLink || text.includes(':') || text.includes('/') || text.includes('@')) && test(text)
  return {
    parse(body, env, wwwLinks) {
      if (wwwLinks !== fuzzyLink) instance.linkify.set({ fuzzyLink: (fuzzyLink = wwwLinks) })
      return instance.parse(body, env)
    },
  }
}

/**
 * The front matter at the start of a file (without a byte order mark), as an mdast `yaml` node,
 * with how many lines and characters it takes. `---js` or `---coffee` opens front matter in
 * another language (gray-matter reads those, and runs them): recognised, so that it is reported
 * and never published as a heading.
 */
export function frontMatterNode(text: string): { node: Yaml; lineCount: number; length: number } | undefined {
  // The language is taken to the line's end and trimmed after: a lazy one before optional spaces
  // tried every split of a long run of them.
  const frontMatter = /^---[ \t]*([^\s-][^\r\n]*)?\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(text)
  if (!frontMatter) return undefined
  const language = frontMatter[1]?.trimEnd()
  const lineCount = frontMatter[0].split('\n').length - (frontMatter[0].endsWith('\n') ? 1 : 0)
  return {
    node: {
      type: 'yaml',
      value: frontMatter[2] ?? '',
      ...(language === undefined ? {} : { data: { frontMatterLanguage: language } }),
      position: { start: { line: 1, column: 1, offset: 0 }, end: { line: lineCount, column: 4, offset: frontMatter[0].trimEnd().length } },
    },
    lineCount,
    length: frontMatter[0].length,
  }
}

function createMarkdownIt(vitepress: boolean): MarkdownIt {
  const instance = markdownIt({ html: true, linkify: true })
  // The tree keeps URLs as written, like remark-parse: remark-rehype normalises them, and the
  // sanitiser (not the parser) is what removes `javascript:` and other unsafe URLs.
  instance.normalizeLink = (url) => url
  instance.validateLink = () => true
  // Fuzzy links (see createParser) include `www.` ones, which GFM links; isGfmAutolinkLiteral drops the bare domains.
  // GFM links `www.` and e-mail addresses under any top-level domain (`alice@corp.example`,
  // `www.site.test`); linkify-it only under known ones. Its TLD entries are regular expressions.
  instance.linkify.tlds(['[a-z0-9]+(?:-+[a-z0-9]+)*'], true)
  instance.use(markdownItFootnote)
  useAdmonitions(instance, vitepress)
  if (vitepress) {
    instance.use(markdownItEmoji)
    useCodeSnippets(instance)
    useTabMarkers(instance)
  }
  // GFM has no inline footnotes (`^[text]`): keep them as text.
  instance.inline.ruler.disable('footnote_inline')
  // The plugin's last step moves definitions to the end of the tokens, concatenating the whole
  // token list once per footnote (quadratic: 256 KB of footnotes took 12 s). Definitions are
  // read where they stand instead, as remark-parse does; remark-rehype gathers them at the end.
  instance.core.ruler.disable('footnote_tail')
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
    /** With VitePress's syntax (attributes after a container's title, tab markers), what its attributes are written between. */
    private readonly vitepress: AttributeDelimiters | undefined,
  ) {
    this.stack = [root]
  }

  blocks(tokens: readonly Token[]): void {
    for (const token of tokens)
      if (!this.container(token) && !this.list(token) && !this.table(token) && !this.leaf(token))
        throw new Error(`markdown-to-mdast: unhandled markdown-it block token "${token.type}"`)
  }

  /** Paragraphs, headings, quotes, footnote definitions, and the closing of every container but lists. */
  private container(token: Token): boolean {
    switch (token.type) {
      case 'paragraph_open':
        if (!token.hidden && this.top().type === 'listItem') this.lists[this.lists.length - 1]!.loose = true
        this.open<Paragraph>({ type: 'paragraph', children: [] })
        return true
      case 'heading_open':
        this.open<Heading>({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] })
        return true
      case 'blockquote_open':
        this.open({ type: 'blockquote', children: [] })
        return true
      case 'container_admonition_open':
        this.open({ type: 'admonition', ...readContainerInfo(token.info, this.vitepress)!, children: [] })
        return true
      case 'tab_marker':
        if (this.top().type === 'admonition' && (this.top() as { kind?: string }).kind === 'tabs') this.append({ type: 'tabMarker', label: token.info })
        else this.append<Paragraph>({ type: 'paragraph', children: [{ type: 'text', value: `== ${token.info}` }] })
        return true
      case 'blockquote_close': {
        const quote = this.stack.pop() as Blockquote
        const alert = alertFrom(quote)
        const siblings = this.top().children as RootContent[]
        if (alert) siblings[siblings.length - 1] = alert
        return true
      }
      case 'footnote_reference_open': {
        const label = String((token.meta as { label: string }).label)
        this.open<FootnoteDefinition>({ type: 'footnoteDefinition', identifier: label, label, children: [] })
        return true
      }
      case 'paragraph_close':
      case 'heading_close':
      case 'container_admonition_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_reference_close':
        this.stack.pop()
        return true
      default:
        return false
    }
  }

  private list(token: Token): boolean {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open'
        const list: List = { type: 'list', ordered, start: ordered ? Number(attribute(token, 'start') ?? 1) : null, spread: false, children: [] }
        this.lists.push({ node: list, loose: false })
        this.open(list)
        return true
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const { node, loose } = this.lists.pop()!
        node.spread = loose
        for (const item of node.children) item.spread = loose
        this.stack.pop()
        return true
      }
      case 'list_item_open':
        this.open<ListItem>({ type: 'listItem', spread: false, checked: null, children: [] })
        return true
      case 'list_item_close':
        takeTaskCheck(this.stack.pop() as ListItem)
        return true
      default:
        return false
    }
  }

  private table(token: Token): boolean {
    switch (token.type) {
      case 'table_open':
        this.open<Table>({ type: 'table', align: [], children: [] })
        return true
      case 'thead_open':
      case 'thead_close':
        this.headRow = token.type === 'thead_open'
        return true
      case 'tr_open':
        this.row = { line: token.map?.[0] ?? this.row.line, searched: 0 }
        this.open<TableRow>({ type: 'tableRow', children: [] })
        return true
      case 'th_open':
      case 'td_open':
        if (this.headRow) (this.stack[this.stack.length - 2] as Table).align!.push(alignOf(token))
        this.open<TableCell>({ type: 'tableCell', children: [] })
        return true
      // Structure remark-rehype recreates on its own: table sections.
      case 'tbody_open':
      case 'tbody_close':
        return true
      default:
        return false
    }
  }

  /** Inline content and the blocks that hold no other blocks: code, rules, HTML. */
  private leaf(token: Token): boolean {
    switch (token.type) {
      case 'inline': {
        const inCell = this.top().type === 'tableCell'
        const source: InlineSource = inCell
          ? { token, lines: this.lines, firstLine: this.row.line, searchFrom: this.row.searched }
          : { token, lines: this.lines, firstLine: token.map?.[0] ?? 0, searchFrom: undefined }
        const built = new InlineBuilder(source)
        pushAll(this.top().children as PhrasingContent[], built.build())
        if (inCell) this.row.searched = built.endColumn()
        return true
      }
      case 'fence': {
        // As micromark reads an info string: the language up to the first space or tab, the
        // rest as written, both with escapes and character references decoded.
        const [, lang = '', meta = ''] = /^[ \t]*([^ \t]*)[ \t]*(.*)/.exec(token.info)!
        this.append<Code>({ type: 'code', lang: unescapeAll(lang) || null, meta: unescapeAll(meta) || null, value: withoutFinalLineEnding(token.content) })
        return true
      }
      case 'code_block':
        this.append<Code>({ type: 'code', lang: null, meta: null, value: withoutFinalLineEnding(token.content) })
        return true
      case 'hr':
        this.append({ type: 'thematicBreak' })
        return true
      case 'html_block':
        this.append({ type: 'html', value: withoutFinalLineEnding(token.content) })
        return true
      default:
        return false
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

function withoutFinalLineEnding(value: string): string {
  return value.endsWith('\n') ? value.slice(0, -1) : value
}
