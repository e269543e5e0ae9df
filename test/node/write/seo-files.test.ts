/** What crawlers and browsers ask every site for: robots.txt and the favicon. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seoFiles } from '../../../src/node/write/seo-files.js'
import type { Asset, Manifest } from '../../../src/shared/manifest.js'

const manifest = (assets: Asset[] = []): Manifest => ({
  format: 1,
  baseUrl: '/',
  version: { name: 'current', label: 'Next', path: '/docs', mainDoc: 'intro', banner: undefined, isLast: true, noIndex: false },
  versions: [{ name: 'current', label: 'Next', path: '/docs', mainDoc: 'intro', banner: undefined, isLast: true, noIndex: false }],
  routes: [],
  privatePaths: [],
  sidebars: {},
  assets,
})

test('robots.txt points at the sitemap when the production URL is known; a file of static/ wins', async () => {
  const withUrl = await seoFiles(manifest(), { url: 'https://docs.example.org', baseUrl: '/handbook/', favicon: undefined })
  assert.equal(withUrl.files[0], { file: 'robots.txt', content: 'User-agent: *\nAllow: /\nSitemap: https://docs.example.org/handbook/sitemap.xml\n' })
  const withoutUrl = await seoFiles(manifest(), { url: undefined, baseUrl: '/', favicon: undefined })
  assert.equal(withoutUrl.files[0], { file: 'robots.txt', content: 'User-agent: *\nAllow: /\n' })
  const own = await seoFiles(manifest([{ path: '/robots.txt', source: 'static/robots.txt', file: 'robots.txt', access: { private: false } }]), { url: undefined, baseUrl: '/', favicon: undefined })
  assert.not.ok(own.files.some((file) => file.file === 'robots.txt'))
})

test("the favicon: docsgen's own under _docsgen/ (content-hashed), or the configured one under the base URL", async () => {
  const own = await seoFiles(manifest(), { url: undefined, baseUrl: '/handbook/', favicon: undefined })
  assert.match(own.favicon, /^\/handbook\/_docsgen\/favicon-[0-9a-f]{10}\.svg$/)
  const icon = own.files.find((file) => file.file.endsWith('.svg'))!
  assert.match(Buffer.from(icon.content).toString(), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  const configured = await seoFiles(manifest(), { url: undefined, baseUrl: '/handbook/', favicon: '/img/icon.png' })
  assert.is(configured.favicon, '/handbook/img/icon.png')
  assert.not.ok(configured.files.some((file) => file.file.endsWith('.svg')))
})

test.run()
