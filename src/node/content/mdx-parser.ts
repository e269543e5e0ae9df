/**
 * parseMdx, done once per distinct text: versioned docs are mostly the same files, and compiling
 * MDX is the heaviest part of building them. A text is compiled with stand-in tokens for its links
 * (each link's published URL depends on the file); each file then gets that program with its own
 * URLs put in place of the tokens, and its rewriter sees the same links in the same order (so the
 * files its links reach are found as before).
 *
 * Put in place only where that is exactly what compiling would have written: a URL made of
 * characters that neither the compiler's URL encoding, React's HTML escaping nor a JavaScript
 * string changes; a page with any other link, or with diagnostics (they name the file), is
 * compiled on its own.
 */
import { randomBytes } from 'node:crypto'
import type { RewriteLink } from './parse-markdown.js'
import { parseMdx, type MdxOptions, type MdxPage } from './parse-mdx.js'

export type MdxParser = (source: string, file: string, rewriteLink: RewriteLink, options: MdxOptions) => MdxPage

/** Characters every stage between a link and the page's HTML leaves as they are. */
const unchanged = /^(?:[A-Za-z0-9\-._~!$()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*$/

/**
 * `texts`: the texts the parser may be given, as many times as they occur. A text that occurs once
 * is compiled as it is: nothing to share, and nothing kept.
 */
export function createMdxParser(texts: Iterable<string>): MdxParser {
  const occurrences = new Map<string, number>()
  for (const text of texts) occurrences.set(text, (occurrences.get(text) ?? 0) + 1)
  const compiled = new Map<string, { readonly page: MdxPage; readonly urls: readonly string[] } | undefined>()
  // Random per parser, so that no page can write a token on purpose.
  const nonce = randomBytes(8).toString('hex')
  const token = new RegExp(`docsgen${nonce}link(\\d+)x`, 'g')
  return (source, file, rewriteLink, options) => {
    if ((occurrences.get(source) ?? 0) < 2) return parseMdx(source, file, rewriteLink, options)
    const key = `${options.slugify}\u0000${options.inlineStatic !== false}\u0000${source}`
    if (!compiled.has(key)) {
      const urls: string[] = []
      const page = parseMdx(source, file, (url) => `docsgen${nonce}link${urls.push(url) - 1}x`, options)
      compiled.set(key, page.diagnostics.length === 0 && page.program !== undefined ? { page, urls } : undefined)
    }
    const entry = compiled.get(key)
    const published = entry?.urls.map((url) => rewriteLink(url) ?? url)
    if (entry === undefined || !published!.every((url) => unchanged.test(url))) return parseMdx(source, file, entry === undefined ? rewriteLink : rewriteAgain(rewriteLink, published!), options)
    return { ...entry.page, program: entry.page.program!.replace(token, (_, index: string) => published![Number(index)]!) }
  }
}

/** The URLs already published for the file's links, in order, so that its rewriter is not asked twice. */
function rewriteAgain(rewriteLink: RewriteLink, published: readonly string[]): RewriteLink {
  let next = 0
  return (url) => (next < published.length ? published[next++] : rewriteLink(url))
}
