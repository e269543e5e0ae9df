/**
 * VitePress's `<!--@include: path-->`, expanded in the page's text before it is parsed (as
 * VitePress does), so included headings are the page's headings (its ToC, its anchors). The
 * path may end in a region or heading (`#name`) and a line range (`{3,}`, `{,10}`, `{1,10}`);
 * includes nest. Every problem (outside the source root, missing, a cycle, too deep, too large)
 * is a diagnostic at the directive, and the directive expands to nothing.
 *
 * Lines of included text have no line in the page: `origins` maps each line of the expanded text
 * to the page's line (and, for included lines, the directive's column), for diagnostics.
 */
import type { Diagnostic } from '../../shared/diagnostic.js'
import { diagnostic } from '../../shared/diagnostic.js'
import { createHeadingSlugger, type SlugStyle } from './heading-slugger.js'
import { frontMatterNode } from './markdown-to-mdast.js'
import { maxLineLength } from '../files/read-text-file.js'
import type { SourceReader } from './read-source-file.js'
import { findRegions } from './source-regions.js'
import { attributesAtEnd, type AttributeDelimiters } from './markdown-attributes.js'

interface HeadingIds {
  readonly slugify: SlugStyle
  readonly attributes: AttributeDelimiters | undefined
}

// Up to the next `<` or `>` at most, so that a line of unclosed directives is read once, not once per directive.
const directive = /<!--\s*@include:([^<>]*)-->/g
/** Includes of includes: deeper is a mistake, not documentation. */
export const maxIncludeDepth = 8
/** An expanded page may be at most this long (a file included twice by a file included twice … grows fast). */
export const maxExpandedLength = 4 * 1024 * 1024

export interface Origin {
  readonly line: number
  /** The directive's column, for lines that came from an included file. */
  readonly column: number | undefined
  /** The included Markdown file the line was written in, when it is not the page. */
  readonly from: string | undefined
}

export interface ExpandedText {
  readonly text: string
  /** By 0-based line of `text`: where it is in the page. */
  readonly origins: readonly Origin[]
  /** The files read (site-relative), for the parse cache. */
  readonly dependencies: readonly string[]
  /** Where in the page each file is first included (its directive; an include's includes at the page's directive). */
  readonly places: ReadonlyMap<string, { readonly line: number; readonly column: number }>
  readonly diagnostics: readonly Diagnostic[]
}

/** `slugify` and `attributes` (markdown.attrs's delimiters) make the ids of an included file's headings, which a region may name. */
export function expandIncludes(text: string, file: string, read: SourceReader, slugify: SlugStyle, attributes?: AttributeDelimiters): ExpandedText {
  const diagnostics: Diagnostic[] = []
  const dependencies = new Set<string>()
  const places = new Map<string, { line: number; column: number }>()
  const origins: Origin[] = []
  const out: string[] = []
  // Front matter is data: a directive written in it stays as written.
  const frontMatterLines = frontMatterNode(text)?.lineCount ?? 0
  let length = 0
  text.split('\n').forEach((line, index) => {
    directive.lastIndex = 0
    if (index < frontMatterLines || !directive.test(line)) {
      out.push(line)
      origins.push({ line: index + 1, column: undefined, from: undefined })
      return
    }
    let column = 0
    const fail = (message: string, suggestion: string) =>
      diagnostics.push(diagnostic({ file, line: index + 1, column, ruleId: 'include-invalid', message, suggestion }))
    const expand = (written: string, from: string, chain: readonly string[]): Line[] => {
      if (chain.length > maxIncludeDepth) {
        fail(`The include of "${written}" is nested ${chain.length} deep (${chain.join(' → ')}); at most ${maxIncludeDepth} levels are read`, 'Include the deepest file directly, or flatten the includes.')
        return []
      }
      const selected = selectIncluded(written, from, read, { slugify, attributes })
      // A missing file too: the page is parsed again once it is there.
      if (selected.file !== undefined) dependencies.add(selected.file)
      if (selected.file !== undefined && !places.has(selected.file)) places.set(selected.file, { line: index + 1, column })
      if ('problem' in selected) {
        if (!selected.reported) fail(`Cannot include "${written}"${chain.length > 1 ? ` (in ${from})` : ''}: ${selected.problem}`, selected.suggestion)
        return []
      }
      if (chain.includes(selected.file)) {
        fail(`The include of "${written}" is a cycle: ${[...chain, selected.file].join(' → ')}`, 'Remove the include that leads back to a file already being included.')
        return []
      }
      length += selected.text.length
      if (length > maxExpandedLength) {
        fail(`Includes make the page longer than ${maxExpandedLength / 1024 / 1024} MB`, 'Include less, or split the page.')
        return []
      }
      // Links in an included Markdown file are relative to it (VitePress rebases them); in other files, to the page.
      const writtenIn = selected.file.endsWith('.md') ? selected.file : from
      return selected.text.split('\n').flatMap((inner) => expandLine(inner, writtenIn, [...chain, selected.file], expand))
    }
    const expandedLines = expandLine(line, file, [file], expand, (offset) => (column = offset + 1))
    // Included text is held to a page's line limit: the patterns that read a line assume it.
    const long = expandedLines.find((expanded) => expanded.text.length > maxLineLength)
    if (long) {
      fail(`Included text makes a line ${long.text.length} characters long; a line may be at most ${maxLineLength}`, 'Break the included text into shorter lines (a paragraph may span many), or include less on one line.')
      out.push('')
      origins.push({ line: index + 1, column: undefined, from: undefined })
      return
    }
    for (const expanded of expandedLines) {
      out.push(expanded.text)
      origins.push({ line: index + 1, column, from: expanded.from === file ? undefined : expanded.from })
    }
  })
  return { text: out.join('\n'), origins, dependencies: [...dependencies], places, diagnostics }
}

