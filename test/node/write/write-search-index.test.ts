/** The search index: built on a thread of its own while the site is parsed and rendered; an index that cannot be written leaves the build without search, with a warning. */
import { mkdirSync, rmSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { startSearchIndex } from '../../../src/node/write/write-search-index.js'
import type { Manifest } from '../../../src/shared/manifest.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import type { SearchFragment, SearchMeta } from '../../../src/shared/search-words.js'
import { plainDisplay } from '../../../src/node/content/content-document.js'
import { withFixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

async function fragments(site: FixtureSite): Promise<SearchFragment[]> {
  const meta = JSON.parse(await site.read('build/_docsgen/search/meta.json')) as SearchMeta
  const folder = join(site.dir, 'build/_docsgen/search', meta.folder, 'p')
  return Promise.all((await readdir(folder)).map(async (file) => JSON.parse(await readFile(join(folder, file), 'utf8')) as SearchFragment))
}

/** Every file of the published index, by path, with its text. */
async function indexFiles(site: FixtureSite): Promise<Map<string, string>> {
  const files = (await site.list('build')).filter((file) => file.startsWith('_docsgen/search/'))
  return new Map(await Promise.all(files.map(async (file) => [file, await site.read(`build/${file}`)] as const)))
}

test('the index holds public docs, Markdown pages and category pages (with their description); never a private route, a component page, a redirect or the 404 page', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    const found = await fragments(site)
    assert.equal(found.map((fragment) => `${fragment.url} ${fragment.title}`).sort(), [
      '/about About',
      '/docs/Guides/Setup/Install%20the%20Server Install the server',
      '/docs/Guides/intro Introduction',
      '/docs/Tools%20%26%20Tips/Shortcuts%20%26%20Tricks Shortcuts & tricks',
      '/docs/category/guides Guides',
      '/docs/category/setup Setup',
    ])
    assert.equal(found.find((fragment) => fragment.url === '/docs/category/guides')!.sections, [['Guides', '', 'Guides for everything.']])
    assert.equal(found.find((fragment) => fragment.url === '/docs/Guides/intro')!.sections, [
      ['Introduction', '', 'Welcome. Read the server guide or tools and tips.'],
      ['First steps', 'first-steps', 'Start here. Tick off the server checklist as you go.'],
      ['A detail', 'a-detail', 'More.'],
    ])
    const meta = JSON.parse(await site.read('build/_docsgen/search/meta.json')) as SearchMeta
    assert.equal({ ...meta, folder: meta.folder.length }, { version: 1, pages: 6, averageLength: 10, folder: 16, shards: 'first-two-chars', split: [], countScale: 4 })
    assert.ok(result.stages.some((stage) => stage.name === 'search' && stage.detail === '6 pages indexed, 41 index files'))
    const config = /<script type="application\/json" id="docsgen-config">(.*?)<\/script>/.exec(await site.read('build/docs/Guides/intro.html'))![1]!
    assert.is(JSON.parse(config).searchModule, '/_docsgen/search/search.js')
    assert.ok((await site.list('build')).includes('_docsgen/search/search.js'))
  })
})

test('no word, title or URL of a private page is in any file of the index', async () => {
  await withFixtureSite('search-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const files = await indexFiles(site)
    assert.ok(files.size > 10)
    for (const [file, text] of files) {
      for (const secret of ['zanzibarite', 'keyholders', 'quokka', 'midnight', 'secret', 'plans']) assert.not.ok(text.toLowerCase().includes(secret), `${secret} in ${file}`)
    }
    // The public pages' words are there.
    assert.ok([...files.values()].some((text) => text.includes('"apache"')))
  })
})

test('the same pages give the same bytes, however many threads parsed them and whenever the index was given them', async () => {
  const indexOf = (options: { threads: number; deferSearchIndex?: boolean }) =>
    withFixtureSite('search-site', async (site) => (assert.is((await build({ siteDir: site.dir, ...options })).exitCode, 0), indexFiles(site)))
  const one = await indexOf({ threads: 1 })
  for (const other of [await indexOf({ threads: 3 }), await indexOf({ threads: 1, deferSearchIndex: true })]) {
    assert.equal([...one.keys()], [...other.keys()])
    for (const [file, text] of one) assert.ok(other.get(file) === text, file)
  }
})

