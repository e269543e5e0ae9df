/**
 * Named regions of a source file, as VitePress selects them for `<<< file#name` and
 * `<!--@include: file#name-->`: the lines between a `#region name` and its `#endregion`
 * comment, in the comment styles of the languages documentation imports from (`//`, `#`,
 * `<!-- -->`, `/* *\/`, `--`).
 */

// No two adjacent parts may match the same characters, and the name is taken greedily and
// trimmed after: a file's line may be megabytes long, and a backtracking pattern would hang on it.
const opener = /^[ \t]*(?:\/\/|#|<!--|\/\*|--|')[ \t]*(?:#[ \t]*)?(?:pragma[ \t]+)?region\b(.*)$/i
const closer = /^[ \t]*(?:\/\/|#|<!--|\/\*|--|')[ \t]*(?:#[ \t]*)?(?:pragma[ \t]+)?end[ \t]?region\b(.*)$/i

/** Whether a line opens or closes a region (whatever its name). */
export function isRegionMarker(line: string): boolean {
  return opener.test(line) || closer.test(line)
}

/**
 * The spans (0-based, `end` excluded, marker lines left out) of every region called `name`, in
 * order; a region of that name nested in another of that name counts once, as its outermost.
 * An unnamed `#endregion` closes the innermost open region.
 */
export function findRegions(lines: readonly string[], name: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  const open: { name: string; start: number }[] = []
  lines.forEach((line, index) => {
    if (!/region/i.test(line)) return
    const start = opener.exec(line)
    if (start) {
      open.push({ name: nameOf(start[1]!), start: index + 1 })
      return
    }
    const end = closer.exec(line)
    if (!end || open.length === 0) return
    const endName = nameOf(end[1]!)
    const at = endName === '' ? open.length - 1 : open.findLastIndex((region) => region.name === endName)
    if (at === -1) return
    const [closed] = open.splice(at)
    if (closed!.name === name && !open.some((region) => region.name === name)) spans.push({ start: closed!.start, end: index })
  })
  return spans
}

/** The lines without their common leading indentation (blank lines do not count). */
export function dedent(lines: readonly string[]): string[] {
  // A loop, not Math.min(...indents): a region may have more lines than a call takes arguments.
  let common = Infinity
  for (const line of lines) if (line.trim() !== '') common = Math.min(common, /^[ \t]*/.exec(line)![0].length)
  return common === 0 || common === Infinity ? [...lines] : lines.map((line) => line.slice(common))
}

/** A marker's name: what follows the keyword, without a comment's end (`-->`, `*\/`) and quotes. */
function nameOf(rest: string): string {
  let name = rest.trim()
  for (const end of ['-->', '*/']) if (name.endsWith(end)) name = name.slice(0, -end.length).trim()
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name
}
