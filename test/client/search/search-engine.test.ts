/**
 * The search module a site publishes, as built: the test builds the search fixture and imports
 * the module from the built folder, its fetches answered from the files beside it.
 */
import { copyFile, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { createSearchIndexBuilder } from '../../../src/node/write/search-index-builder.js'
import type { SearchHit, SearchResult } from '../../../src/client/search/search-engine.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

interface Engine {
  options(values: object): Promise<void>
  init(): Promise<void>
  search(query: string): Promise<{ results: readonly SearchResult[] }>
}

const engine = suite<{ site: FixtureSite; engine: Engine; fetched: string[]; fetch: typeof fetch }>('search engine')

engine.before(async (context) => {
  context.site = await fixtureSite('search-site')
  const result = await build({ siteDir: context.site.dir })
  assert.is(result.exitCode, 0)
  const folder = join(context.site.dir, 'build/_docsgen/search')
  // A name of its own, so Node reads it as an ES module whatever the folder's package says.
  await copyFile(join(folder, 'search.js'), join(folder, 'search-module.mjs'))
  context.fetched = []
  context.fetch = globalThis.fetch
  globalThis.fetch = async (url: string | URL | Request) => {
    const path = fileURLToPath(String(url))
    context.fetched.push(relative(folder, path))
    try {
      return new Response(await readFile(path))
    } catch {
      return new Response('not found', { status: 404 })
    }
  }
  context.engine = (await import(pathToFileURL(join(folder, 'search-module.mjs')).href)) as Engine
  await context.engine.options({ excerptLength: 18 })
  await context.engine.init()
})

engine.after(async (context) => {
  globalThis.fetch = context.fetch
  await context.site.remove()
})

async function hits(context: { engine: Engine }, query: string): Promise<SearchHit[]> {
  return Promise.all((await context.engine.search(query)).results.map((result) => result.data()))
}
const titles = async (context: { engine: Engine }, query: string) => (await hits(context, query)).map((hit) => hit.meta.title)

engine('a search downloads the meta file, one shard per word and the shown pages\' fragments only', async (context) => {
  context.fetched.length = 0
  const found = await context.engine.search('firewall ufw')
  assert.is(found.results.length, 1)
  assert.equal(context.fetched.map((path) => path.replace(/^[0-9a-f]{16}\//, '<index>/')).sort(), ['<index>/w/66-69.json', '<index>/w/75-66.json'])
  context.fetched.length = 0
  assert.is((await context.engine.search('firewall ufw machine')).results.length, 1)
  assert.equal(context.fetched.map((path) => path.replace(/^[0-9a-f]{16}\//, '<index>/')), ['<index>/w/6d-61.json'], 'shards already fetched are not fetched again')
  context.fetched.length = 0
  await (await context.engine.search('PowerShell')).results[0]!.data()
  assert.equal(context.fetched.map((path) => path.replace(/^[0-9a-f]{16}\//, '<index>/')), ['<index>/w/70-6f.json', '<index>/p/4.json'])
  assert.equal(await titles(context, 'x'), [])
  assert.equal(await titles(context, '  ,; '), [])
})

engine('a word in the title ranks its page above pages that only mention it; the section found is named with its anchor', async (context) => {
  const [first, second] = await hits(context, 'apache')
  assert.is(first!.meta.title, 'Set up an Apache server')
  assert.is(first!.url, '/docs/apache')
  assert.equal(
    first!.sub_results.map((sub) => [sub.title, sub.url]),
    [
      ['Set up an Apache server', '/docs/apache'],
      ['Firewall', '/docs/apache#firewall'],
      ['Install', '/docs/apache#install'],
    ],
  )
  assert.is(second!.meta.title, 'Introduction')
  assert.is(second!.excerpt, 'Welcome to the fixture. It mentions <mark>apache</mark> once, in passing.')
})

engine('every word of a query must be on the page; each matches as the start of a word', async (context) => {
  assert.equal(await titles(context, 'install'), ['Set up an Apache server', 'PowerShell'])
  assert.equal(await titles(context, 'install windows'), ['PowerShell'])
  assert.equal(await titles(context, 'install zebra'), [])
  const powershell = (await hits(context, 'instal')).find((hit) => hit.meta.title === 'PowerShell')
  assert.is(powershell!.excerpt, 'Scripts for Windows machines. <mark>Installing</mark> modules is covered below.')
  assert.equal(powershell!.sub_results.map((sub) => [sub.url, sub.excerpt]), [
    ['/docs/powershell', 'Scripts for Windows machines. <mark>Installing</mark> modules is covered below.'],
    ['/docs/powershell#which-powershell', 'There are two editions, and <mark>installation</mark> differs between them.'],
  ])
})

engine('diacritics are folded in the index and in queries', async (context) => {
  assert.equal(await titles(context, 'creme brulee'), ['Crème brûlée'])
  assert.equal(await titles(context, 'CRÈME naive uber'), ['Crème brûlée'])
  assert.is((await hits(context, 'cafe'))[0]!.excerpt, 'A dessert for the Über-admins of the <mark>Café</mark>. Naïve cooks burn the sugar.')
})

engine('Chinese, Japanese and Korean text is found by pairs of characters', async (context) => {
  assert.equal(await titles(context, '京都'), ['天気予報'])
  assert.equal(await titles(context, '東京都の天気'), ['天気予報'])
  assert.equal(await titles(context, 'カタカナ'), ['天気予報'])
  assert.equal(await titles(context, '서울'), ['天気予報'])
  assert.equal(await titles(context, '大阪'), [])
  const [tokyo] = await hits(context, '京都')
  assert.is(tokyo!.excerpt, '東<mark>京都</mark>の天気は晴れです。カタカナもあります。')
  assert.equal((await hits(context, '서울'))[0]!.sub_results.map((sub) => sub.url), ['/docs/tokyo#한국어'])
})

engine('excerpts escape the indexed text: only the marks are markup', async (context) => {
  const [hit] = await hits(context, 'cartoon')
  assert.is(hit!.meta.title, 'Tom & Jerry\'s "cartoon" <notes>')
  assert.is(hit!.excerpt, 'The <mark>cartoon</mark>&#39;s script tag: &lt;script&gt;alert(&quot;<mark>cartoon</mark>&quot;)&lt;/script&gt; &amp; friends say &#39;<mark>cartoon</mark>&#39; too.')
})

engine('a private page is not found, not even by its own words', async (context) => {
  for (const query of ['zanzibarite', 'keyholders', 'quokkas', 'midnight']) assert.equal(await titles(context, query), [], query)
  assert.not.ok((await hits(context, 'apache')).some((hit) => hit.url.includes('Secret')))
})

engine('a query of just the prefix of a split shard finds the longer words in its parts; a longer query fetches its part only', async (context) => {
  // An index of many words starting "se0", built beside the fixture's, read by a copy of the same module.
  const dir = join(context.site.dir, 'split')
  const builder = createSearchIndexBuilder(join(dir, 'work'))
  builder.add('/b', [{ title: 'B', anchor: '', text: Array.from({ length: 6000 }, (_, index) => `se0${String(index).padStart(4, '0')}`).join(' ') }])
  builder.add('/a', [{ title: 'A', anchor: '', text: 'season' }])
  builder.write(dir, 'search')
  await copyFile(join(context.site.dir, 'build/_docsgen/search/search.js'), join(dir, 'search/search-module.mjs'))
  const split = (await import(pathToFileURL(join(dir, 'search/search-module.mjs')).href)) as Engine
  const urls = async (query: string) => Promise.all((await split.search(query)).results.map(async (result) => (await result.data()).url))
  context.fetched.length = 0
  assert.equal(await urls('se00042'), ['/b'])
  assert.equal(context.fetched.map((path) => path.replace(/^.*split\/search\/(?:[0-9a-f]{16}\/)?/, '')), ['meta.json', 'w/73-65-30-30.json', 'p/1.json'])
  assert.equal(await urls('se'), ['/b', '/a'])
  assert.equal(await urls('se0'), ['/b'])
})

engine.run()
