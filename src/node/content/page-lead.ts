/**
 * A Markdown page parsed only as far as what lists it shows of it: its front matter, its leading
 * `# heading` (the title) and its first paragraph (the description), not the rest of its body.
 * Every page's place in the sidebar and its prev/next links are known from that in a fraction of
 * a whole parse, so `docsgen serve` can draw its first page while the build parses every body.
 */
import type { parseMarkdown } from './parse-markdown.js'

/** `parse`, reading only the lead of the files `leadOnly` names (all of each file without it). */
export function leadParser(parse: typeof parseMarkdown, leadOnly: ((file: string) => boolean) | undefined): typeof parseMarkdown {
  if (leadOnly === undefined) return parse
  return (source, file, rewriteLink, options) => parse(leadOnly(file) ? leadOf(source) : source, file, rewriteLink, options)
}

/**
 * The text up to the blank line that ends the page's first text after its front matter, and
 * after its leading heading if it has one (`#` or underlined). A fenced block is skipped whole,
 * so the cut is never inside one; front matter that does not close is left to the whole parse.
 */
export function leadOf(source: string): string {
  const lines = source.split('\n')
  let at = 0
  if (/^\uFEFF?(---|\+\+\+)/.test(lines[0] ?? '')) {
    const close = lines.findIndex((line, index) => index > 0 && /^(---|\+\+\+|\.\.\.)\s*$/.test(line))
    if (close < 0) return source
    at = close + 1
  }
  let fence: string | undefined
  let text = false
  for (; at < lines.length; at++) {
    const line = lines[at]!
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined
      continue
    }
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
    if (opener) fence = opener[1]
    else if (line.trim() === '' && text) return lines.slice(0, at).join('\n')
    // A line of `=` or `-` under text makes that text a heading (setext), not the paragraph.
    else if (/^\s{0,3}(=+|-+)\s*$/.test(line)) text = false
    else if (line.trim() !== '' && !/^\s{0,3}#/.test(line)) text = true
  }
  return source
}
