/** The search index: built on a thread of its own while the site is parsed and rendered; without an indexer the build still succeeds, without search. */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { startSearchIndex } from '../../../src/node/write/write-search-index.js'
import type { Manifest } from '../../../src/shared/manifest.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { plainDisplay } from '../../../src/node/content/content-document.js'
import { fixturesDir, withFixtureSite } from '../../helpers/fixture-site.js'

test('the index holds public docs, Markdown pages and category pages (with their description); never a private route, a component page, a redirect or the 404 page', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    const folder = join(site.dir, 'build/_docsgen/search/fragment')
    // Each page's fragment: gzip of "pagefind_dcd" and its JSON (url, content, title).
    const fragments = await Promise.all((await readdir(folder)).map(async (file) => JSON.parse(gunzipSync(await readFile(join(folder, file))).toString('utf8').replace(/^pagefind_dcd/, '')) as { url: string; content: string; meta: { title: string } }))
    assert.equal(fragments.map((fragment) => `${fragment.url} ${fragment.meta.title}`).sort(), [
      '/about About',
      '/docs/Guides/Setup/Install%20the%20Server Install the server',
      '/docs/Guides/intro Introduction',
      '/docs/Tools%20%26%20Tips/Shortcuts%20%26%20Tricks Shortcuts & tricks',
      '/docs/category/guides Guides',
      '/docs/category/setup Setup',
    ])
    assert.match(fragments.find((fragment) => fragment.url === '/docs/category/guides')!.content, 'Guides for everything.')
    assert.ok(result.stages.some((stage) => stage.name === 'search' && stage.detail === '6 pages indexed, 13 index files'))
  })
})

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

test('an indexer killed while it works (as when memory runs out): the build ends with a warning, without search, instead of waiting for it forever', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const saved = process.env.PAGEFIND_EXTENDED_BINARY_PATH
    process.env.PAGEFIND_EXTENDED_BINARY_PATH = join(fixturesDir, 'killed-indexer', 'pagefind')
    try {
      const result = await build({ siteDir: site.dir })
      assert.is(result.exitCode, 0)
      assert.equal(result.diagnostics.filter((item) => item.ruleId === 'search-index-failed').map(formatDiagnostic), [
        'site.config.ts: warning: The search index could not be built, so this build has no search: the indexer was stopped by signal SIGKILL. The system stops a process this way when memory runs out: build where more memory is free, or with less to index (unlisted pages are not indexed). [docsgen:search-index-failed]',
      ])
      assert.not.ok((await site.list('build')).some((file) => file.startsWith('_docsgen/search/')))
    } finally {
      if (saved === undefined) delete process.env.PAGEFIND_EXTENDED_BINARY_PATH
      else process.env.PAGEFIND_EXTENDED_BINARY_PATH = saved
    }
  })
})

test('a document sent before the manifest that the manifest makes private stops the index (a docsgen bug: nothing is published)', async () => {
  const search = startSearchIndex({ baseUrl: '/', lang: 'en' }, [])
  const document = { file: 'content/docs/a.md', kind: 'doc', relative: 'a.md', id: 'a', route: '/docs/a', title: 'A', description: undefined, sidebarLabel: undefined, sidebarPosition: undefined, body: { html: '<p>A</p>' }, headings: [], links: [], assets: [], display: plainDisplay } as const
  search.addDocument(document)
  const route = { path: '/docs/a', kind: 'doc', title: 'A', description: undefined, source: document.file, file: 'docs/a.html', headings: [], sidebar: undefined, redirectTo: undefined } as const
  const manifest: Manifest = { format: 1, baseUrl: '/', version: { name: 'current', label: 'Next', path: '/docs', mainDoc: 'a', banner: undefined, isLast: true, noIndex: false }, versions: [], routes: [{ ...route, access: { private: true, groups: [], rules: ['/docs/**'] } }], privatePaths: [], sidebars: {}, assets: [] }
  try {
    await search.finish({ manifest, documents: [document], probes: [], dir: '/nonexistent' })
    assert.unreachable('finish should have thrown')
  } catch (error) {
    assert.is((error as Error).message, 'docsgen bug: the search index was given ["/docs/a"] and not [], against the manifest')
  }
})

test.run()
