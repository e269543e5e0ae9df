/**
 * Prints a build's outcome for people and CI logs: stage lines with timings, every diagnostic in
 * `file:line:col` form grouped by file, and one summary line. Colour only when asked for.
 */
import picocolors from 'picocolors'
import { formatDiagnostic, type Diagnostic } from '../shared/diagnostic.js'
import type { BuildResult } from './build.js'
import { capWarnings } from './diagnostics/cap-warnings.js'

export function formatReport(result: BuildResult, options: { color: boolean; command: 'build' | 'check' }): string {
  const colors = picocolors.createColors(options.color)
  const lines: string[] = []
  for (const stage of result.stages) {
    const time = `${Math.round(stage.milliseconds)} ms`
    lines.push(`${stage.failed ? colors.red('✖') : colors.green('✔')} ${stage.name.padEnd(9)} ${shown(stage.detail).padEnd(48)} ${colors.dim(time.padStart(8))}`)
  }
  if (result.diagnostics.length > 0) {
    lines.push('')
    for (const item of capWarnings(result.diagnostics)) lines.push(colorize(shown(formatDiagnostic(item)), item, colors))
  }
  const errors = result.diagnostics.filter((item) => item.severity === 'error').length
  const warnings = result.diagnostics.length - errors
  lines.push('')
  if (result.exitCode !== 0) {
    lines.push(
      colors.red(
        `✖ ${options.command} failed: ${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}. Nothing was written; the previous output is untouched.`,
      ),
    )
  } else if (options.command === 'check') {
    lines.push(colors.green(`✔ check passed${warnings ? ` with ${plural(warnings, 'warning')}` : ''}: ${result.manifest?.routes.length ?? 0} routes, nothing written.`))
  } else {
    const total = result.stages.reduce((sum, stage) => sum + stage.milliseconds, 0)
    const privateCount = result.manifest?.routes.filter((route) => route.access.private).length ?? 0
    const privateNote = {
      gate: `${privateCount} private, served only through the gate`,
      exclude: `${privateCount} private, left out`,
      'client-only': `${privateCount} private, published for anyone to read`,
    }[result.privatePages]
    lines.push(
      colors.green(
        `✔ Built ${result.pages.public + result.pages.private} pages${privateCount > 0 ? ` (${privateNote})` : ''} in ${(total / 1000).toFixed(2)} s${warnings ? ` with ${plural(warnings, 'warning')}` : ''}.`,
      ),
    )
    lines.push(`  Output:        ${shown(result.outDir)}`)
    if (result.privatePages === 'gate') lines.push(`  Private pages: ${shown(result.privateDir)} (never deploy this folder)`)
  }
  return `${lines.join('\n')}\n`
}

// Messages quote the site's own text (a slug, a link, a file name): its control characters must
// not drive the terminal (an escape sequence clears it, retitles it or sets the clipboard), nor
// its bidi controls reorder what is shown, so they are written as \u{…} escapes.
// eslint-disable-next-line no-control-regex
const unsafeForTerminal = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

function shown(text: string): string {
  return text.replace(unsafeForTerminal, (character) => `\\u{${character.codePointAt(0)!.toString(16)}}`)
}

function colorize(line: string, item: Diagnostic, colors: ReturnType<typeof picocolors.createColors>): string {
  return item.severity === 'error' ? line.replace(': error: ', `: ${colors.red('error')}: `) : line.replace(': warning: ', `: ${colors.yellow('warning')}: `)
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}
