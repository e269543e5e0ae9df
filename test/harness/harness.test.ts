import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runHarness } from '../../harness/index.js'
import { main } from '../../src/cli/main.js'

const root = new URL('../..', import.meta.url).pathname
const capture = () => {
  const out: string[] = []
  return { out, write: (text: string) => void out.push(text), text: () => out.join('') }
}

test('every shipped scenario passes (npm test runs them all)', async () => {
  const output = capture()
  const outputDir = mkdtempSync(join(tmpdir(), 'harness-results-'))
  try {
    const result = await runHarness({ paths: ['harness/scenarios'], cwd: root, color: false, write: output.write, outputDir, reporters: ['list', 'junit', 'json'] })
    const failed = result.results.filter((scenario) => scenario.status !== 'passed').map((scenario) => `${scenario.file}: ${scenario.failure?.expected} / ${scenario.failure?.found}`)
    assert.equal(failed, [])
    assert.ok(result.results.length >= 25, `${result.results.length} scenarios`)
    assert.is(result.exitCode, 0)
    assert.match(output.text(), `\n${result.results.length} passed, 0 failed\n`)
    const junit = readFileSync(join(outputDir, 'junit.xml'), 'utf8')
    assert.match(junit, `<testsuites name="docsgen harness" tests="${result.results.length}" failures="0" errors="0" skipped="0"`)
    assert.is(JSON.parse(readFileSync(join(outputDir, 'results.json'), 'utf8')).results.length, result.results.length)
  } finally {
    rmSync(outputDir, { recursive: true, force: true })
  }
})

test('a failing scenario: exit 1, the step at file:line:col, expected and found, the screen, artefacts, JUnit failure', async () => {
  const output = capture()
  const outputDir = mkdtempSync(join(tmpdir(), 'harness-results-'))
  try {
    const result = await runHarness({ paths: ['test/fixtures/harness/failing.yaml'], cwd: root, color: false, write: output.write, outputDir, reporters: ['list', 'junit'], workers: 2, retries: 1 })
    assert.is(result.exitCode, 1)
    const text = output.text()
    assert.match(text, '  ✗ test/fixtures/harness/failing.yaml:8:5  screen: Check your phone\n    Expected: the screen "Check your phone"\n    Found:    headings: "Check your email"\n')
    assert.match(text, '    Screen shows:\n      heading "Check your email"\n')
    assert.match(text, 'Last provider calls: POST /id/v2 200 (+0 ms)')
    assert.match(text, ' (attempt 2)')
    assert.match(text, '\n0 passed, 1 failed\n')
    for (const file of ['dom.html', 'trace.json', 'calls.json', 'events.json']) assert.ok(existsSync(join(outputDir, 'failing', file)), file)
    assert.match(readFileSync(join(outputDir, 'junit.xml'), 'utf8'), '<failure message="test/fixtures/harness/failing.yaml:8:5: expected the screen &quot;Check your phone&quot;; found headings: &quot;Check your email&quot;" type="ScenarioFailure">')
  } finally {
    rmSync(outputDir, { recursive: true, force: true })
  }
})

test('site scripts as a browser runs them: static and dynamic imports share modules, import.meta.url, an unhandled rejection is a console error', async () => {
  const output = capture()
  const outputDir = mkdtempSync(join(tmpdir(), 'harness-results-'))
  try {
    const site = 'test/fixtures/harness/modules-site'
    const result = await runHarness({ paths: ['test/fixtures/harness/modules.yaml'], cwd: root, color: false, write: output.write, outputDir, site: `${site}/built`, siteDir: site })
    const text = output.text()
    for (const step of ['see: static imported', 'click: Load later', 'see: dynamic imported /js/x']) assert.match(text, `    ✓ ${step}  +`)
    assert.match(text, '    ✗ see: the end  +')
    assert.match(text, '    Console errors:\n      Uncaught (in promise) Error: a rejection nobody handles\n')
    assert.is(result.exitCode, 1)
  } finally {
    rmSync(outputDir, { recursive: true, force: true })
  }
})

