/** The data client navigation loads for a public route, and where it is published. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPageData } from '../../../src/node/render/page-data.js'
import type { Route } from '../../../src/shared/manifest.js'
import { pageDataFile, sidebarDataFile } from '../../../src/shared/page-data.js'
import { samplePage, sampleSite } from '../../client/theme/sample-props.js'

const route = (path: string, kind: Route['kind'], extra: Partial<Route> = {}): Route => ({
  path,
  kind,
  title: `Title of ${path}`,
  description: undefined,
  source: undefined,
  file: 'x.html',
  access: { private: false },
  headings: [],
  sidebar: undefined,
  redirectTo: undefined,
  ...extra,
})

test('page data: named after the canonical path; none for private routes or the 404 page; a redirect carries its target', () => {
  assert.equal(
    ['/', '/docs/Lotus Byte/', '/docs/x.html', '/docs/a/index.html', '/docs/%2F'].map(pageDataFile),
    ['_docsgen/data.json', '_docsgen/data/docs/Lotus Byte.json', '_docsgen/data/docs/x.json', '_docsgen/data/docs/a.json', undefined],
  )
  assert.is(sidebarDataFile('0-3'), '_docsgen/sidebar/0-3.json')
  const site = sampleSite()
  const html = '<body><div class="page-region" data-page-region=""><main>Body</main></div><footer class="footer"></footer></body>'
  const input = { page: samplePage(), site, html, redirectTo: undefined, build: 'b1' }
  assert.is(createPageData({ ...input, route: route('/docs/Private/x', 'doc', { access: { private: true, groups: [], rules: ['x'] } }) }), undefined)
  assert.is(createPageData({ ...input, route: route('/404', 'notFound') }), undefined)
  const data = createPageData({ ...input, route: route('/docs/category/sanctum', 'category') })!
  assert.equal(JSON.parse(JSON.stringify(data)), {
    format: 1,
    path: '/docs/category/sanctum',
    title: 'Set up an Apache2 server | Sanctum',
    description: 'Install Apache2 on Ubuntu.',
    html: '<main>Body</main>',
    navbar: { '/docs/category/sanctum': 'page' },
    build: 'b1',
  })
  const redirect = createPageData({ ...input, route: route('/docs', 'redirect'), redirectTo: '/docs/intro' })!
  assert.is(redirect.redirect, '/docs/intro')
  assert.is(redirect.html, '')
  assert.throws(() => createPageData({ ...input, html: '<p>no region</p>', route: route('/docs/a', 'doc') }), /pageRegionOf: the markup holds no page region/)
})

test.run()
