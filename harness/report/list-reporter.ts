/**
 * The readable report: each scenario with its steps (virtual and real time), and for a failure
 * the failing step at file:line:col, expected and found, the screen, the last provider calls,
 * the events and console errors, and where the artefacts are. Colours follow NO_COLOR/FORCE_COLOR.
 */
import pc from 'picocolors'
import type { ScenarioResult } from '../runner/results.js'
import { realTime, virtualClock } from './format-time.js'

type Colors = ReturnType<typeof pc.createColors>

const where = (file: string, position: { line: number; column: number } | undefined) => (position ? `${file}:${position.line}:${position.column}` : file)

export function formatScenario(result: ScenarioResult, colors: Colors, artifacts: string | undefined): string {
  const mark = result.status === 'passed' ? colors.green('✓') : colors.red('✗')
  const retry = result.attempt > 1 ? colors.yellow(` (attempt ${result.attempt})`) : ''
  const lines = [`${mark} ${result.name}${retry}  ${colors.dim(`${where(result.file, result.position)} · virtual ${virtualClock(result.virtualMs)} · real ${realTime(result.realMs)}`)}`]
  for (const step of result.steps) {
    const stepMark = step.status === 'passed' ? colors.green('✓') : colors.red('✗')
    lines.push(`    ${stepMark} ${step.source}  ${colors.dim(`+${virtualClock(step.virtualMs)} · ${realTime(step.realMs)}`)}`)
  }
  const failure = result.failure
  if (failure) {
    lines.push('', `  ${colors.red('✗')} ${colors.bold(where(result.file, failure.position))}  ${failure.step ?? '(before the first step)'}`)
    lines.push(`    Expected: ${failure.expected}`, `    Found:    ${failure.found}`)
    if (failure.url) lines.push(`    URL:      ${failure.url}`)
    if (failure.screen.length > 0) lines.push('    Screen shows:', ...failure.screen.map((line) => `      ${line}`))
    const calls = result.calls.slice(-6).map((call) => `${call.method} ${call.path} ${call.status === 0 ? 'network error' : call.status} (+${call.at} ms)`)
    lines.push(`    Last provider calls: ${calls.join(' · ') || 'none'}`)
    if (failure.events.length > 0) lines.push(`    Events: ${failure.events.slice(-10).join(', ')}`)
    if (failure.console.length > 0) lines.push('    Console errors:', ...failure.console.slice(-5).map((line) => `      ${line.split('\n')[0]}`))
    if (artifacts) lines.push(`    Artifacts: ${artifacts}/dom.html, trace.json, calls.json, events.json`)
    lines.push('')
  }
  return lines.join('\n')
}

export function summaryLine(results: readonly ScenarioResult[]): string {
  const count = (status: ScenarioResult['status']) => results.filter((result) => result.status === status).length
  const skipped = count('skipped')
  return `${count('passed')} passed, ${count('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`
}
