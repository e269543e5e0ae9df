/** The search index: built on a thread of its own while pages render; without an indexer the build still succeeds, without search. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('an indexer that cannot start: a warning, pages whose search box stays off, and no index published', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const saved = process.env.PAGEFIND_EXTENDED_BINARY_PATH
    // The indexer's package reads this variable first; a path that is no program fails as a missing binary would.
    process.env.PAGEFIND_EXTENDED_BINARY_PATH = `${site.dir}/no-such-indexer`
    try {
      const result = await build({ siteDir: site.dir })
      assert.is(result.exitCode, 0)
      const warnings = result.diagnostics.filter((item) => item.ruleId === 'search-index-failed').map(formatDiagnostic)
      assert.equal(warnings, [
        `site.config.ts: warning: The search index could not be built, so this build has no search: spawn ${site.dir}/no-such-indexer ENOENT. Reinstall the dependencies (npm ci) so that the search indexer for this platform is present. [docsgen:search-index-failed]`,
      ])
      assert.not.ok((await site.list('build')).some((file) => file.startsWith('_docsgen/search/')))
      const config = /<script type="application\/json" id="docsgen-config">(.*?)<\/script>/.exec(await site.read('build/docs/Guides/intro.html'))![1]!
      assert.is(JSON.parse(config).searchModule, undefined)
    } finally {
      if (saved === undefined) delete process.env.PAGEFIND_EXTENDED_BINARY_PATH
      else process.env.PAGEFIND_EXTENDED_BINARY_PATH = saved
    }
  })
})

test.run()
