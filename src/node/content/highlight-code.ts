/**
 * Code blocks highlighted at build time, with no browser JavaScript: highlight.js marks tokens
 * with classes, which code.css colours in both colour modes (no colour is written into the
 * page). Measured on the shared 1000-doc corpus (1501 blocks, one thread): Shiki 1.7 s with
 * either regex engine, highlight.js 0.2 s, so highlight.js it is. Its core and each language are
 * loaded the first time a block needs them, so a site without code loads none of it. Each block
 * is cut into lines so that lines can be highlighted (by range or by magic comments, which are
 * removed) and numbered; the fence's title is handed to the block's frame. Unknown languages stay
 * plain text. Runs after sanitising, on elements the sanitiser passed.
 */
import type { Element, ElementContent } from 'hast'
import type { HLJSApi, LanguageFn } from 'highlight.js'
import { createRequire } from 'node:module'
import { metaMark, readCodeInfo } from './code-block.js'
import { takeCodeNotation } from './code-notation.js'
import { embeddedLanguages, languageModules } from './highlight-languages.js'

const require = createRequire(import.meta.url)
// A Map, not the object: a fence's language is the page author's text (`constructor`, `__proto__`).
const modules = new Map([
  ...Object.entries(languageModules),
  // Names Docusaurus and VitePress pages use that highlight.js does not know, to its nearest language.
  ...Object.entries({ vue: 'xml', svelte: 'xml', astro: 'xml', mdx: 'markdown', 'shell-session': 'shell', sass: 'scss', dotenv: 'bash', env: 'bash' }),
])
const embeds = new Map(Object.entries(embeddedLanguages))
let hljs: HLJSApi | undefined

/** The highlight.js module name for a fence's language, its language (and those it embeds) loaded; undefined if unknown. */
function loadLanguage(language: string): string | undefined {
  const name = modules.get(language)
  if (name === undefined) return undefined
  hljs ??= withoutStackTraces(() => require('highlight.js/lib/core') as HLJSApi)
  if (hljs.getLanguage(name) === undefined) {
    hljs.registerLanguage(name, withoutStackTraces(() => require(`highlight.js/lib/languages/${name}`) as LanguageFn))
    for (const embedded of embeds.get(name) ?? []) loadLanguage(embedded)
  }
  return name
}

/**
 * Runs `load` with no stack traces captured. highlight.js's core makes an Error as it loads and
 * keeps it: its stack, captured in the middle of a page's parse, held every frame's function and
 * so the parse's closures (the pages' texts and parse records: 18 MB of a 10 000-doc build) to the end.
 */
function withoutStackTraces<T>(load: () => T): T {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return load()
  } finally {
    Error.stackTraceLimit = limit
  }
}

