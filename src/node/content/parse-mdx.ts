/**
 * One MDX file → what the build needs of it, in one parse (@mdx-js/mdx): its front matter,
 * title, headings (with the ids GitHub or VitePress would give them), links (checked and
 * rewritten like Markdown's), the partials it imports and where it shows them, and the compiled
 * ES module that renders it. Admonitions, GitHub alerts and heading ids mean what they mean in
 * Markdown pages (the same mdast nodes and the same handler). Syntax errors are diagnostics.
 */
import { createProcessor } from '@mdx-js/mdx'
import type { Element, Root as HastRoot } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import type { Heading as MdastHeading, Nodes, Paragraph, Parents, Root, RootContent } from 'mdast'
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx'
import { toString } from 'mdast-util-to-string'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import { VFile } from 'vfile'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Heading, SourceLink } from '../../shared/manifest.js'
import { admonitionHandler, admonitionLabels, alertFrom, type AdmonitionKind } from './admonitions.js'
import { codeHandler } from './code-block.js'
import { highlightCodeBlock } from './highlight-code.js'
import { inlineStaticHtml } from './inline-static-html.js'
import { theme } from './theme-components.js'
import { findUnsafeUrls } from './find-unsafe-urls.js'
import { createHeadingSlugger, type HeadingSlugger, type SlugStyle } from './heading-slugger.js'
import { prepareMdxSource } from './mdx-syntax.js'
import { addReaderMarkup, type ReaderMarkupTargets } from './reader-markup.js'
import type { RewriteLink } from './parse-markdown.js'
import { readFrontMatter, type FrontMatter } from './read-front-matter.js'
import { pushAll } from '../../shared/push-all.js'

export interface MdxPage {
  readonly frontMatter: FrontMatter
  readonly title: string | undefined
  readonly titleId: string | undefined
  readonly description: string | undefined
  /** The page's own headings, and where each imported partial is shown, in reading order. */
  readonly outline: readonly (Heading | { readonly partial: string })[]
  readonly links: readonly SourceLink[]
  /** Imported names and what they import (`Setup` → `./_setup.mdx`). */
  readonly imports: ReadonlyMap<string, string>
  /** Where each module the page imports is first named (`./_setup.mdx` → its import's line and column). */
  readonly importPlaces: ReadonlyMap<string, { readonly line: number; readonly column: number }>
  /**
   * What the page imports (`./_setup.mdx`) and may hand `components` to (an attribute, a spread,
   * or the component named in code): a file that is given components is compiled with
   * `inlineStatic: false`, so that the elements it would replace stay elements.
   */
  readonly givesComponentsTo: readonly string[]
  /** The compiled module (default export: the page's component), or undefined when it does not compile. */
  readonly program: string | undefined
  /**
   * Set when `program` was compiled once for every file with this text (mdx-parser.ts): it then
   * holds a stand-in for each link, `docsgen<nonce>link<index>x`, and `urls` are this file's.
   */
  readonly linksApart?: LinksApart
  readonly diagnostics: readonly Diagnostic[]
}

const processor = createProcessor({
  format: 'mdx',
  remarkPlugins: [remarkFrontmatter, remarkGfm, remarkDirective],
  remarkRehypeOptions: { handlers: { admonition: admonitionHandler, code: codeHandler } as never },
  rehypePlugins: [() => markUpForReaders, () => inlineWhenAsked],
})

export interface LinksApart {
  readonly nonce: string
  readonly urls: readonly string[]
}

export interface MdxOptions {
  readonly slugify: SlugStyle
  /** Front matter keys docsgen does not know are the site's own, not mistakes (acceptsCustomFrontMatter). */
  readonly customFrontMatter?: boolean
  /** Static parts compiled to HTML (inline-static-html.ts); true unless the file is given `components`. */
  readonly inlineStatic?: boolean
}

