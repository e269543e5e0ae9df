/**
 * Markdown with front matter → sanitised HTML, headings and links, in one pass over one file:
 * markdown-to-mdast gives the tree, then one unified processor (built once, reused for every
 * file) turns it into sanitised HTML.
 */
import { posix } from 'node:path'
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { toString } from 'hast-util-to-string'
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkRehype from 'remark-rehype'
import { raw } from 'hast-util-raw'
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { countBelow } from '../../shared/count-below.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import { admonitionAttributes, admonitionHandler } from './admonitions.js'
import { codeHandler, metaMark } from './code-block.js'
import { drawTabGroups } from './code-group-tabs.js'
import { expandIncludes, type Origin } from './expand-includes.js'
import { applyAttributes, attributeIdMark, type AttributeDelimiters } from './markdown-attributes.js'
import { createSourceReader, type SourceAccess } from './read-source-file.js'
import { fillTableOfContents } from './table-of-contents.js'
import { rewriteVueMarkup } from './vue-markup.js'
import { highlightCodeBlock } from './highlight-code.js'
import { footnoteReference } from './footnote-reference.js'
import { createHeadingSlugger, type SlugStyle } from './heading-slugger.js'
import { findUnsafeUrls } from './find-unsafe-urls.js'
import { markdownToMdast } from './markdown-to-mdast.js'
import type { IncludedFile, ParsedPage } from './parsed-page.js'
import { readFrontMatter } from './read-front-matter.js'
import { addReaderMarkup } from './reader-markup.js'
import { pushAll } from '../../shared/push-all.js'

/** A parsed page (its leading `# heading` removed from the body when it gave the title) and its problems. */
export interface ParsedMarkdown extends ParsedPage {
  readonly diagnostics: readonly Diagnostic[]
  /** The files its text includes or imports (site-relative), and where: the parse is only as current as they are. */
  readonly dependencies: readonly IncludedFile[]
}

/** Maps a link or image source as written to the URL to publish, or undefined to keep it. */
export type RewriteLink = (url: string) => string | undefined

// GitHub's schema (raw HTML keeps what GitHub keeps: images, line breaks, details, sup, kbd, ids
// …) without its id prefix, so that `<a id="x">` is the anchor `#x` as written, and remark-rehype's
// footnote ids (already `user-content-`) are not prefixed twice. Admonitions keep their classes.
export const rawHtmlSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    div: [...(defaultSchema.attributes?.div ?? []), ...admonitionAttributes.div],
    p: [...(defaultSchema.attributes?.p ?? []), ...admonitionAttributes.p],
    details: [...(defaultSchema.attributes?.details ?? []), ...admonitionAttributes.details],
    // VitePress's badges (vue-markup.ts) and `:emoji:` (inline-builder.ts).
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'badge', 'badge-info', 'badge-tip', 'badge-warning', 'badge-danger', 'emoji']],
    // The info string of a code fence, read (and removed) by the highlighter; only the handler's (see metaMark).
    code: [...(defaultSchema.attributes?.code ?? []), ['dataMeta', new RegExp(`^${metaMark}`)]],
  },
} as Schema

const handlers = { footnoteReference, admonition: admonitionHandler, code: codeHandler }
// Pages without raw HTML (most) skip the HTML parser; those with it are re-parsed as a browser
// would (hast-util-raw), so `<details>` around Markdown keeps its Markdown, then sanitised.
// The stringifier writes raw nodes as they are: after sanitising, only the highlighter's (highlight-code.ts) are left.
const processor = unified().use(remarkRehype, { handlers }).use(rehypeSanitize, rawHtmlSchema).use(rehypeStringify, { allowDangerousHtml: true }).freeze()
const rawProcessor = unified()
  .use(remarkRehype, { handlers, allowDangerousHtml: true })
  // With the file, elements from raw HTML get their place in it (for diagnostics).
  .use(() => (tree: HastRoot, file: VFile) => raw(tree, { file }) as HastRoot)
  .use(rehypeSanitize, rawHtmlSchema)
  .use(rehypeStringify, { allowDangerousHtml: true })
  .freeze()

