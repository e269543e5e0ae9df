/** Where a build stages its output: into the spares of the last build, or, for a large site rendered whole, into new folders. */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { discardSite, freshStagingRoutes, stageSite } from '../../../src/node/write/publish-site.js'

/** A site folder whose last builds left an output and both spares, each holding one page. */
async function withSpares(run: (dirs: { out: string; private: string; spare: string }) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-stage-'))
  const dirs = { out: join(root, 'build'), private: join(root, '.docsgen', 'private'), spare: join(root, '.docsgen', 'spare') }
  try {
    for (const folder of [dirs.out, join(dirs.spare, 'public'), join(dirs.spare, 'private')]) {
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, 'page.html'), `<p>${folder}</p>`)
    }
    await run(dirs)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

test('a site rendered whole stages into the spares below freshStagingRoutes routes, and whenever pages are kept from the last output', async () => {
  for (const site of [
    { routes: freshStagingRoutes - 1, renderAll: true },
    { routes: freshStagingRoutes * 5, renderAll: false },
  ]) {
    await withSpares(async (dirs) => {
      const staging = await stageSite(dirs.out, dirs.private, dirs.spare, site)
      assert.ok(staging.public.reused && staging.private.reused, JSON.stringify(site))
      assert.is(await readFile(join(staging.public.dir, 'page.html'), 'utf8'), `<p>${join(dirs.spare, 'public')}</p>`)
      await discardSite(staging)
    })
  }
})

test('a large site rendered whole stages into new folders and sets its spares aside (removed once its pages are written), never writing over them', async () => {
  await withSpares(async (dirs) => {
    const staging = await stageSite(dirs.out, dirs.private, dirs.spare, { routes: freshStagingRoutes, renderAll: true })
    assert.not.ok(staging.public.reused || staging.private.reused)
    assert.equal(await readdir(staging.public.dir), [])
    assert.equal(await readdir(staging.private.dir), [])
    const aside = (await readdir(dirs.spare)).filter((name) => name.startsWith('discarded-'))
    assert.is(aside.length, 1)
    assert.equal((await readdir(join(dirs.spare, aside[0]!))).sort(), ['0', '1'])
    assert.not.ok(existsSync(join(dirs.spare, 'public')) || existsSync(join(dirs.spare, 'private')))
    // The last output is untouched.
    assert.is(await readFile(join(dirs.out, 'page.html'), 'utf8'), `<p>${dirs.out}</p>`)
    await discardSite(staging)
  })
})

test.run()
