import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assetPathFor, routeFromFile } from '../../../src/node/content/route-from-file.js'

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

test.run()