export interface ParseMarkdownOptions {
  /** How heading ids are made; default 'github'. */
  readonly slugify?: SlugStyle
  /** With it, VitePress's syntax is read too (markdown.flavor 'vitepress'), its included files from there. */
  readonly vitepress?: SourceAccess
  /** Front matter keys docsgen does not know are the site's own, not mistakes (acceptsCustomFrontMatter). */
  readonly customFrontMatter?: boolean
  /** With `vitepress`: what `{#id .class}` attributes are written between; `{` and `}` by default. */
  readonly attributes?: AttributeDelimiters
}

export function parseMarkdown(source: string, file: string, rewriteLink: RewriteLink, options: ParseMarkdownOptions = {}): ParsedMarkdown {
  const diagnostics: Diagnostic[] = []
  const vitepress = options.vitepress && readVitepress(source, file, options.vitepress, options, diagnostics)
  const text = vitepress?.text ?? source
  const mdast = markdownToMdast(text, vitepress?.env, options.attributes)
  const frontMatter = readFrontMatter(mdast, file, diagnostics, { customKeys: options.customFrontMatter ?? options.vitepress !== undefined })
  vitepress?.rewrite(mdast)
  pushAll(diagnostics, findUnsafeUrls(mdast, text, file))
  const hast = (placeRawHtml(mdast, text) ? rawProcessor.runSync(mdast, new VFile(text)) : processor.runSync(mdast)) as HastRoot

  // Link syntax in front matter text is checked like any link; it is shown as written, so never rewritten.
  const links: SourceLink[] = [...frontMatter.links]
  const takeLink = (node: Element): boolean => {
    const attribute = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined
    const url = attribute === undefined ? undefined : node.properties?.[attribute]
    // Footnote links are generated by remark-rehype and always resolve.
    if (typeof url !== 'string' || (attribute === 'href' && url.startsWith('#user-content-'))) return attribute !== undefined
    links.push({ url, position: positionOf(node), ...(attribute === 'src' ? { image: true } : {}) })
    const rewritten = rewriteLink(url)
    if (rewritten !== undefined) node.properties = { ...node.properties, [attribute!]: rewritten }
    return true
  }

  const slugger = createHeadingSlugger(options.slugify ?? 'github')
  let leadingTitle: string | undefined
  let titleId: string | undefined
  const first = hast.children.find((node) => node.type === 'element')
  if (first && first.type === 'element' && first.tagName === 'h1') {
    const explicit = takeExplicitId(first, vitepress !== undefined)
    const title = headingText(first)
    leadingTitle = title.text
    // The title heading takes its id first, as on the page Docusaurus renders (a later "## Same text" gets "-1").
    if (explicit !== undefined) slugger.claim(explicit)
    titleId = explicit ?? slugger.slug(title.slugText)
    hast.children.splice(hast.children.indexOf(first), 1)
    // The title is plain text wherever it is shown; a link in it is checked all the same, and said to be dropped.
    forEachElement(first, (node) => {
      if (takeLink(node) && node.tagName === 'a') diagnostics.push(droppedTitleLink(file, leadingTitle!, node, links[links.length - 1]))
    })
  }

  const headings: Heading[] = titleId === undefined ? [] : [{ depth: 1, id: titleId, text: leadingTitle! }]
  const markup = { headings: [] as { node: Element; id: string; text: string }[], codeBlocks: [] as Element[] }
  let firstParagraph: string | undefined
  forEachElement(hast, (node) => {
    const depth = /^h([1-6])$/.exec(node.tagName)?.[1]
    if (depth && typeof node.properties?.id === 'string') {
      // Headings that arrive with an id (the footnotes label, raw HTML's `<h2 id>`) keep it, out of the ToC.
      if (!isFootnoteId(node.properties.id)) headings.push({ depth: 0, id: node.properties.id, text: '' })
    } else if (depth) {
      const explicit = takeExplicitId(node, vitepress !== undefined)
      const { text: textContent, slugText } = headingText(node)
      if (explicit !== undefined) slugger.claim(explicit)
      const id = explicit ?? slugger.slug(slugText)
      node.properties = { ...node.properties, id }
      headings.push({ depth: Number(depth), id, text: textContent })
      markup.headings.push({ node, id, text: textContent })
    } else if (node.tagName === 'pre') {
      markup.codeBlocks.push(node)
    } else {
      // A link or an image is recorded and rewritten. An id (`<a id="legacy-anchor">`, `<p id="lead">`,
      // `Text {#lead}`) is an anchor links may name, though not a heading, and a paragraph with
      // one is the page's first paragraph all the same.
      takeLink(node)
      if (typeof node.properties?.id === 'string' && !isFootnoteId(node.properties.id)) headings.push({ depth: 0, id: node.properties.id, text: '' })
      if (node.tagName === 'p' && firstParagraph === undefined) firstParagraph = toString(node).replace(/\s+/g, ' ').trim()
    }
  })

  addReaderMarkup({ headings: markup.headings, codeBlocks: markup.codeBlocks.map((pre) => highlightCodeBlock(pre, 'html', vitepress !== undefined)) })
  // VitePress's code groups are read in every flavour (they change no ordinary page's meaning).
  if (vitepress || text.includes('code-group')) drawTabGroups(hast)
  if (vitepress) fillTableOfContents(hast, headings)
  const parsed = { frontMatter, title: frontMatter.title ?? leadingTitle, titleId, description: frontMatter.description ?? excerpt(firstParagraph), html: processor.stringify(hast), headings, links, diagnostics, dependencies: [] }
  return vitepress ? vitepress.placed(parsed) : parsed
}

