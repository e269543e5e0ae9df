/** The data client navigation loads for a public route, and where it and its sidebar's list are published. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../../src/client/theme/Page.js'
import { createPageData } from '../../../src/node/render/page-data.js'
import { createSidebarMarkup } from '../../../src/node/render/sidebar-markup.js'
import { siteHref } from '../../../src/shared/canonical-path.js'
import type { Route } from '../../../src/shared/manifest.js'
import { pageDataFile, sidebarDataFile } from '../../../src/shared/page-data.js'
import { samplePage, sampleSidebar, sampleSite } from '../../client/theme/sample-props.js'

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
  const input = { page: samplePage(), site, html, sidebar: undefined, redirectTo: undefined, build: 'b1' }
  assert.is(createPageData({ ...input, route: route('/docs/Private/x', 'doc', { access: { private: true, groups: [], rules: ['x'] } }) }), undefined)
  assert.is(createPageData({ ...input, route: route('/404', 'notFound') }), undefined)
  const data = createPageData({ ...input, route: route('/docs/category/sanctum', 'category') })!
  assert.equal(JSON.parse(JSON.stringify(data)), {
    format: 2,
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

test("page data leaves the sidebar's list out and names its branch's file instead, which every page of the branch shares", () => {
  const markup = createSidebarMarkup()
  const items = sampleSidebar()
  const pageOf = (path: string) => {
    const page = samplePage({ path })
    const sidebar = markup('sample', items, siteHref('/', path))
    const body = renderToStaticMarkup(createElement(Page, { site: sampleSite(), page, sidebar: items, sidebarHtml: sidebar.html }))
    return createPageData({ route: route(path, 'doc'), page, site: sampleSite(), html: body, sidebar, redirectTo: undefined, build: 'b1' })!
  }
  const [first, second] = [pageOf('/docs/Sanctum/intro'), pageOf('/docs/Sanctum/Development/Setup an Apache2 Server')]
  assert.match(first.sidebar!, /^_docsgen\/sidebar\/branch-[0-9a-f]{12}\.json$/)
  assert.is(second.sidebar, first.sidebar)
  assert.match(first.html, '<nav class="sidebar-nav" aria-label="Docs sidebar"></nav>')
  assert.not.match(first.html, 'sidebar-list')
  // A page without a sidebar names none; a sidebar missing from the page is a docsgen bug, said at once.
  assert.is(createPageData({ route: route('/about', 'page'), page: samplePage({ path: '/about' }), site: sampleSite(), html: '<div class="page-region" data-page-region=""><p>A</p></div><footer class="footer', sidebar: undefined, redirectTo: undefined, build: 'b1' })!.sidebar, undefined)
  assert.throws(
    () => createPageData({ route: route('/docs/a', 'doc'), page: samplePage(), site: sampleSite(), html: '<div class="page-region" data-page-region=""><p>A</p></div><footer class="footer', sidebar: markup('sample', items, '/docs/a'), redirectTo: undefined, build: 'b1' }),
    /createPageData: the sidebar of "\/docs\/a" is not in its page region/,
  )
})

test.run()
