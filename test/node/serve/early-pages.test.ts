/**
 * The pages `docsgen serve` answers while its first build renders (early-pages.ts), from the site
 * a real build of the serve-site fixture hands out: a public page at its own address and the
 * stylesheet; never a private page, another spelling of an address, or anything once the build ended.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { build, type BuiltSite } from '../../../src/node/build.js'
import { createEarlyPages } from '../../../src/node/serve/early-pages.js'
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
  assert.is(early.answer(get('/docs/Guides/intro')), undefined)
  await early.ready(built!)
  await early.started
  const page = early.answer(get('/docs/Guides/intro'))!
  assert.equal([page.status, page.headers.get('content-type'), page.headers.get('cache-control')], [200, 'text/html; charset=utf-8', 'no-store'])
  assert.match(await page.text(), 'The first page.')
  const stylesheet = early.answer(get(`/${built!.stylesheet.file}`))!
  assert.equal([stylesheet.status, stylesheet.headers.get('content-type')], [200, 'text/css; charset=utf-8'])
  assert.is((await stylesheet.arrayBuffer()).byteLength, built!.stylesheet.content.byteLength)
})

test('a private page, another spelling of an address, an unknown path and a POST wait for the build', async () => {
  const early = createEarlyPages()
  await early.ready(built!)
  for (const request of [get('/docs/Private/notes'), get('/docs/Guides/intro.html'), get('/docs/Guides/intro/'), get('/docs/nowhere'), get('/docs/%2e%2e/site.config.ts')]) {
    assert.is(early.answer(request), undefined, request.url)
  }
  assert.is(early.answer(new Request('http://127.0.0.1:3000/docs/Guides/intro', { method: 'POST' })), undefined)
})

test('once the first build ended, nothing is answered, and a later build is not used', async () => {
  const early = createEarlyPages()
  early.done()
  await early.started
  await early.ready(built!)
  assert.is(early.answer(get('/docs/Guides/intro')), undefined)
})

test.run()
