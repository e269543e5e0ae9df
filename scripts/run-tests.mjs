#!/usr/bin/env node
// Runs every test file (test/**/*.test.ts[x]) with uvu under tsx, passes its output through, and
// ends with the plain closing line CI reads: "tests: N passed, N failed, N skipped". Each failure's
// report is repeated just above that line, because CI logs often keep only their last lines.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const uvu = join(dirname(dirname(require.resolve('uvu'))), 'bin.js')
const pattern = process.argv[2] ?? '\\.test\\.tsx?$'
const child = spawn(process.execPath, ['--import', 'tsx', uvu, 'test', pattern], { stdio: ['inherit', 'pipe', 'inherit'] })

let output = ''
child.stdout.on('data', (chunk) => {
  output += chunk
  process.stdout.write(chunk)
})
child.on('close', (code) => {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0)
  const total = count('Total')
  const passed = count('Passed')
  const skipped = count('Skipped')
  const failures = failureReports(plain)
  if (failures.length > 0) console.log(`\nfailed tests, repeated:\n${failures.join('\n')}`)
  console.log(`\ntests: ${passed} passed, ${total - passed - skipped} failed, ${skipped} skipped`)
  process.exitCode = code ?? 1
  if (total === 0) {
    console.error('No test ran: check the test file pattern.')
    process.exitCode = 1
  }
})

/** Each "FAIL" block uvu printed, up to the next test file's heading or the totals, at most 40 lines. */
function failureReports(plain) {
  const lines = plain.split('\n')
  const reports = []
  lines.forEach((line, index) => {
    if (!line.includes(' FAIL ')) return
    const report = [line]
    for (const next of lines.slice(index + 1, index + 40)) {
      if (next.includes(' FAIL ') || /\.test\.tsx?$/.test(next.trim()) || /^\s+Total:/.test(next)) break
      report.push(next)
    }
    reports.push(report.join('\n').trimEnd())
  })
  return reports
}
