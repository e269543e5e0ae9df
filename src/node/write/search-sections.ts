/**
 * A page's searchable text, cut into sections: the title with the text before the first heading,
 * then each h2/h3 (its anchor and the text under it). Read from the body HTML docsgen rendered
 * itself, so a small scanner does: tags become spaces (or nothing, inside a line of text),
 * character references are decoded, and what a reader never reads as text is left out: scripts,
 * styles, the headings' "#" links and the code blocks' language labels.
 */

export interface SearchSection {
  readonly title: string
  /** The heading's id ('' for the first section, and for a heading without one). */
  readonly anchor: string
  readonly text: string
}

const tagPattern = /<!--[^]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
/** Elements whose text is never searched, by tag. */
const skippedTags = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'button'])
/** Elements whose text is never searched, by class: the markup reader-markup.ts adds. */
const skippedClass = /(?:^|\s)(?:hash-link|code-block-language)(?:\s|$)/
/** Elements that run inside a line of text: no space where they start or end. */
const inlineTags = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var'])
const voidTags = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The sections of a page titled `title` whose body HTML is `html`. */
export function searchSections(title: string, html: string): SearchSection[] {
  const sections: { title: string; anchor: string; text: string[] }[] = [{ title, anchor: '', text: [] }]
  let heading: { tag: string; text: string[] } | undefined
  let skipping: { tag: string; depth: number } | undefined
  let last = 0
  const text = (value: string) => {
    if (skipping || value === '') return
    ;(heading ? heading.text : sections.at(-1)!.text).push(decode(value))
  }
  for (const tag of html.matchAll(tagPattern)) {
    text(html.slice(last, tag.index))
    last = tag.index + tag[0].length
    const [, closing, rawName, attributes] = tag
    if (rawName === undefined) continue
    const name = rawName.toLowerCase()
    if (skipping) {
      if (name === skipping.tag && !voidTags.has(name) && !attributes!.endsWith('/')) skipping.depth += closing ? -1 : 1
      if (skipping.depth === 0) skipping = undefined
      continue
    }
    if (!closing && !voidTags.has(name) && (skippedTags.has(name) || skippedClass.test(attribute(attributes!, 'class')))) {
      skipping = { tag: name, depth: 1 }
      continue
    }
    if (!closing && (name === 'h2' || name === 'h3') && !heading) {
      heading = { tag: name, text: [] }
      sections.push({ title: '', anchor: attribute(attributes!, 'id'), text: [] })
    } else if (closing && heading && name === heading.tag) {
      sections.at(-1)!.title = squash(heading.text.join(''))
      heading = undefined
    } else if (!inlineTags.has(name)) text(' ')
  }
  text(html.slice(last))
  return sections.map((section) => ({ title: section.title, anchor: section.anchor, text: squash(section.text.join('')) }))
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

const attributePatterns = {
  class: /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i,
  id: /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i,
}

function attribute(attributes: string, name: keyof typeof attributePatterns): string {
  const found = attributePatterns[name].exec(attributes)
  return found ? decode(found[1] ?? found[2] ?? found[3]!) : ''
}

function decode(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return named[name] ?? whole
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD'
  })
}
