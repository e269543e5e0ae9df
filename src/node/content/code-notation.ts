/**
 * VitePress's notation comments in code (`// [!code highlight]`, `focus`, `++`, `--`, `error`,
 * `warning`, `word:…`, each optionally `:n` lines): taken out of the code, and the lines they
 * name given classes, which code.css styles in both colour modes. A comment alone on its line
 * names the next line(s) and its line is removed, as Shiki's notation does.
 */

/** The classes a line gets, by notation. */
const lineClasses: Readonly<Record<string, readonly string[]>> = {
  highlight: ['code-line--highlighted'],
  hl: ['code-line--highlighted'],
  error: ['code-line--highlighted', 'code-line--error'],
  warning: ['code-line--highlighted', 'code-line--warning'],
  '++': ['code-line--diff-add'],
  '--': ['code-line--diff-remove'],
  focus: ['code-line--focused'],
}

// The comment at the line's end, in any of the comment styles Shiki's transformers read, read in
// two parts from where `[!code ` is, so that no pattern backtracks over a long line.
const commentStart = /(?:\/\/|#|<!--|\/\*|--|;|%)[ \t]*$/
const notation = /^\[!code (highlight|hl|focus|error|warning|\+\+|--|word:(?:\\.|[^:\]\\])+)(?::(\d{1,4}))?\][ \t]*(?:-->|\*\/)?[ \t]*$/

/** The line without its notation comment, and the notation; undefined when it has none. */
function readNotation(line: string): { readonly rest: string; readonly kind: string; readonly count: number } | undefined {
  const at = line.lastIndexOf('[!code ')
  if (at === -1) return undefined
  const found = notation.exec(line.slice(at))
  const comment = found ? commentStart.exec(line.slice(0, at)) : null
  if (!found || !comment) return undefined
  return { rest: line.slice(0, comment.index).trimEnd(), kind: found[1]!, count: Number(found[2] ?? 1) }
}

export interface CodeNotation {
  readonly text: string
  /** The classes of each line (1-based) of the text returned. */
  readonly classes: ReadonlyMap<number, readonly string[]>
}

export function takeCodeNotation(code: string): CodeNotation {
  const classes = new Map<number, string[]>()
  const kept: string[] = []
  // Notations waiting for the next line, from comments alone on theirs.
  let pending: { readonly kind: string; readonly count: number }[] = []
  const mark = (line: number, kind: string, count: number) => {
    const names = lineClasses[kind]
    if (names === undefined) return
    for (let offset = 0; offset < count; offset++) classes.set(line + offset, [...new Set([...(classes.get(line + offset) ?? []), ...names])])
  }
  for (const line of code.split('\n')) {
    const found = readNotation(line)
    if (found && found.rest.trim() === '') {
      pending.push(found)
      continue
    }
    kept.push(found ? found.rest : line)
    for (const { kind, count } of found ? [...pending, found] : pending) mark(kept.length, kind, count)
    pending = []
  }
  return { text: kept.join('\n'), classes }
}
