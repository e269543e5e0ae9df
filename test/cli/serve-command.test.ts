import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runServe } from '../../src/cli/run-serve.js'
import { main } from '../../src/cli/main.js'
import { build } from '../../src/node/index.js'
import { fixturesDir, withFixtureSite } from '../helpers/fixture-site.js'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { out, err, output: { stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text) } }
}

test('preview serves an existing build as production would: no reload script, no socket', async () => {
  const { out, output } = capture()
  const site = await runServe({ siteDir: join(fixturesDir, 'serve-output'), watch: false, outDir: '.', privateDir: join(tmpdir(), 'docsgen-none'), port: '0' }, output)
  if (typeof site === 'number') throw new Error('preview did not start')
  try {
    assert.match(out.join(''), `docsgen preview: ${site.url}/\n\n  Serving the build in . as production would (no watching, no reload).\n`)
    const page = await fetch(`${site.url}/docs/x`)
    assert.is(page.status, 200)
    assert.not.match(await page.text(), '<script')
    assert.is((await fetch(`${site.url}/_docsgen/live/reload.js`)).status, 404)
    assert.is((await fetch(`${site.url}/_docsgen/provider/`)).status, 404)
  } finally {
    await site.close()
  }
})

test('preview puts the gate in front of a build with private pages, asking the provider its config names', async () => {
  await withFixtureSite('serve-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const { output } = capture()
    const preview = await runServe({ siteDir: site.dir, watch: false, port: '0' }, output)
    if (typeof preview === 'number') throw new Error('preview did not start')
    try {
      const anonymous = await fetch(`${preview.url}/_docsgen/gate/page/docs/Private/notes`)
      assert.is(anonymous.status, 401)
      assert.is(anonymous.headers.get('vary'), 'Authorization')
      assert.not.match(await anonymous.text(), 'Private notes')
      assert.is((await fetch(`${preview.url}/docs/Private/anything`)).status, 401)
      assert.is((await fetch(`${preview.url}/docs/Guides/other`)).status, 200)
    } finally {
      await preview.close()
    }
  })
})

test('preview without a build says how to make one (exit 2)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-preview-'))
  try {
    const { err, output } = capture()
    assert.is(await main(['preview', dir, '--port', '0'], output), 2)
    assert.is(err.join(''), `error: there is no build in ${join(dir, 'build')} to preview: run docsgen build first (or docsgen serve to build and watch)\n`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('a port in use or a bad --port is a usage error with the whole reason', async () => {
  const { output } = capture()
  const first = await runServe({ siteDir: join(fixturesDir, 'serve-output'), watch: false, outDir: '.', port: '0' }, output)
  if (typeof first === 'number') throw new Error('preview did not start')
  try {
    const port = new URL(first.url).port
    const taken = capture()
    assert.is(await main(['preview', join(fixturesDir, 'serve-output'), '--out-dir', '.', '--port', port], taken.output), 2)
    assert.is(taken.err.join(''), `error: port ${port} on 127.0.0.1 is already in use; choose another with --port, or leave --port out to take the next free one\n`)
  } finally {
    await first.close()
  }
  const bad = capture()
  assert.is(await main(['serve', '--port', 'abc'], bad.output), 2)
  assert.is(bad.err.join(''), "error: --port must be a whole number from 0 to 65535, got 'abc'\n")
})

test('a broken fixture file stops serve before anything starts (exit 2)', async () => {
  const { err, output } = capture()
  const code = await runServe({ siteDir: join(fixturesDir, 'serve-site'), watch: true, fixture: join(fixturesDir, 'serve-site', 'missing.yaml') }, output)
  assert.is(code, 2)
  assert.is(err.join(''), `error: cannot read fixture file '${join(fixturesDir, 'serve-site', 'missing.yaml')}': no such file\n`)
})

test.run()
