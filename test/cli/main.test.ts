import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { main } from '../../src/cli/main.js'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, output: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) } }
}

test('an unknown command is a usage error (exit 2) with a message', async () => {
  const { err, output } = capture()
  const code = await main(['biuld'], output)
  assert.is(code, 2)
  assert.match(err.join(''), "error: unknown command 'biuld'")
})

test('--version prints the package version and exits 0', async () => {
  const { out, output } = capture()
  assert.is(await main(['--version'], output), 0)
  assert.is(out.join(''), '0.1.0\n')
})

test.run()
