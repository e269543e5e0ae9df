/**
 * The pages `docsgen serve` answers while its first build runs (early-pages.ts): from the site a
 * real build of the serve-site fixture hands out as it renders, a public page at its own address
 * and the stylesheet, never a private page, another spelling of an address, or anything once the
 * build ended; from the skimmed serve-skim fixture before any build, the HTML the build then
 * writes, until the build's own site is there.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build, type BuiltSite } from '../../../src/node/build.js'
import { createEarlyPages } from '../../../src/node/serve/early-pages.js'
import { skimSite } from '../../../src/node/serve/skim-site.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

let site: FixtureSite
let built: BuiltSite | undefined

test.before(async () => {
  site = await fixtureSite('serve-site')
  const result = await build({ siteDir: site.dir, outDir: join(site.dir, 'out'), onRendering: (rendering) => (built = rendering) })
  assert.is(result.exitCode, 0)
})

test.after(async () => {
  await site?.remove()
})

const get = (path: string) => new Request(`http://127.0.0.1:3000${path}`)

test('before the site is known nothing is answered; then a public page at its own address and the stylesheet are', async () => {
  const early = createEarlyPages()
  assert.is(await early.answer(get('/docs/Guides/intro')), undefined)
  await early.ready(built!)
  await early.started
  const page = (await early.answer(get('/docs/Guides/intro')))!
  assert.equal([page.status, page.headers.get('content-type'), page.headers.get('cache-control')], [200, 'text/html; charset=utf-8', 'no-store'])
  assert.match(await page.text(), 'The first page.')
  const stylesheet = (await early.answer(get(`/${built!.stylesheet.file}`)))!
  assert.equal([stylesheet.status, stylesheet.headers.get('content-type')], [200, 'text/css; charset=utf-8'])
  assert.is((await stylesheet.arrayBuffer()).byteLength, built!.stylesheet.content.byteLength)
})

test('a private page, another spelling of an address, an unknown path and a POST wait for the build', async () => {
  const early = createEarlyPages()
  await early.ready(built!)
  for (const request of [get('/docs/Private/notes'), get('/docs/Guides/intro.html'), get('/docs/Guides/intro/'), get('/docs/nowhere'), get('/docs/%2e%2e/site.config.ts')]) {
    assert.is(await early.answer(request), undefined, request.url)
  }
  assert.is(await early.answer(new Request('http://127.0.0.1:3000/docs/Guides/intro', { method: 'POST' })), undefined)
})

test('once the first build ended, nothing is answered, and a later build is not used', async () => {
  const early = createEarlyPages()
  early.done()
  await early.started
  await early.ready(built!)
  assert.is(await early.answer(get('/docs/Guides/intro')), undefined)
})

test('from the skimmed site, pages are answered before any build: the HTML the build then writes', async () => {
  const skim = await fixtureSite('serve-skim')
  try {
    const early = createEarlyPages(() => skimSite(skim.dir))
    await early.started
    const paths = { '/docs/Guides/intro': 'docs/Guides/intro.html', '/docs/category/guides': 'docs/category/guides.html', '/': 'index.html', '/docs/Reference/api': 'docs/Reference/api.html' }
    const answered = await Promise.all(Object.keys(paths).map(async (path) => (await early.answer(get(path)))!.text()))
    const stylesheet = /href="\/(_docsgen\/[^"]+\.css)"/.exec(answered[0]!)![1]!
    const css = Buffer.from(await (await early.answer(get(`/${stylesheet}`)))!.arrayBuffer())
    const result = await build({ siteDir: skim.dir, outDir: join(skim.dir, 'out'), drafts: true })
    assert.is(result.exitCode, 0)
    const written = await Promise.all(Object.values(paths).map((file) => skim.read(join('out', file))))
    assert.equal(answered, written)
    assert.ok(css.equals(await readFile(join(skim.dir, 'out', stylesheet))))
    // Whole: its code block and the section after its lead.
    assert.match(answered[0]!, 'npm start')
    assert.match(answered[0]!, 'id="next"')
    early.done()
    assert.is(await early.answer(get('/docs/Guides/intro')), undefined)
  } finally {
    await skim.remove()
  }
})

test("the skimmed site gives way to the build's own as soon as that is validated", async () => {
  const skim = await fixtureSite('serve-skim')
  try {
    const early = createEarlyPages(() => skimSite(skim.dir))
    await early.started
    assert.is((await early.answer(get('/docs/Reference/api')))!.status, 200)
    assert.is(await early.answer(get('/docs/Guides/other')), undefined)
    // Another site's, which tells the two apart: what it has is answered, and only that.
    await early.ready(built!)
    assert.is(await early.answer(get('/docs/Reference/api')), undefined)
    assert.is((await early.answer(get('/docs/Guides/other')))!.status, 200)
    early.done()
  } finally {
    await skim.remove()
  }
})

test.run()