export function parseMdx(source: string, file: string, rewriteLink: RewriteLink, options: MdxOptions): MdxPage {
  const diagnostics: Diagnostic[] = []
  // The fixes keep every line, so positions in the prepared text are those of the file.
  const text = prepareMdxSource(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source)
  const vfile = new VFile({ value: text, path: file })
  let tree: Root
  try {
    tree = processor.parse(vfile) as Root
  } catch (error) {
    return { ...emptyPage, diagnostics: [mdxDiagnostic(error, file)] }
  }
  const frontMatter = readFrontMatter(tree, file, diagnostics, { customKeys: options.customFrontMatter })
  pushAll(diagnostics, findUnsafeUrls(tree, text, file))
  const page = readTree(tree, text, rewriteLink, createHeadingSlugger(options.slugify))
  if (options.inlineStatic !== false) vfile.data.inlineStatic = safeComponents(page)
  let program: string | undefined
  try {
    // The compiler builds the program by concatenation: a string of many small pieces that holds
    // several times its text in memory. Copied, it is one block (a large site keeps thousands).
    program = structuredClone(String(processor.stringify(processor.runSync(tree as never, vfile), vfile)))
  } catch (error) {
    diagnostics.push(mdxDiagnostic(error, file))
  }
  return {
    frontMatter,
    title: frontMatter.title ?? page.title,
    titleId: page.titleId,
    description: frontMatter.description ?? excerpt(page.firstParagraph),
    outline: page.outline,
    links: [...frontMatter.links, ...page.links],
    imports: page.imports,
    importPlaces: page.importPlaces,
    givesComponentsTo: [...page.givesComponentsTo],
    program,
    diagnostics,
  }
}

const emptyPage: Omit<MdxPage, 'diagnostics'> = {
  frontMatter: readFrontMatter({ type: 'root', children: [] }, '', []),
  title: undefined,
  titleId: undefined,
  description: undefined,
  outline: [],
  links: [],
  imports: new Map(),
  importPlaces: new Map(),
  givesComponentsTo: [],
  program: undefined,
}

function mdxDiagnostic(error: unknown, file: string): Diagnostic {
  const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place
  const point = place && 'start' in place && place.start ? place.start : place
  const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error))
  return diagnostic({
    file,
    line: point?.line,
    column: point?.column,
    ruleId: 'markdown-invalid',
    message: `MDX cannot read this: ${reason}`,
    suggestion: `MDX reads \`{\`, \`<\` and \`import\`/\`export\` lines as code: escape a literal one (\`\\{\`, \`&lt;\`), ${file.endsWith('.mdx') ? 'or write the page as .md' : "or set markdown.format: 'md' in the site config to read .md pages as plain Markdown"}.`,
  })
}

interface TreeReading {
  title: string | undefined
  titleId: string | undefined
  firstParagraph: string | undefined
  outline: (Heading | { partial: string })[]
  links: SourceLink[]
  imports: Map<string, string>
  importPlaces: Map<string, { line: number; column: number }>
  /** The ESM and expressions of the page, as written. */
  code: string[]
  /** Names of JSX elements given a `components` attribute or a spread. */
  spreadTo: Set<string>
  givesComponentsTo: Set<string>
}

/**
 * The names an ESM block imports by default and from where (partials are imported so), and the
 * place of each import in the page, of any form (`import { A } from`, `import * as`, `import 'x'`).
 */