/** A line of expanded text and the file it was written in. */
interface Line {
  readonly text: string
  readonly from: string
}

type Expand = (written: string, from: string, chain: readonly string[]) => Line[]

/**
 * One line with its directives expanded. A directive alone on its line gives the included lines
 * as they are (each from its file); one within other text is replaced in it, all of it then
 * counted as the line's own file's (as VitePress rebases links only for the first kind).
 */
function expandLine(line: string, from: string, chain: readonly string[], expand: Expand, at?: (offset: number) => void): Line[] {
  const alone = /^\s*<!--\s*@include:([^<>]*)-->\s*$/.exec(line)
  if (alone && alone[1]!.trim() !== '') {
    at?.(line.indexOf('<!--'))
    return expand(alone[1]!.trim(), from, chain)
  }
  directive.lastIndex = 0
  if (!directive.test(line)) return [{ text: line, from }]
  const replaced = line.replace(directive, (match: string, written: string, offset: number) => {
    at?.(offset)
    return written.trim() === '' ? match : expand(written.trim(), from, chain).map((expanded) => expanded.text).join('\n')
  })
  return replaced.split('\n').map((text) => ({ text, from }))
}

type Selected = { readonly file: string; readonly text: string } | { readonly file: string | undefined; readonly problem: string; readonly suggestion: string; readonly reported?: true }

/** The part of the file `written` names: its region or heading's section, its lines. */
function selectIncluded(written: string, from: string, readSource: SourceReader, ids: HeadingIds): Selected {
  const range = /\{(\d*),(\d*)\}$/.exec(written)
  let path = range ? written.slice(0, range.index) : written
  const region = /#([^\s{#]+)$/.exec(path)
  if (region) path = path.slice(0, region.index)
  if (path.trim() === '') return { file: undefined, problem: 'its path is empty', suggestion: `Write the path of the file before the region or line range, as in "./part.md${written}".` }
  const read = readSource(from, path)
  if ('problem' in read) return { ...read, suggestion: read.suggestion ?? 'Write a path relative to the page (or "@/" for the source root) to a file inside the source root.' }
  let content = read.text
  // A Markdown file's own front matter is never included; a line range without a region counts it (as VitePress does).
  const frontMatter = read.file.endsWith('.md') && (region || !range) ? frontMatterNode(content) : undefined
  if (frontMatter) content = content.slice(frontMatter.length)
  // A final line ending ends the last line; it starts no empty one to count.
  let lines = content.replace(/\r?\n$/, '').split(/\r?\n/)
  if (region) {
    const spans = findRegions(lines, region[1]!)
    const section = spans.length === 0 ? headingSection(lines, region[1]!, ids) : undefined
    if (spans.length === 0 && section === undefined)
      return { file: read.file, problem: `${read.file} has no region or heading "${region[1]}"`, suggestion: `Mark the lines with "#region ${region[1]}" and "#endregion" comments, or name a heading's id.` }
    lines = section ? lines.slice(section.start, section.end) : spans.flatMap((span) => lines.slice(span.start, span.end))
  }
  if (range) {
    const start = range[1] ? Number(range[1]) : 1
    const end = range[2] ? Number(range[2]) : lines.length
    if (start < 1 || end < start || end > lines.length)
      return { file: read.file, problem: `lines ${range[0]} are not within ${read.file}'s ${lines.length} lines`, suggestion: `Choose lines from 1 to ${lines.length}.` }
    lines = lines.slice(start - 1, end)
  }
  return { file: read.file, text: lines.join('\n') }
}

/** The lines below the heading whose id is `id`, up to the next heading of its level or above (ATX headings, outside code fences). */
function headingSection(lines: readonly string[], id: string, { slugify, attributes }: HeadingIds): { start: number; end: number } | undefined {
  const slugger = createHeadingSlugger(slugify)
  let fence: string | undefined
  let found: { start: number; level: number } | undefined
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === undefined ? marker : undefined
    if (fence !== undefined || marker) continue
    const heading = atxHeading(line)
    if (!heading) continue
    const level = heading.level
    if (found) {
      if (level <= found.level) return { start: found.start, end: index }
      continue
    }
    // The id is the attributes' (between the site's delimiters, as VitePress's parse reads them), else made of the text before them.
    const written = attributesAtEnd(heading.text, attributes)
    const text = written ? heading.text.slice(0, written.start).trimEnd() : heading.text
    const headingId = written?.id !== undefined ? (slugger.claim(written.id), written.id) : slugger.slug(text.replace(/[*_`]/g, ''))
    if (headingId === id) found = { start: index + 1, level }
  }
  return found && { start: found.start, end: lines.length }
}

/** An ATX heading's level and text (closing `#`s removed), read without a pattern that could backtrack on a long line. */
function atxHeading(line: string): { level: number; text: string } | undefined {
  const open = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(line)
  if (!open) return undefined
  let text = line.slice(open[0].length).trim()
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  if (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t') text = text.slice(0, end).trimEnd()
  return { level: open[1]!.length, text }
}