test('a page renamed or deleted leaves the index; the index an incremental build writes is a clean build\'s', async () => {
  const change = async (site: FixtureSite) => {
    await rename(join(site.dir, 'content/docs/powershell.md'), join(site.dir, 'content/docs/pwsh.md'))
    await rm(join(site.dir, 'content/docs/creme.md'))
  }
  const clean = await withFixtureSite('search-site', async (site) => {
    await change(site)
    assert.is((await build({ siteDir: site.dir, cache: false })).exitCode, 0)
    return indexFiles(site)
  })
  await withFixtureSite('search-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const before = await indexFiles(site)
    await change(site)
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const after = await indexFiles(site)
    assert.equal([...after.keys()], [...clean.keys()])
    for (const [file, text] of after) assert.ok(clean.get(file) === text, file)
    assert.not.equal(before.get('_docsgen/search/meta.json'), after.get('_docsgen/search/meta.json'))
    const all = [...after.values()].join('\n')
    assert.not.ok(all.includes('/docs/powershell"'))
    assert.not.ok(/crème|creme|brulee/i.test(all))
    assert.ok(all.includes('/docs/pwsh"'))
  })
})

test('an index that cannot be written: a warning, and no index published', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-search-'))
  try {
    const search = startSearchIndex({ baseUrl: '/', workDir: join(dir, 'work') }, [])
    search.addDocument(documentA)
    assert.is(await search.ready(), true)
    // The output's reserved folder is a file: nothing can be written under it.
    await writeFile(join(dir, '_docsgen'), '')
    const result = await search.finish({ manifest: manifestOf(false), documents: [documentA], probes: [], dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      `site.config.ts: warning: The search index could not be built, so this build has no search: ${nodeError(() => writeUnder(join(dir, '_docsgen/search/.next')))}. Check that the output folder and .docsgen/cache/ can be written and that the disk has room, then build again. [docsgen:search-index-failed]`,
    ])
    assert.equal([result.paths, result.records], [[], 0])
    assert.equal(await readdir(dir), ['_docsgen'], 'the work folder is removed')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('an indexer that cannot start (its work folder cannot be made): pages keep the search box off, and a warning says why', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-search-'))
  try {
    await writeFile(join(dir, 'cache'), '')
    const search = startSearchIndex({ baseUrl: '/', workDir: join(dir, 'cache', 'search') }, [])
    search.addDocument(documentA)
    assert.is(await search.ready(), false)
    const result = await search.finish({ manifest: manifestOf(false), documents: [documentA], probes: [], dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      `site.config.ts: warning: The search index could not be built, so this build has no search: ${nodeError(() => mkdirSync(join(dir, 'cache', 'search'), { recursive: true }))}. Check that the output folder and .docsgen/cache/ can be written and that the disk has room, then build again. [docsgen:search-index-failed]`,
    ])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

/** What Node says when `act` fails: its words differ between its versions. */
/** What the index's writer does first under a folder (Node 20's rmSync fails on a path through a file; Node 24's lets mkdirSync fail). */
function writeUnder(next: string): void {
  rmSync(next, { recursive: true, force: true })
  mkdirSync(join(next, 'w'), { recursive: true })
}

function nodeError(act: () => void): string {
  try {
    act()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a failure')
}

const documentA = { file: 'content/docs/a.md', kind: 'doc', relative: 'a.md', id: 'a', route: '/docs/a', title: 'A', description: undefined, sidebarLabel: undefined, sidebarPosition: undefined, body: { html: '<p>A</p>' }, headings: [], links: [], assets: [], display: plainDisplay } as const

function manifestOf(privateA: boolean): Manifest {
  const route = { path: '/docs/a', kind: 'doc', title: 'A', description: undefined, source: documentA.file, file: 'docs/a.html', headings: [], sidebar: undefined, redirectTo: undefined } as const
  const access = privateA ? { private: true, groups: [], rules: ['/docs/**'] } : { private: false, groups: [], rules: [] }
  return { format: 1, baseUrl: '/', version: { name: 'current', label: 'Next', path: '/docs', mainDoc: 'a', banner: undefined, isLast: true, noIndex: false }, versions: [], routes: [{ ...route, access }], privatePaths: [], sidebars: {}, assets: [] }
}

test('a document sent before the manifest that the manifest makes private stops the index (a docsgen bug: nothing is published)', async () => {
  const search = startSearchIndex({ baseUrl: '/', workDir: join(tmpdir(), `docsgen-search-${process.pid}`) }, [])
  search.addDocument(documentA)
  try {
    await search.finish({ manifest: manifestOf(true), documents: [documentA], probes: [], dir: '/nonexistent' })
    assert.unreachable('finish should have thrown')
  } catch (error) {
    assert.is((error as Error).message, 'docsgen bug: the search index was given ["/docs/a"] and not [], against the manifest')
  }
})

test.run()
