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

/** The text with fenced code blocks and inline code blanked (lines kept). */
function withoutCode(text: string): string {
  return text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1?\2[`~]*[ \t]*$/gm, (block) => block.replace(/[^\n]/g, ' ')).replace(/`[^`\n]*`/g, ' ')
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
    lines[index] = line
      // HTML comments, which MDX cannot read, as MDX comments of the same length; code spans kept.
      .replace(/(`+)[^`]*?\1|<!--|-->/g, (found) => (found === '<!--' ? '{/* ' : found === '-->' ? '*/}' : found))
      .replace(/^(#{1,6}\s.*?\s*)(\{#[^}]*\})\s*$/, (_, head: string, id: string) => `${head}\\${id.slice(0, -1)}\\}`)
      .replace(/^(\s*:{3,})([a-z][\w-]*)[ \t]+([^[{\s][^\n]*?)\s*$/i, '$1$2[$3]')
  }
  return lines.join('\n')
}
