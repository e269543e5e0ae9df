/**
 * VitePress's code snippet imports: a line `<<< path#region{lines lang attrs} [title]` is a code
 * block holding that file (or its region, without the region's markers and common indentation),
 * in the file's language unless one is given, titled with its name unless a title is given. It
 * becomes an ordinary fence token, so it is highlighted like any code block.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it'
import type { SourceReader } from './read-source-file.js'
import { dedent, findRegions, isRegionMarker } from './source-regions.js'

/** What a parse passes to markdown-it's rules: where files come from, and where problems go. */
export interface SnippetEnv {
  readonly file: string
  /** Reads the files the page names (once each, within the page's limit). */
  readonly read: SourceReader
  /** A problem at a 0-based line of the parsed text. */
  readonly report: (line: number, message: string, suggestion: string) => void
  /** Told each file read (site-relative), and the 0-based line of the parsed text that names it. */
  readonly used: (file: string, line: number) => void
}

/** Lets markdown-it read `<<<` lines as code blocks (only when the parse's env gives a SnippetEnv). */
export function useCodeSnippets(instance: MarkdownIt): void {
  instance.block.ruler.before('fence', 'code_snippet', codeSnippet, { alt: ['paragraph', 'reference', 'blockquote', 'list'] })
}

function codeSnippet(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!
  const end = state.eMarks[startLine]!
  const env = (state.env as { snippets?: SnippetEnv }).snippets
  if (!env || state.sCount[startLine]! - state.blkIndent >= 4 || !state.src.startsWith('<<<', start)) return false
  const spec = parseSnippetSpec(state.src.slice(start + 3, end))
  if (spec === undefined) return false
  if (silent) return true
  state.line = startLine + 1
  // A snippet that cannot be read is reported, and shows nothing.
  const content = snippetContent(env, spec, startLine, (message, suggestion) => env.report(startLine, message, suggestion))
  if (content === undefined) return true
  const token = state.push('fence', 'code', 0)
  token.info = [spec.language, spec.lines && `{${spec.lines}}`, spec.attributes, `[${spec.title}]`].filter(Boolean).join(' ')
  token.markup = '```'
  token.map = [startLine, startLine + 1]
  token.content = content
  return true
}

interface SnippetSpec {
  readonly path: string
  readonly region: string | undefined
  readonly lines: string
  readonly language: string
  readonly attributes: string
  readonly title: string
}

/** `path#region{lines lang attrs} [title]`, read from the end, so the path itself may hold spaces and dots. */
export function parseSnippetSpec(written: string): SnippetSpec | undefined {
  let rest = written.trim()
  // From the first `[` to a final `]` (found without a pattern that could backtrack on a long line).
  const open = rest.endsWith(']') ? rest.indexOf('[') : -1
  const title = open > 0 && open < rest.length - 2 ? rest.slice(open + 1, -1) : undefined
  if (title !== undefined) rest = rest.slice(0, open).trimEnd()
  let lines = ''
  let language = ''
  let attributes = ''
  const brace = rest.lastIndexOf('{')
  if (rest.endsWith('}') && brace > 0) {
    const meta = rest.slice(brace + 1, -1).trim()
    rest = rest.slice(0, brace).trimEnd()
    const compact = meta.replace(/\s+/g, '')
    const parts = /^[\d,\s-]+$/.test(meta) ? [compact] : meta.split(/\s+/)
    if (/^\d+(?:[,-]\d+)*$/.test(parts[0] ?? '')) lines = parts.shift()!
    language = parts.shift() ?? ''
    attributes = parts.join(' ')
  }
  const region = /#([\w.-]+)$/.exec(rest)
  if (region) rest = rest.slice(0, region.index)
  const path = rest.trim()
  if (path === '') return undefined
  const name = path.split(/[\\/]/).pop()!
  return { path, region: region?.[1], lines, language: language || (/\.([a-z\d]+)$/i.exec(name)?.[1] ?? ''), attributes, title: title ?? name }
}

function snippetContent(env: SnippetEnv, spec: SnippetSpec, line: number, fail: (message: string, suggestion: string) => void): string | undefined {
  const read = env.read(env.file, spec.path)
  // A missing file too: the page is parsed again once it is there.
  if (read.file !== undefined) env.used(read.file, line)
  if ('problem' in read) {
    if (!read.reported) fail(`Cannot import the code snippet "${spec.path}": ${read.problem}`, read.suggestion ?? 'Write a path relative to the page (or "@/" for the source root) to a file inside the source root.')
    return undefined
  }
  const lines = read.text.replace(/\r?\n$/, '').split(/\r?\n/)
  if (spec.region === undefined) return `${lines.join('\n')}\n`
  const spans = findRegions(lines, spec.region)
  if (spans.length === 0) {
    fail(`Cannot import the code snippet "${spec.path}#${spec.region}": ${read.file} has no region "${spec.region}"`, `Mark the lines with "#region ${spec.region}" and "#endregion" comments.`)
    return undefined
  }
  const selected = spans.flatMap((span) => lines.slice(span.start, span.end)).filter((line) => !isRegionMarker(line))
  return `${dedent(selected).join('\n')}\n`
}
