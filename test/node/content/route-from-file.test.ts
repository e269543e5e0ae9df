import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assetPathFor, docId, parseNumberPrefix, routeFromFile, withTrailingSlash } from '../../../src/node/content/route-from-file.js'

test('docs are served under routeBasePath; index docs get the folder URL', () => {
  const route = (relative: string, docsBase: string) => routeFromFile({ kind: 'doc', relative }, docsBase)
  assert.equal(
    [route('Sanctum/intro.md', '/docs'), route('Lotus Byte/index.md', '/docs'), route('Guides/Guides.md', '/guides'), route('index.md', '/docs')],
    ['/docs/Sanctum/intro', '/docs/Lotus Byte/', '/guides/Guides/', '/docs/'],
  )
})

test("routeBasePath '/' serves the docs at the root, without a double slash (a docs-only site)", () => {
  assert.equal(routeFromFile({ kind: 'doc', relative: 'Guides/intro.md' }, '/'), '/Guides/intro')
  assert.equal(routeFromFile({ kind: 'doc', relative: 'Guides/index.md' }, '/'), '/Guides/')
  assert.equal(assetPathFor({ file: 'content/docs/Guides/shot.png', relative: 'Guides/shot.png' }, '/'), '/Guides/shot.png')
})

test('files are served where they sit: beside the docs, beside the pages, and static/ at the root', () => {
  assert.equal(
    [
      assetPathFor({ file: 'content/docs/Guides/shot.png', relative: 'Guides/shot.png' }, '/docs'),
      assetPathFor({ file: 'content/pages/team/photo.jpg', relative: 'team/photo.jpg' }, '/docs'),
      assetPathFor({ file: 'static/img/logo.svg', relative: 'img/logo.svg' }, '/docs'),
    ],
    ['/docs/Guides/shot.png', '/team/photo.jpg', '/img/logo.svg'],
  )
})


test('number prefixes are dropped from ids and routes, as Docusaurus does; dates and versions keep theirs', () => {
  const route = (relative: string, routing = {}) => routeFromFile({ kind: 'doc', relative }, '/docs', routing)
  assert.equal(
    [route('01-Guides/02-setup.md'), route('01-Guides/01-Guides.md'), route('2024-01-05-notes.md'), route('1.2-changes.md'), route('03 - Spaced.md'), route('Guides/index.mdx')],
    ['/docs/Guides/setup', '/docs/Guides/', '/docs/2024-01-05-notes', '/docs/1.2-changes', '/docs/Spaced', '/docs/Guides/'],
  )
  assert.equal([docId('01-Guides/02-setup.md'), docId('01-Guides/02-setup.md', { id: 'install' })], ['Guides/setup', 'Guides/install'])
  assert.equal(parseNumberPrefix('07_intro'), { name: 'intro', prefix: 7 })
})

test('front matter slug: from the docs root when it starts with "/", else beside the file; id names the page', () => {
  const route = (relative: string, routing: { id?: string; slug?: string }) => routeFromFile({ kind: 'doc', relative }, '/docs', routing)
  assert.equal(
    [
      route('Guides/intro.md', { slug: '/start' }),
      route('Guides/intro.md', { slug: 'start' }),
      route('Guides/intro.md', { slug: '../top' }),
      route('Guides/intro.md', { slug: '/' }),
      route('Guides/intro.md', { id: 'welcome' }),
      route('Guides/index.md', { id: 'welcome' }),
    ],
    ['/docs/start', '/docs/Guides/start', '/docs/top', '/docs/', '/docs/Guides/welcome', '/docs/Guides/'],
  )
})

test('trailingSlash spells every route one way; the root stays "/"', () => {
  assert.equal(
    [withTrailingSlash('/docs/a', true), withTrailingSlash('/docs/a/', false), withTrailingSlash('/docs/a/', undefined), withTrailingSlash('/', false)],
    ['/docs/a/', '/docs/a', '/docs/a/', '/'],
  )
})

test.run()
