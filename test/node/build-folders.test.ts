/**
 * The output, private, spare and cache folders, static/, content/ and the site folder never
 * contain each other, whatever --out-dir and --private-dir say, links included.
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { withFixtureSite } from '../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)
const fix =
  'Point --out-dir and --private-dir at two separate folders, neither inside the other nor inside content/, static/, .docsgen/spare or .docsgen/cache (the defaults are build and .docsgen/private).'

test('--out-dir .docsgen/spare, run twice, never puts private pages in the deployable folder', async () => {
  await withFixtureSite('basic-site', async (site) => {
    for (let run = 0; run < 2; run++) {
      const result = await build({ siteDir: site.dir, outDir: '.docsgen/spare' })
      assert.is(result.exitCode, 2)
      assert.equal(messages(result), [
        `.: error: The output folder ".docsgen/spare" is the spare folder ".docsgen/spare", where the last output, private pages included, is kept for the next build. ${fix} [docsgen:config-invalid]`,
      ])
    }
    assert.not.ok(existsSync(join(site.dir, '.docsgen')))
  })
})

test('--private-dir static/private is refused: static/ is published as it is', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir, privateDir: 'static/private' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      `.: error: The private folder "static/private" is inside the static folder "static", whose files are published as they are. ${fix} [docsgen:config-invalid]`,
    ])
    assert.not.ok(existsSync(join(site.dir, 'static/private')))
  })
})

test("the folders a site's config reads from count too: a VitePress site's public/, a Docusaurus site's docs/", async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const result = await build({ siteDir: site.dir, privateDir: 'public/members' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result).filter((message) => message.includes(' error: ')), [
      '.: error: The private folder "public/members" is inside the static folder "public", whose files are published as they are. Point --out-dir and --private-dir at two separate folders, neither inside the other nor inside public/, .docsgen/spare or .docsgen/cache (the defaults are build and .docsgen/private). [docsgen:config-invalid]',
    ])
    assert.not.ok(existsSync(join(site.dir, 'public/members')))
  })
  await withFixtureSite('docusaurus-site', async (site) => {
    const result = await build({ siteDir: site.dir, outDir: 'docs/out' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result).filter((message) => message.includes(' error: ')), [
      '.: error: The output folder "docs/out" is inside the content folder "docs", whose files are read as pages. Point --out-dir and --private-dir at two separate folders, neither inside the other nor inside docs/, versioned_docs/version-1.0/, blog/, src/pages/, static/, .docsgen/spare or .docsgen/cache (the defaults are build and .docsgen/private). [docsgen:config-invalid]',
    ])
    assert.not.ok(existsSync(join(site.dir, 'docs/out')))
  })
})

test('each flag folder is checked against every other folder; one that holds the whole site is named once', async () => {
  await withFixtureSite('basic-site', async (site) => {
    // The site one level down, so a folder that holds it is still inside the test's own folder.
    const inner = join(site.dir, 'inner')
    await cp(join(site.dir, 'content'), join(inner, 'content'), { recursive: true })
    const result = await build({ siteDir: inner, outDir: '..', privateDir: 'content/docs/hidden' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      `.: error: The output folder "${site.dir}" contains the site folder ".", which holds the sources. ${fix} [docsgen:config-invalid]`,
      `.: error: The private folder "content/docs/hidden" is inside the content folder "content", whose files are read as pages. ${fix} [docsgen:config-invalid]`,
    ])
    assert.ok(existsSync(join(inner, 'content/docs/Guides/intro.md')))
    const same = await build({ siteDir: site.dir, outDir: 'out', privateDir: 'out/private' })
    assert.equal(messages(same), [
      `.: error: The output folder "out" contains the private folder "out/private", whose pages must never be deployed. ${fix} [docsgen:config-invalid]`,
    ])
    const cache = await build({ siteDir: site.dir, outDir: '.docsgen' })
    assert.equal(messages(cache), [
      `.: error: The output folder ".docsgen" contains the cache folder ".docsgen/cache", where compiled pages are kept. ${fix} [docsgen:config-invalid]`,
      `.: error: The output folder ".docsgen" contains the private folder ".docsgen/private", whose pages must never be deployed. ${fix} [docsgen:config-invalid]`,
      `.: error: The output folder ".docsgen" contains the spare folder ".docsgen/spare", where the last output, private pages included, is kept for the next build. ${fix} [docsgen:config-invalid]`,
    ])
  })
})

test('a written folder may not be, or hold, the home folder', async () => {
  // A home folder of the test's own, beside the site (the real one may hold the temporary folder).
  const home = await mkdtemp(join(tmpdir(), 'docsgen-home-'))
  const before = process.env.HOME
  process.env.HOME = home
  try {
    await withFixtureSite('basic-site', async (site) => {
      const result = await build({ siteDir: site.dir, privateDir: home, write: false })
      assert.equal(messages(result), [
        `.: error: The private folder "${home}" is the home folder "${home}", which the build would swap away and later empty. ${fix} [docsgen:config-invalid]`,
      ])
    })
  } finally {
    process.env.HOME = before
    await rm(home, { recursive: true, force: true })
  }
})

test('folders are compared by their real paths: an output folder linked to the private folder is refused', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await mkdir(join(site.dir, '.docsgen/private'), { recursive: true })
    await symlink(join(site.dir, '.docsgen/private'), join(site.dir, 'public'), 'dir')
    const result = await build({ siteDir: site.dir, outDir: 'public/site' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      `.: error: The output folder "public/site" (really ".docsgen/private/site") is inside the private folder ".docsgen/private", whose pages must never be deployed. ${fix} [docsgen:config-invalid]`,
    ])
  })
})

test('folders outside the site, and the defaults, are fine', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: join(site.dir, 'content/..'), outDir: join(site.dir, '../docsgen-out-elsewhere'), write: false })
    assert.is(result.exitCode, 0)
    assert.is((await build({ siteDir: site.dir, write: false })).exitCode, 0)
  })
})

test('a link left in an earlier output is never followed when the next build writes into it', async () => {
  const outside = await mkdtemp(join(tmpdir(), 'docsgen-outside-'))
  try {
    await withFixtureSite('basic-site', async (site) => {
      assert.is((await build({ siteDir: site.dir })).exitCode, 0)
      // Someone (or a deploy step) links a folder of the output elsewhere; the output becomes the spare the third build writes into.
      await rm(join(site.dir, 'build/docs/Guides'), { recursive: true })
      await symlink(outside, join(site.dir, 'build/docs/Guides'), 'dir')
      assert.is((await build({ siteDir: site.dir })).exitCode, 0)
      assert.is((await build({ siteDir: site.dir })).exitCode, 0)
      assert.equal(await readdir(outside), [])
      assert.ok(existsSync(join(site.dir, 'build/docs/Guides/intro.html')))
      // The same for an output folder that was itself a link when it became the spare.
      await rm(join(site.dir, 'build'), { recursive: true })
      await symlink(outside, join(site.dir, 'build'), 'dir')
      for (let run = 0; run < 2; run++) assert.is((await build({ siteDir: site.dir })).exitCode, 0)
      assert.equal(await readdir(outside), [])
    })
  } finally {
    await rm(outside, { recursive: true, force: true })
  }
})

test.run()
