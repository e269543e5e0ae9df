/**
 * parseMdx, done once per distinct text: versioned docs are mostly the same files, and compiling
 * MDX is the heaviest part of building them. A text is compiled with stand-in tokens for its links
 * (each link's published URL depends on the file); each file gets that program with the file's
 * URLs beside it (`linksApart`), to be put in place of the tokens (programWithLinks) or read at
 * render time by one module shared by every file of the text (programReadingLinks). Its rewriter
 * sees the same links in the same order (so the files its links reach are found as before).
 *
 * Shared only where that is exactly what compiling would have written: a URL made of characters
 * that neither the compiler's URL encoding, React's HTML escaping nor a JavaScript string
 * changes; a page with any other link, or with diagnostics (they name the file), is compiled on
 * its own.
 */
import { parse } from 'acorn'
import { simple } from 'acorn-walk'
import { randomBytes } from 'node:crypto'
import type { RewriteLink } from './parse-markdown.js'
import { parseMdx, type MdxOptions, type MdxPage } from './parse-mdx.js'

export type MdxParser = (source: string, file: string, rewriteLink: RewriteLink, options: MdxOptions) => MdxPage

/** Characters every stage between a link and the page's HTML leaves as they are. */
const unchanged = /^(?:[A-Za-z0-9\-._~!$()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*$/

/** Random per build, so that no page can write a token on purpose; the same on every thread, so that their programs are the same. */
export const linkNonce = () => randomBytes(8).toString('hex')

const tokens = (nonce: string) => new RegExp(`docsgen${nonce}link(\\d+)x`, 'g')

/**
 * `texts`: the texts the parser may be given, as many times as they occur. A text that occurs once
 * is compiled as it is: nothing to share, and nothing kept. Without `texts`, every text is
 * compiled for sharing and kept (partials: few, and found only as the pages that show them are read).
 */
export function createMdxParser(texts?: Iterable<string>, nonce = linkNonce()): MdxParser {
  const occurrences = new Map<string, number>()
  for (const text of texts ?? []) occurrences.set(text, (occurrences.get(text) ?? 0) + 1)
  const compiled = new Map<string, { readonly page: MdxPage; readonly urls: readonly string[] } | undefined>()
  return (source, file, rewriteLink, options) => {
    if (texts !== undefined && (occurrences.get(source) ?? 0) < 2) return parseMdx(source, file, rewriteLink, options)
    const key = `${options.slugify}\u0000${options.inlineStatic !== false}\u0000${options.customFrontMatter === true}\u0000${source}`
    if (!compiled.has(key)) {
      const urls: string[] = []
      const page = parseMdx(source, file, (url) => `docsgen${nonce}link${urls.push(url) - 1}x`, options)
      compiled.set(key, page.diagnostics.length === 0 && page.program !== undefined ? { page, urls } : undefined)
    }
    const entry = compiled.get(key)
    const published = entry?.urls.map((url) => rewriteLink(url) ?? url)
    if (entry === undefined || !published!.every((url) => unchanged.test(url))) return parseMdx(source, file, entry === undefined ? rewriteLink : rewriteAgain(rewriteLink, published!), options)
    return { ...entry.page, linksApart: { nonce, urls: published! } }
  }
}

/** The URLs already published for the file's links, in order, so that its rewriter is not asked twice. */
function rewriteAgain(rewriteLink: RewriteLink, published: readonly string[]): RewriteLink {
  let next = 0
  return (url) => (next < published.length ? published[next++] : rewriteLink(url))
}

/** The file's program, its own URLs in place. */
export function programWithLinks(page: MdxPage): string | undefined {
  const apart = page.linksApart
  return apart === undefined ? page.program : page.program?.replace(tokens(apart.nonce), (_, index: string) => apart.urls[Number(index)]!)
}

/** A string literal in a program: where it is, and its value. */
export interface Literal {
  readonly start: number
  readonly end: number
  readonly value: string
}

/** What must change in a program for one module to serve every file of its text. */
export interface SharedProgram {
  readonly program: string
  readonly nonce: string
  /** The string literals that hold link tokens. */
  readonly links: readonly Literal[]
  /**
   * The sources of imports and re-exports that are resolved from the file's own folder: a
   * relative path (a partial, a component beside the page), a partial named from the site's
   * folder (`@site/…`: the partial's own links differ), or a package (a nearer node_modules may
   * hold it). Other modules docsgen resolves itself are the same from every folder.
   */
  readonly sources: readonly Literal[]
}

/**
 * The program read for a shared module; undefined when no module can be the same for every
 * file: a token stands anywhere but in a plain string literal, or the program imports at run
 * time, requires, or reads where it is (`import.meta`).
 */
export function readSharedProgram(program: string, nonce: string): SharedProgram | undefined {
  const token = `docsgen${nonce}link`
  const links: Literal[] = []
  const sources: Literal[] = []
  let alone = false
  const source = (node: { source?: Literal | null }) => void (node.source && (!sameFromEveryFolder(node.source.value) || /\.mdx?$/.test(node.source.value)) && sources.push(node.source))
  try {
    simple(parse(program, { ecmaVersion: 'latest', sourceType: 'module' }), {
      Literal: (node) => void (typeof node.value === 'string' && node.value.includes(token) && links.push(node as typeof node & { value: string })),
      TemplateElement: (node) => void (alone ||= node.value.raw.includes(token)),
      ImportDeclaration: (node) => source(node as { source: Literal }),
      ExportNamedDeclaration: (node) => source(node as { source?: Literal | null }),
      ExportAllDeclaration: (node) => source(node as { source: Literal }),
      ImportExpression: () => void (alone = true),
      MetaProperty: () => void (alone = true),
      CallExpression: (node) => void (alone ||= node.callee.type === 'Identifier' && node.callee.name === 'require'),
    })
  } catch {
    return undefined
  }
  // A token the walk did not see (a regular expression's text, say) would be left in the module.
  links.sort((a, b) => a.start - b.start)
  const outside = links.some(({ start }, index) => program.slice(index === 0 ? 0 : links[index - 1]!.end, start).includes(token)) || program.slice(links.at(-1)?.end ?? 0).includes(token)
  return alone || outside ? undefined : { program, nonce, links, sources }
}

/**
 * One module for every file of a text: the program with each string literal that holds link
 * tokens made a concatenation that reads them from `links` at render time, and each source that
 * `sources` names changed to what it says (a source it does not name stays as written).
 */
export function programReadingLinks(shared: SharedProgram, links: string, sources: ReadonlyMap<string, string>): string {
  const changes = [
    // split keeps each token's index between the texts around it: text, index, text, …
    ...shared.links.map(({ start, end, value }) => ({ start, end, text: `(${value.split(tokens(shared.nonce)).map((part, index) => (index % 2 === 0 ? JSON.stringify(part) : `${links}[${part}]`)).join(' + ')})` })),
    ...shared.sources.flatMap(({ start, end, value }) => (sources.has(value) ? [{ start, end, text: JSON.stringify(sources.get(value)) }] : [])),
  ].sort((a, b) => a.start - b.start)
  const parts: string[] = []
  let at = 0
  for (const { start, end, text } of changes) {
    parts.push(shared.program.slice(at, start), text)
    at = end
  }
  parts.push(shared.program.slice(at))
  return parts.join('')
}

/** Imports that resolve the same from any folder of the site (docsgen resolves these itself, mdx-pages.ts). */
const sameFromEveryFolder = (source: string) => /^(?:@site\/|@theme\/|@docusaurus\/|react(?:-dom)?(?:\/|$))/.test(source)