/**
 * The page's text with its includes expanded and what markdown-it's VitePress rules need; then
 * the tree's VitePress syntax rewritten, and the parse placed back in the page (lines of included
 * text at their directive) with the files it read.
 */
function readVitepress(source: string, file: string, access: SourceAccess, options: ParseMarkdownOptions, diagnostics: Diagnostic[]) {
  const read = createSourceReader(access)
  const expanded = source.includes('@include') ? expandIncludes(source, file, read, options.slugify ?? 'github', options.attributes) : undefined
  const dependencies = new Set(expanded?.dependencies)
  const places = new Map(expanded?.places)
  const origins: readonly Origin[] = expanded?.origins ?? []
  const place = <P extends { line: number | undefined; column: number | undefined } | undefined>(position: P): P => {
    const origin = position?.line === undefined ? undefined : origins[position.line - 1]
    return origin === undefined ? position : ({ ...position, line: origin.line, column: origin.column ?? position!.column } as P)
  }
  return {
    text: expanded?.text ?? source,
    env: {
      file,
      read,
      used: (used: string, line: number) => {
        dependencies.add(used)
        // A snippet's line in the page (one in an included file is at its directive).
        const origin = origins[line]
        if (!places.has(used)) places.set(used, { line: origin?.line ?? line + 1, column: origin?.column ?? 1 })
      },
      report: (line: number, message: string, suggestion: string) => diagnostics.push(diagnostic({ file, line: line + 1, column: 1, ruleId: 'include-invalid', message, suggestion })),
    },
    rewrite(tree: MdastRoot): void {
      applyAttributes(tree, options.attributes)
      if (origins.length > 0) rebaseIncludedLinks(tree, file, origins)
      pushAll(diagnostics, rewriteVueMarkup(tree, file))
    },
    placed(parsed: ParsedMarkdown): ParsedMarkdown {
      return {
        ...parsed,
        links: parsed.links.map((link) => ({ ...link, position: place(link.position) })),
        // Include problems are placed in the page already; the rest were found in the expanded text.
        diagnostics: [...(expanded?.diagnostics ?? []), ...parsed.diagnostics.map((found) => (found.file === file ? { ...found, ...place(found) } : found))],
        dependencies: [...dependencies].map((used) => ({ file: used, ...places.get(used) })),
      }
    },
  }
}

/** A relative link or image written in an included Markdown file is relative to that file, as VitePress rebases it. */
function rebaseIncludedLinks(tree: MdastRoot | MdastContent, file: string, origins: readonly Origin[]): void {
  if ((tree.type === 'link' || tree.type === 'image') && tree.url.startsWith('.') && tree.position) {
    const from = origins[tree.position.start.line - 1]?.from
    if (from !== undefined) {
      const rebased = posix.relative(posix.dirname(file), posix.join(posix.dirname(from), tree.url))
      tree.url = rebased.startsWith('.') ? rebased : `./${rebased}`
    }
  }
  if ('children' in tree) for (const child of tree.children) rebaseIncludedLinks(child, file, origins)
}

