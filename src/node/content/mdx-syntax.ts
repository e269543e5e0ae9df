/**
 * Which pages are MDX, and the source fixes Docusaurus makes before MDX reads a page: HTML
 * comments made MDX comments, heading ids
 * written `{#id}` (an expression in MDX) escaped to text, `:::note Title` turned into the
 * directive label MDX's directive syntax reads (`:::note[Title]`), and `mdx-code-block` fences
 * unwrapped. Each fix keeps every line where it was, so positions stay those of the file.
 */

/**
 * A `.md` page uses MDX when, outside code, it has import or export lines, a capitalised JSX
 * element, or an element with a JSX attribute value (`<code style={{…}}>`).
 */
export function isMdx(relative: string, text: string, format: 'detect' | 'mdx' | 'md'): boolean {
  if (format !== 'detect') return format === 'mdx'
  if (relative.endsWith('.mdx')) return true
  // Blanking code only turns characters into spaces, so a page whose raw text has neither such a
  // line start nor `<` before a capital has none outside code either: most pages end here.
  if (!/^(?:import|export)/m.test(text) && !/<[A-Z]/.test(text) && !/=\{/.test(text)) return false
  // Link destinations in angle brackets (`[a](<./My Page.md>)`) are no JSX.
  const prose = withoutCode(text).replace(/\]\(<[^>\n]*>/g, '](')
  return /^(?:import|export)\s/m.test(prose) || /<[A-Z][\w.]*(?:\s|>|\/>)/.test(prose) || /<[a-z][\w-]*\s[^<>]*?[\w-]=\{/.test(prose)
}

/**
 * The text with fenced code blocks (an unclosed one to the end, as CommonMark reads it) and
 * inline code blanked (lines kept). Line by line: a pattern searching for each opener's closer
 * searched the rest of the text once per unclosed opener.
 */
function withoutCode(text: string): string {
  const lines = text.split('\n')
  let fence: string | undefined
  for (const [index, line] of lines.entries()) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    const closes = fence !== undefined && marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker
    if (fence !== undefined || marker !== undefined) lines[index] = ' '.repeat(line.length)
    if (closes) fence = undefined
    else if (fence === undefined && marker !== undefined) fence = marker
  }
  return lines.join('\n').replace(/`[^`\n]*`/g, ' ')
}

export function prepareMdxSource(text: string): string {
  const lines = text.split('\n')
  let fence: string | undefined
  let mdxBlock: string | undefined
  for (const [index, line] of lines.entries()) {
    const marker = /^\s*(`{3,}|~{3,})(.*)$/.exec(line)
    if (fence !== undefined) {
      if (marker && marker[1]!.startsWith(fence) && marker[2]!.trim() === '') fence = undefined
      continue
    }
    if (marker && mdxBlock !== undefined && marker[1] === mdxBlock && marker[2]!.trim() === '') {
      lines[index] = ''
      mdxBlock = undefined
      continue
    }
    if (marker) {
      // Docusaurus's escape hatch: a `mdx-code-block` fence holds MDX, not code.
      if (marker[2]!.trim() === 'mdx-code-block') [lines[index], mdxBlock] = ['', marker[1]]
      else fence = marker[1]
      continue
    }
    // HTML comments, which MDX cannot read, as MDX comments of the same length; code spans kept.
    lines[index] = escapeHeadingId(line.replace(/(`+)[^`]*?\1|<!--|-->/g, (found) => (found === '<!--' ? '{/* ' : found === '-->' ? '*/}' : found)))
      // The title is taken to the line's end and trimmed after (a lazy one before `\s*` tried every split of a run of spaces).
      .replace(/^(\s*:{3,})([a-z][\w-]*)[ \t]+([^[{\s][^\n]*)$/i, (_, colons: string, name: string, title: string) => `${colons}${name}[${title.trimEnd()}]`)
  }
  return lines.join('\n')
}

/**
 * `## Title {#id}` with the braces escaped, so MDX reads them as text: the first `{#` after the
 * line's last other `}`, found without a pattern (a lazy title before `\s*` tried every split of
 * a long run of spaces).
 */
function escapeHeadingId(line: string): string {
  if (!/^#{1,6}\s/.test(line)) return line
  const trimmed = line.trimEnd()
  if (!trimmed.endsWith('}')) return line
  const open = trimmed.indexOf('{#', trimmed.lastIndexOf('}', trimmed.length - 2) + 1)
  if (open === -1 || open < /^#+/.exec(line)![0].length + 1) return line
  return `${trimmed.slice(0, open)}\\${trimmed.slice(open, -1)}\\}`
}