test('a bad scenario file: exit 2 and every problem at file:line:col with a fix', async () => {
  const output = capture()
  const result = await runHarness({ paths: ['test/fixtures/harness/bad.yaml'], cwd: root, color: false, write: output.write })
  assert.is(result.exitCode, 2)
  assert.is(
    output.text(),
    [
      "error test/fixtures/harness/bad.yaml:4:1: stepz: unknown key 'stepz' Did you mean 'steps'?",
      "error test/fixtures/harness/bad.yaml:6:5: steps[0].fil: unknown step 'fil' Did you mean 'fill'?",
      'error test/fixtures/harness/bad.yaml:7:12: steps[1].click: must be a text, got a list',
      'error test/fixtures/harness/bad.yaml:8:14: steps[2].advance: must be a duration with a unit, such as 30s or 500ms, got 30',
      "error test/fixtures/harness/bad.yaml:9:5: steps[3]: a step is one 'name: value' pair, found see, click Start each step on its own line with '- '.",
      "error test/fixtures/harness/bad.yaml:3:10: fixture: unknown preset 'doc' Did you mean 'docs'?",
      '',
      '6 problems in scenario files; nothing was run.',
      '',
    ].join('\n'),
  )
})

test("site_login: each mistake at file:line:col, with the keys it takes", async () => {
  const output = capture()
  const result = await runHarness({ paths: ['test/fixtures/harness/bad-site-login.yaml'], cwd: root, color: false, write: output.write })
  assert.is(result.exitCode, 2)
  assert.is(
    output.text(),
    [
      "error test/fixtures/harness/bad-site-login.yaml:3:54: site_login.redirect: unknown key 'redirect' in site_login Known keys: forceLogin, uxMode, privateRedirectPath.",
      'error test/fixtures/harness/bad-site-login.yaml:3:27: site_login.forceLogin: must be true or false, got the text "yes please"',
      "error test/fixtures/harness/bad-site-login.yaml:3:47: site_login.uxMode: must be one of 'redirect', 'modal', got 'popup'",
      '',
      '3 problems in scenario files; nothing was run.',
      '',
    ].join('\n'),
  )
})

test('--shard 1/2 and 2/2 add up to the whole set; --list and --grep', async () => {
  const listed = async (args: string[]) => {
    const out: string[] = []
    assert.is(await main(['harness', '--list', ...args], { stdout: (text) => void out.push(text), stderr: () => {} }), 0)
    return out.join('').split('\n').filter((line) => line.startsWith('harness/'))
  }
  const all = await listed(['harness/scenarios'])
  const first = await listed(['harness/scenarios', '--shard', '1/2'])
  const second = await listed(['harness/scenarios', '--shard', '2/2'])
  assert.equal([...first, ...second].sort(), [...all].sort())
  assert.ok(first.length > 0 && second.length > 0)
  const otp = await listed(['harness/scenarios', '--grep', '^OTP by SMS'])
  assert.equal(otp.map((line) => line.split('  ')[0]), ['harness/scenarios/otp-sms-country-code.yaml:1'])
})

test('bad flags are usage errors (exit 2)', async () => {
  const errors: string[] = []
  const output = { stdout: () => {}, stderr: (text: string) => void errors.push(text) }
  assert.is(await main(['harness', '--shard', '3/2'], output), 2)
  assert.is(await main(['harness', '--workers', 'x'], output), 2)
  assert.is(await main(['harness', '--reporter', 'html'], output), 2)
  assert.is(await main(['harness', '--grep', '('], output), 2)
  assert.equal(errors.slice(0, 3), [
    "error: --shard must be i/n with 1 ≤ i ≤ n (such as 1/2), got '3/2'\n",
    "error: --workers must be a whole number from 1 to 64, got 'x'\n",
    "error: unknown reporter 'html'; reporters: list, junit, json\n",
  ])
  const output2 = capture()
  const site = 'test/fixtures/harness/modules-site'
  const missing = await runHarness({ paths: ['test/fixtures/harness/modules.yaml'], cwd: root, color: false, write: output2.write, site: `${site}/built`, privateDir: `${site}/nowhere`, siteDir: site })
  assert.is(missing.exitCode, 2)
  assert.is(output2.text(), 'error --private-dir test/fixtures/harness/modules-site/nowhere: no such folder (the private folder the build of --site wrote)\n')
})

test.run()