/**
 * Gives each raw HTML node its place in the text (markdown-it keeps none), so the elements parsed
 * from it point at their line and column; true when the page has any raw HTML.
 */
function placeRawHtml(tree: MdastRoot, text: string): boolean {
  let searchFrom = 0
  let found = false
  let lineStarts: number[] | undefined
  const visit = (node: MdastRoot | MdastContent) => {
    if (node.type === 'html') {
      found = true
      const offset = text.indexOf(node.value, searchFrom)
      if (offset === -1) return
      searchFrom = offset + node.value.length
      lineStarts ??= [0, ...[...text.matchAll(/\n/g)].map((match) => match.index! + 1)]
      const line = countBelow(lineStarts, offset + 1)
      node.position = { start: { line, column: offset - lineStarts[line - 1]! + 1, offset }, end: { line, column: 1, offset: searchFrom } }
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return found
}

/** Ids remark-rehype gives footnotes and their references: generated, and never linked to by hand. */
function isFootnoteId(id: string): boolean {
  return id.startsWith('user-content-') || id === 'footnote-label'
}

function positionOf(node: Element): SourceLink['position'] {
  return node.position ? { line: node.position.start.line, column: node.position.start.column } : undefined
}

function droppedTitleLink(file: string, title: string, link: Element, taken: SourceLink | undefined): Diagnostic {
  return diagnostic({
    file,
    ...taken?.position,
    ruleId: 'title-link',
    severity: 'warning',
    message: `The title shows "${title}": the link of "${toString(link).trim()}" (${taken?.url ?? ''}) is dropped, since a page title is plain text`,
    suggestion: "Link from the page's text instead, or write the title without a link.",
  })
}

/**
 * Every element in document order. unist-util-visit does the same with ancestor lists and a
 * closure per node, which cost a tenth of the parse on the shared corpus; this walk needs neither.
 */
function forEachElement(parent: HastRoot | Element, callback: (element: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    callback(child)
    forEachElement(child, callback)
  }
}

/** A heading's text for the ToC, and the text its id is made of: VitePress leaves badges out of both, and `:emoji:` out of the id. */
function headingText(node: Element): { text: string; slugText: string } {
  const marked = (child: ElementContent, name: string) => child.type === 'element' && child.tagName === 'span' && Array.isArray(child.properties?.className) && child.properties.className.includes(name)
  if (!node.children.some((child) => marked(child, 'badge') || marked(child, 'emoji'))) {
    const text = toString(node).trim()
    return { text, slugText: text }
  }
  const text = toString({ ...node, children: node.children.filter((child) => !marked(child, 'badge')) }).trim()
  return { text, slugText: toString({ ...node, children: node.children.filter((child) => !marked(child, 'badge') && !marked(child, 'emoji')) }).trim() }
}

/**
 * `## Title {#custom-id}` sets the anchor explicitly, as in Docusaurus. In VitePress's flavour the
 * id is only what markdown-it-attrs read (markdown-attributes.ts), between the site's delimiters.
 */
function takeExplicitId(node: Element, fromAttributes: boolean): string | undefined {
  if (fromAttributes) {
    // The text the heading ends with, which may be inside an element raw HTML left open (`## A <sup>x {#id}`).
    let last: ElementContent | undefined = node.children[node.children.length - 1]
    while (last?.type === 'element') last = last.children[last.children.length - 1]
    if (last?.type !== 'text') return undefined
    const mark = last.value.lastIndexOf(attributeIdMark)
    if (mark === -1) return undefined
    const id = last.value.slice(mark + 1)
    last.value = last.value.slice(0, mark)
    return id
  }
  const last: ElementContent | undefined = node.children[node.children.length - 1]
  if (!last || last.type !== 'text') return undefined
  // From the brace: a pattern starting with `\s*` backtracks on a long run of spaces.
  const match = /\{#([^\s{}#]+)\}\s*$/.exec(last.value)
  if (!match) return undefined
  last.value = last.value.slice(0, match.index).trimEnd()
  return match[1]
}

function excerpt(paragraph: string | undefined): string | undefined {
  if (!paragraph) return undefined
  return paragraph.length <= 160 ? paragraph : `${paragraph.slice(0, 157).trimEnd()}…`
}