const magicComment = /^\s*(?:\/\/|#|<!--|\/\*|--|;|%)\s*highlight-(next-line|start|end)\b.*$/

/** A `<pre>` and the title its fence gave it, for the frame around it (reader-markup.ts). */
export interface CodeBlock {
  readonly pre: Element
  readonly title: string | undefined
}

/**
 * Highlights a `<pre><code>` in place (a `<pre>` without `<code>` is left as it is). `as`: 'hast'
 * makes every token an element (MDX compiles the tree into JavaScript); 'html' puts the lines in
 * as one raw node of the same HTML, which the Markdown stringifier writes as it is: token spans
 * are most of a page's elements, and writing them out was a third of the parse stage's HTML work.
 */
export function highlightCodeBlock(pre: Element, as: 'hast' | 'html' = 'hast', vitepress = false): CodeBlock {
  const code = pre.children.find((node): node is Element => node.type === 'element' && node.tagName === 'code')
  if (!code) return { pre, title: undefined }
  const written = code.properties.dataMeta
  const meta = typeof written === 'string' && written.startsWith(metaMark) ? written.slice(metaMark.length) : ''
  delete code.properties.dataMeta
  const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : []
  const info = readCodeInfo(classes.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '', meta)
  const magic = takeMagicComments(textOf(code).replace(/\n$/, ''))
  // VitePress's `// [!code …]` comments, only in its flavour: elsewhere they are the page's text.
  const { text, classes: notation } = vitepress ? takeCodeNotation(magic.text) : { text: magic.text, classes: undefined }
  const highlighted = new Set([...info.highlighted, ...magic.marked])
  const language = info.language === undefined ? undefined : loadLanguage(info.language)
  const tokens: readonly (string | TokenNode)[] = language === undefined ? [text] : highlightTokens(text, language)
  const lineClass = (index: number) => [...new Set(['code-line', ...(highlighted.has(index + 1) ? ['code-line--highlighted'] : []), ...(notation?.get(index + 1) ?? [])])]
  if (as === 'html') {
    // Most blocks mark no line: their lines' class is the same for each.
    const plain = highlighted.size === 0 && (notation === undefined || notation.size === 0)
    const lines = lineHtml(tokens).map((line, index) => `<span class="${plain ? 'code-line' : lineClass(index).join(' ')}">${line}</span>`)
    code.children = [{ type: 'raw', value: lines.join('\n') } as unknown as ElementContent]
  } else {
    code.children = splitLines(tokens.flatMap(toHast)).flatMap((line, index): ElementContent[] => [
      ...(index === 0 ? [] : [{ type: 'text' as const, value: '\n' }]),
      { type: 'element', tagName: 'span', properties: { className: lineClass(index) }, children: line },
    ])
  }
  if (language !== undefined) code.properties.className = [...classes.filter((name) => name !== 'hljs'), 'hljs']
  const preClasses = [...(info.lineNumbers ? ['code-block--numbered'] : []), ...([...(notation?.values() ?? [])].some((names) => names.includes('code-line--focused')) ? ['code-block--focused'] : [])]
  if (preClasses.length > 0) pre.properties = { ...pre.properties, className: preClasses }
  return { pre, title: info.title }
}

/**
 * Tokens of code already highlighted on this thread, by language and code: the versions of a
 * docs folder repeat most of their code blocks in texts that differ elsewhere. Read, never
 * changed. Emptied when the code it holds reaches `cachedCodeLimit` characters, so a thread holds
 * a few megabytes of tokens at most.
 */
const cachedTokens = new Map<string, readonly (string | TokenNode)[]>()
const cachedCodeLimit = 1 << 18
let cachedCode = 0

function highlightTokens(text: string, language: string): readonly (string | TokenNode)[] {
  const key = `${language}\u0000${text}`
  const known = cachedTokens.get(key)
  if (known !== undefined) return known
  const tokens = (hljs!.highlight(text, { language, ignoreIllegals: true })._emitter as unknown as { rootNode: TokenNode }).rootNode.children
  if (cachedCode + text.length > cachedCodeLimit) {
    cachedTokens.clear()
    cachedCode = 0
  }
  cachedTokens.set(key, tokens)
  cachedCode += text.length
  return tokens
}

/** highlight.js's token tree: text, or a scope (`title.function`) over children. */
interface TokenNode {
  readonly scope?: string
  readonly children: readonly (string | TokenNode)[]
}

/** A token as hast, with the classes highlight.js's own HTML would have (`hljs-title function_`). */
function toHast(node: string | TokenNode): ElementContent[] {
  if (typeof node === 'string') return [{ type: 'text', value: node }]
  const children = node.children.flatMap(toHast)
  const classes = scopeClasses(node)
  return classes === undefined ? children : [{ type: 'element', tagName: 'span', properties: { className: classes }, children }]
}

/** A scope's classes; none for an embedded language's tokens (`language:css`), shown without a wrapper of their own. */
function scopeClasses(node: TokenNode): string[] | undefined {
  if (node.scope === undefined || node.scope.startsWith('language:')) return undefined
  const [first, ...rest] = node.scope.split('.')
  return [`hljs-${first}`, ...rest.map((part, index) => `${part}${'_'.repeat(index + 1)}`)]
}

/**
 * The tokens' HTML line by line, as the stringifier writes what splitLines and toHast make: a
 * token spanning lines is repeated on each, empty parts are left out, and text escapes `<` and
 * `&` (the characters the stringifier escapes in text, as it escapes them).
 */
function lineHtml(nodes: readonly (string | TokenNode)[]): string[] {
  const lines = ['']
  for (const node of nodes) {
    const parts = typeof node === 'string' ? node.split('\n') : lineHtml(node.children)
    const classes = typeof node === 'string' ? undefined : scopeClassName(node)
    for (let index = 0; index < parts.length; index++) {
      if (index > 0) lines.push('')
      const part = typeof node === 'string' ? escapeText(parts[index]!) : parts[index]!
      if (part !== '') lines[lines.length - 1] += classes === undefined ? part : `<span class="${classes}">${part}</span>`
    }
  }
  return lines
}

// A few dozen scopes come back in every block: their class attribute is made once.
const classNames = new Map<string, string | undefined>()

function scopeClassName(node: TokenNode): string | undefined {
  if (node.scope === undefined) return undefined
  if (!classNames.has(node.scope)) classNames.set(node.scope, scopeClasses(node)?.join(' '))
  return classNames.get(node.scope)
}

function escapeText(text: string): string {
  return /[&<]/.test(text) ? text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : text
}

/** The code without Docusaurus's magic comment lines, and the (1-based) lines they mark. */
function takeMagicComments(text: string): { text: string; marked: Set<number> } {
  const marked = new Set<number>()
  const kept: string[] = []
  let next = false
  let open = false
  for (const line of text.split('\n')) {
    const comment = line.includes('highlight-') ? magicComment.exec(line)?.[1] : undefined
    if (comment === 'next-line') next = true
    else if (comment === 'start') open = true
    else if (comment === 'end') open = false
    else {
      kept.push(line)
      if (next || open) marked.add(kept.length)
      next = false
    }
  }
  return { text: kept.join('\n'), marked }
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value
  return 'children' in node ? node.children.map(textOf).join('') : ''
}

/** Token nodes cut at line ends; a token spanning lines (a block comment) is repeated on each. */
function splitLines(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]]
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, index) => {
        if (index > 0) lines.push([])
        if (part !== '') lines[lines.length - 1]!.push({ type: 'text', value: part })
      })
    } else if (node.type === 'element') {
      splitLines(node.children).forEach((part, index) => {
        if (index > 0) lines.push([])
        if (part.length > 0) lines[lines.length - 1]!.push({ ...node, children: part })
      })
    }
  }
  return lines
}
