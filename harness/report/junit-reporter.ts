/** JUnit XML, as CI tools read it: one testsuite per scenario file, one testcase per scenario, the failure's details as text. */
import type { ScenarioResult } from '../runner/results.js'

const escape = (text: string) =>
  text
    // XML 1.0 cannot carry most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

const seconds = (ms: number) => (ms / 1000).toFixed(3)

export function junitXML(results: readonly ScenarioResult[]): string {
  const files = [...new Set(results.map((result) => result.file))]
  const suites = files.map((file) => {
    const cases = results.filter((result) => result.file === file)
    const failures = cases.filter((result) => result.status === 'failed').length
    const skipped = cases.filter((result) => result.status === 'skipped').length
    const time = cases.reduce((sum, result) => sum + result.realMs, 0)
    const body = cases.map((result) => {
      const open = `    <testcase classname="${escape(file)}" name="${escape(result.name)}" time="${seconds(result.realMs)}">`
      const steps = result.steps.map((step) => `${step.status === 'passed' ? 'ok  ' : 'FAIL'} ${step.source} (virtual +${step.virtualMs} ms, real ${Math.round(step.realMs)} ms)`).join('\n')
      const out = `      <system-out>${escape(`virtual time ${result.virtualMs} ms\n${steps}`)}</system-out>`
      if (result.status === 'skipped') return `${open}\n      <skipped/>\n    </testcase>`
      if (!result.failure) return `${open}\n${out}\n    </testcase>`
      const f = result.failure
      const position = f.position ? `${file}:${f.position.line}:${f.position.column}` : file
      const detail = [`${position}  ${f.step ?? ''}`, `Expected: ${f.expected}`, `Found: ${f.found}`, 'Screen shows:', ...f.screen.map((line) => `  ${line}`)].join('\n')
      return `${open}\n      <failure message="${escape(`${position}: expected ${f.expected}; found ${f.found}`)}" type="ScenarioFailure">${escape(detail)}</failure>\n${out}\n    </testcase>`
    })
    return `  <testsuite name="${escape(file)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">\n${body.join('\n')}\n  </testsuite>`
  })
  const total = (status: ScenarioResult['status']) => results.filter((result) => result.status === status).length
  const time = results.reduce((sum, result) => sum + result.realMs, 0)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="docsgen harness" tests="${results.length}" failures="${total('failed')}" errors="0" skipped="${total('skipped')}" time="${seconds(time)}">\n${suites.join('\n')}\n</testsuites>\n`
}
