import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeClientBundle } from '../../../src/node/bundle/bundle-client.js'
import { prebuildBundles } from '../../../src/node/bundle/prebuild-bundles.js'
import { prebuilt, savePrebuilt, type Made } from '../../../src/node/bundle/prebuilt-bundle.js'
import { minifiedInfimaCompat, minifiedStyles } from '../../../src/node/render/theme-stylesheet.js'

const source = fileURLToPath(new URL('../../../src/client/theme/base.css', import.meta.url))

async function withFolder(run: (folder: string) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'docsgen-prebuilt-'))
  try {
    await run(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** A maker that counts its calls. */
function maker<T>(value: T, sources: readonly string[] = [source]) {
  const calls = { count: 0 }
  const make = async (): Promise<Made<T>> => {
    calls.count++
    return { value, sources }
  }
  return { make, calls }
}

test('a saved copy whose sources are unchanged is read back, bytes and all, without making it again', async () => {
  await withFolder(async (folder) => {
    const value = { name: 'runtime-ABC.js', contents: new Uint8Array([0, 1, 254, 255]), size: 4 }
    await savePrebuilt('thing', { value, sources: [source] }, folder)
    const { make, calls } = maker({ name: 'fresh', contents: new Uint8Array(), size: 0 })
    assert.equal(await prebuilt('thing', make, folder), value)
    assert.is(calls.count, 0)
  })
})

test('a changed or missing source, or no saved copy, makes the bundle afresh', async () => {
  await withFolder(async (folder) => {
    const { make, calls } = maker('fresh')
    assert.is(await prebuilt('absent', make, folder), 'fresh')
    await savePrebuilt('stale', { value: 'saved', sources: [source] }, folder)
    const file = join(folder, 'stale.json')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { sources: Record<string, string> }
    assert.equal(Object.keys(saved.sources), ['src/client/theme/base.css'])
    await writeFile(file, JSON.stringify({ ...saved, sources: { 'src/client/theme/base.css': 'another-hash' } }))
    assert.is(await prebuilt('stale', make, folder), 'fresh')
    await writeFile(file, JSON.stringify({ ...saved, sources: { ...saved.sources, 'src/client/theme/gone.css': 'a-hash' } }))
    assert.is(await prebuilt('stale', make, folder), 'fresh')
    assert.is(calls.count, 3)
  })
})

test('files of bundled packages are not recorded as sources: the lock file pins them', async () => {
  await withFolder(async (folder) => {
    const reactFile = fileURLToPath(new URL('../../../node_modules/react/index.js', import.meta.url))
    await savePrebuilt('with-package', { value: 1, sources: [source, reactFile] }, folder)
    const saved = JSON.parse(await readFile(join(folder, 'with-package.json'), 'utf8')) as { sources: Record<string, string> }
    assert.equal(Object.keys(saved.sources), ['src/client/theme/base.css'])
  })
})

test('what the compile saves is what a build makes afresh', async () => {
  await withFolder(async (folder) => {
    await prebuildBundles(folder)
    const unused = async (): Promise<never> => {
      throw new Error('made afresh')
    }
    assert.equal(await prebuilt('client', unused, folder), (await makeClientBundle()).value)
    assert.is(await prebuilt('stylesheet', unused, folder), (await minifiedStyles()).value)
    assert.is(await prebuilt('infima-compat', unused, folder), (await minifiedInfimaCompat()).value)
    for (const name of ['widget', 'sign-in-shell']) assert.ok(await prebuilt(name, unused, folder), name)
  })
})

test.run()