function readImports(node: { readonly value: string; readonly position?: { readonly start: { readonly line: number; readonly column: number } } | undefined }, reading: TreeReading): void {
  for (const [, name, from] of node.value.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+)['"]/g)) reading.imports.set(name!, from!)
  const start = node.position?.start
  if (start === undefined) return
  for (const match of node.value.matchAll(/\bimport\b[^'";]*?['"]([^'"]+)['"]/g)) {
    const from = match[1]!
    if (reading.importPlaces.has(from)) continue
    const before = node.value.slice(0, match.index)
    const lineStart = before.lastIndexOf('\n') + 1
    const line = start.line + (before.match(/\n/g)?.length ?? 0)
    reading.importPlaces.set(from, { line, column: lineStart === 0 ? start.column + match.index : match.index - lineStart + 1 })
  }
}

/** Walks the tree once: title, heading ids, admonitions, alerts, links, imports, partials shown. */
function readTree(tree: Root, text: string, rewriteLink: RewriteLink, slugger: HeadingSlugger): TreeReading {
  const reading: TreeReading = { title: undefined, titleId: undefined, firstParagraph: undefined, outline: [], links: [], imports: new Map(), importPlaces: new Map(), code: [], spreadTo: new Set(), givesComponentsTo: new Set() }
  const firstIndex = tree.children.findIndex((node) => node.type !== 'yaml' && node.type !== 'mdxjsEsm')
  const first = tree.children[firstIndex]
  if (first?.type === 'heading' && first.depth === 1) {
    const { id, text: title } = headingId(first, slugger)
    reading.title = title
    reading.titleId = id
    reading.outline.push({ depth: 1, id, text: title })
    tree.children.splice(firstIndex, 1)
  }
  const visit = (node: Nodes, parent: Parents | undefined, index: number) => {
    if (node.type === 'mdxjsEsm') readImports(node, reading)
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') reading.code.push(node.value)
    if (node.type === 'heading') {
      const { id, text: headingText } = headingId(node, slugger)
      reading.outline.push({ depth: node.depth, id, text: headingText })
    }
    if (node.type === 'paragraph' && reading.firstParagraph === undefined) reading.firstParagraph = toString(node).replace(/\s+/g, ' ').trim()
    if (node.type === 'link' || node.type === 'image') {
      reading.links.push({ url: node.url, position: node.position && { line: node.position.start.line, column: node.position.start.column }, ...(node.type === 'image' ? { image: true } : {}) })
      node.url = rewriteLink(node.url) ?? node.url
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name !== null) {
      if (reading.imports.has(node.name)) reading.outline.push({ partial: node.name })
      const attributes = node.attributes.filter((attribute): attribute is MdxJsxAttribute => attribute.type === 'mdxJsxAttribute')
      readJsxLink(attributes, node.position, reading.links, rewriteLink)
      // An id written on an element (`<Link id="new-features"/>`, `<a id="x">`) is an anchor links may name, though not a heading.
      const id = attributes.find((attribute) => attribute.name === 'id')?.value
      if (typeof id === 'string' && id !== '') reading.outline.push({ depth: 0, id, text: '' })
      for (const attribute of node.attributes) {
        if (attribute.type === 'mdxJsxExpressionAttribute' || attribute.name === 'components') reading.spreadTo.add(node.name)
        if (attribute.type === 'mdxJsxExpressionAttribute') reading.code.push(attribute.value)
        else if (typeof attribute.value === 'object' && attribute.value !== null) reading.code.push(attribute.value.value)
      }
    }
    const replaced = parent === undefined ? undefined : directiveReplacement(node, text)
    if (replaced && parent) (parent.children as RootContent[])[index] = replaced as RootContent
    const current = (replaced ?? node) as Nodes
    if ('children' in current) current.children.forEach((child, childIndex) => visit(child, current as Parents, childIndex))
  }
  visit(tree, undefined, 0)
  for (const [name, from] of reading.imports) {
    const named = new RegExp(`\\b${name}\\b`)
    const inCode = reading.code.some((code) => named.test(code.replace(/import\s+\w+\s+from\s+['"][^'"]+['"]/g, '')))
    if (/\.mdx?$/.test(from) && (reading.spreadTo.has(name) || inCode)) reading.givesComponentsTo.add(from)
  }
  return reading
}

/**
 * The components known to render their children as given: docsgen's own, when the page does not
 * name something else so (imported from elsewhere, or declared in its code).
 */
function safeComponents(reading: TreeReading): Set<string> {
  return new Set(theme.filter((name) => {
    const from = reading.imports.get(name)
    if (from !== undefined) return from === `@theme/${name}`
    const named = new RegExp(`\\b${name}\\b`)
    return !reading.code.some((code) => named.test(code))
  }))
}

function inlineWhenAsked(tree: HastRoot, file: VFile): void {
  const safe = file.data.inlineStatic as ReadonlySet<string> | undefined
  if (safe) inlineStaticHtml(tree, safe)
}

/** `href`, `src` and `to` written as plain strings on JSX elements are links too. */
function readJsxLink(attributes: MdxJsxAttribute[], position: Nodes['position'], links: SourceLink[], rewriteLink: RewriteLink): void {
  for (const attribute of attributes) {
    if (!['href', 'src', 'to'].includes(attribute.name) || typeof attribute.value !== 'string') continue
    links.push({ url: attribute.value, position: position && { line: position.start.line, column: position.start.column }, ...(attribute.name === 'src' ? { image: true } : {}) })
    attribute.value = rewriteLink(attribute.value) ?? attribute.value
  }
}

/**
 * Links to headings and frames around highlighted code, as on Markdown pages; code inside
 * components (`<TabItem>`) included.
 */
function markUpForReaders(tree: HastRoot): void {
  const headings: { node: Element; id: string; text: string }[] = []
  const codeBlocks: Element[] = []
  const visit = (node: { type: string; children?: unknown[] }): void => {
    if (node.type === 'element') {
      const element = node as Element
      if (element.tagName === 'pre') codeBlocks.push(element)
      else if (/^h[1-6]$/.test(element.tagName) && typeof element.properties.id === 'string') headings.push({ node: element, id: element.properties.id, text: hastToString(element).trim() })
    }
    for (const child of node.children ?? []) visit(child as typeof node)
  }
  visit(tree)
  addReaderMarkup({ headings, codeBlocks: codeBlocks.map((pre) => highlightCodeBlock(pre)) } satisfies ReaderMarkupTargets)
}

/** A heading's id (`{#id}` or a comment `#id` written at its end, else made from its text), set on the node. */
function headingId(node: MdastHeading, slugger: HeadingSlugger): { id: string; text: string } {
  const last = node.children[node.children.length - 1]
  let explicit: string | undefined
  if (last?.type === 'text') {
    const match = /\s*\{#([^\s{}#]+)\}\s*$/.exec(last.value)
    if (match) {
      explicit = match[1]
      last.value = last.value.slice(0, match.index)
    }
  } else if (last?.type === 'mdxTextExpression') {
    explicit = commentId(last.value)
    if (explicit !== undefined) node.children.pop()
    const before = node.children[node.children.length - 1]
    if (explicit !== undefined && before?.type === 'text') before.value = before.value.trimEnd()
  }
  const text = toString(node).trim()
  if (explicit !== undefined) slugger.claim(explicit)
  const id = explicit ?? slugger.slug(text)
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
  return { id, text }
}

// Docusaurus 3.10's heading id in a comment, valid MDX where `{#id}` is not: `## Title {/* #custom-id */}`,
// an expression that is one block comment, whose first word (up to a space) starts with `#`.
function commentId(expression: string): string | undefined {
  const written = expression.trim()
  if (!written.startsWith('/*') || !written.endsWith('*/') || written.indexOf('*/', 2) !== written.length - 2) return undefined
  const first = written.slice(2, -2).trim().split(' ')[0]!
  return first.startsWith('#') && first.length > 1 ? first.slice(1) : undefined
}

/**
 * Directives become admonitions (`:::note`) or GitHub alerts; any other directive is text again,
 * as written (`:smile:` or "ratio 16:9" are not meant as directives).
 */
function directiveReplacement(node: Nodes, text: string): Nodes | undefined {
  if (node.type === 'blockquote') return alertFrom(node)
  if (node.type === 'containerDirective' && Object.hasOwn(admonitionLabels, node.name)) {
    const [label, ...rest] = node.children
    const labelled = label?.type === 'paragraph' && (label as Paragraph & { data?: { directiveLabel?: boolean } }).data?.directiveLabel
    return { type: 'admonition', kind: node.name as AdmonitionKind, title: labelled ? toString(label) : undefined, children: (labelled ? rest : node.children) as never }
  }
  if (node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective') {
    const written = node.position?.start.offset !== undefined && node.position.end.offset !== undefined ? text.slice(node.position.start.offset, node.position.end.offset) : `:${node.name}`
    return node.type === 'textDirective' ? { type: 'text', value: written } : { type: 'paragraph', children: [{ type: 'text', value: written }] }
  }
  return undefined
}

function excerpt(paragraph: string | undefined): string | undefined {
  if (!paragraph) return undefined
  return paragraph.length <= 160 ? paragraph : `${paragraph.slice(0, 157).trimEnd()}…`
}
