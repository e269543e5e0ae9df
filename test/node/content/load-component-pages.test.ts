import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

// Component pages load and render on a thread of their own: a page that ends or stalls it is a diagnostic.
test('a page that calls process.exit(0) while loading fails check and build, and nothing is written', async () => {
  await withFixtureSite('hostile-pages', async (site) => {
    for (const write of [false, true]) {
      // A generous limit: the exit comes at once, and a busy machine must not turn it into a timeout.
      const result = await build({ siteDir: site.dir, write, userCodeTimeLimitMs: 20_000 })
      assert.is(result.exitCode, 1)
      assert.equal(result.diagnostics.map(formatDiagnostic), [
        'content/pages/exits.tsx: error: The page called process.exit(0) while loading. A page must load and render in moments, without ending the process or throwing later. [docsgen:page-render-failed]',
      ])
    }
    assert.equal((await site.list('.')).filter((file) => file.startsWith('build/')), [])
  })
})

test('a page that never finishes rendering is stopped at the time limit', async () => {
  await withFixtureSite('hostile-pages', async (site) => {
    await rm(join(site.dir, 'content/pages/exits.tsx'))
    // Loading it is fine, so check passes: rendering is what never ends.
    assert.is((await build({ siteDir: site.dir, write: false, userCodeTimeLimitMs: 20_000 })).exitCode, 0)
    // Long enough for loading on a busy machine, short enough for a test that waits it out.
    const result = await build({ siteDir: site.dir, userCodeTimeLimitMs: 2_000 })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/pages/loops.tsx: error: The page did not finish rendering within 2 s. A page must load and render in moments, without ending the process or throwing later. [docsgen:page-render-failed]',
    ])
    assert.equal((await site.list('.')).filter((file) => file.startsWith('build/')), [])
  })
})

test('a page exported through memo(…) renders; a default export that is not a component (an element) is a diagnostic', async () => {
  await withFixtureSite('hostile-pages', async (site) => {
    await writeFile(join(site.dir, 'content/pages/exits.tsx'), "import { memo } from 'react'\nexport default memo(function Kept() { return <p>Kept.</p> })\n")
    await writeFile(join(site.dir, 'content/pages/loops.tsx'), 'export default <p>An element, not a component</p>\n')
    const result = await build({ siteDir: site.dir, userCodeTimeLimitMs: 20_000 })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/pages/loops.tsx:1:1: error: The page has no default export, so there is nothing to render. Export the page component as the default: `export default function Page() { … }`. [docsgen:page-default-export]',
    ])
    await rm(join(site.dir, 'content/pages/loops.tsx'))
    assert.equal((await build({ siteDir: site.dir, userCodeTimeLimitMs: 20_000 })).diagnostics, [])
    assert.ok((await site.read('build/exits.html')).includes('<p>Kept.</p>'))
  })
})

test.run()
