/**
 * The CLI as it ships: `scripts/compile.mjs` (what `npm ci` runs) bundles it, and `bin/docsgen.js`
 * runs the bundle. Every path the code finds from import.meta.url (the theme's stylesheet, the
 * worker entries, package.json) must resolve as it does from src/, so a site built by the bundled
 * CLI, and by the compiled API on worker threads, is the site built from source, byte for byte.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'acorn'
import { fullAncestor } from 'acorn-walk'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { fixtureSite, type FixtureSite } from '../helpers/fixture-site.js'

const repository = new URL('../..', import.meta.url).pathname

async function tree(site: FixtureSite): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const folder of ['build', '.docsgen/private']) {
    for (const file of await site.list(folder)) files[`${folder}/${file}`] = await readFile(join(site.dir, folder, file), 'latin1')
  }
  return files
}

test('the bundled CLI and the compiled API on worker threads build the site that src/ builds, byte for byte', async () => {
  execFileSync(process.execPath, [join(repository, 'scripts', 'compile.mjs')], { stdio: 'inherit' })
  const sites = await Promise.all([fixtureSite('basic-site'), fixtureSite('basic-site'), fixtureSite('basic-site')])
  const [fromSource, fromCli, fromWorkers] = sites as [FixtureSite, FixtureSite, FixtureSite]
  try {
    assert.is((await build({ siteDir: fromSource.dir, threads: 1 })).exitCode, 0)

    const cli = spawnSync(process.execPath, [join(repository, 'bin', 'docsgen.js'), 'build', fromCli.dir, '--no-color'], { encoding: 'utf8' })
    assert.is(cli.status, 0, cli.stderr)
    assert.match(cli.stdout, /✔ config {4}site\.config\.ts, 1 private rules/)

    // Two threads: the parse and render workers start from their bundled entries in dist/.
    const script = `import(${JSON.stringify(join(repository, 'dist', 'node', 'build.js'))})
      .then(({ build }) => build({ siteDir: ${JSON.stringify(fromWorkers.dir)}, threads: 2 }))
      .then((result) => process.stdout.write(String(result.exitCode)))`
    const api = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    assert.is(api.stdout.trim(), '0', api.stderr)

    const expected = await tree(fromSource)
    assert.ok(Object.keys(expected).some((file) => file.startsWith('.docsgen/private/')), 'the fixture has private pages')
    assert.equal(await tree(fromCli), expected)
    assert.equal(await tree(fromWorkers), expected)
  } finally {
    await Promise.all(sites.map((site) => site.remove()))
  }
})

/** Awaits outside any function: at the module's own top level. */
function topLevelAwaits(source: string): number {
  let awaits = 0
  fullAncestor(parse(source, { ecmaVersion: 'latest', sourceType: 'module' }), (node, _state, ancestors) => {
    const awaiting = node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && (node as { await?: boolean }).await === true)
    if (awaiting && !ancestors.some((ancestor) => /Function/.test(ancestor.type))) awaits++
  })
  return awaits
}

// Node 24 aborted the whole process (a V8 check in AsyncModuleExecutionFulfilled) when a bundled
// worker entry ended while it was still evaluating asynchronously.
test('no worker entry of the bundle awaits at its top level', async () => {
  const entries = (await readdir(join(repository, 'dist', 'bin'))).filter((file) => file.endsWith('-worker.js'))
  assert.ok(entries.length >= 10, entries.join(', '))
  for (const entry of entries) assert.is(topLevelAwaits(await readFile(join(repository, 'dist', 'bin', entry), 'utf8')), 0, entry)
})

test('docsgen --help from the bundle lists every command', () => {
  const help = spawnSync(process.execPath, [join(repository, 'bin', 'docsgen.js'), '--help'], { encoding: 'utf8' })
  assert.is(help.status, 0, help.stderr)
  for (const command of ['build [options] [siteDir]', 'check [options] [siteDir]', 'provider [options]', 'harness [options] [files...]']) assert.match(help.stdout, command)
})

test.run()
