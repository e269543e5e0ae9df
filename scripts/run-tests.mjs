#!/usr/bin/env node
// Runs every test file (test/**/*.test.ts[x]) with uvu under tsx, passes its output through, and
// ends with the plain closing line CI reads: "tests: N passed, N failed, N skipped".
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
  console.log(`\ntests: ${passed} passed, ${total - passed - skipped} failed, ${skipped} skipped`)
  process.exitCode = code ?? 1
  if (total === 0) {
    console.error('No test ran: check the test file pattern.')
    process.exitCode = 1
  }
})
