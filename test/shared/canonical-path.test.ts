import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { canonicalPath, routeHref } from '../../src/shared/canonical-path.js'

test('decodes each segment, keeping spaces and & as route characters, and letter case', () => {
  assert.is(canonicalPath('/docs/Sanctum/Perspectives/OneDrive%20%26%20SharePoint'), '/docs/Sanctum/Perspectives/OneDrive & SharePoint')
  assert.is(canonicalPath('/docs/Lotus%20Byte/'), '/docs/Lotus Byte')
  assert.is(canonicalPath('/Docs/Private'), '/Docs/Private')
})

test('one form for every spelling hosts serve at one URL: .html, /index.html and the final slash go', () => {
  for (const path of ['/docs/Private/notice', '/docs/Private/notice/', '/docs/Private/notice.html', '/docs/Private/notice/index.html', '/docs/Private/./notice', '/docs/Private/notice?x#y'])
    assert.is(canonicalPath(path), '/docs/Private/notice', path)
  for (const path of ['/', '/index.html', '/?x', '/.', '/..']) assert.is(canonicalPath(path), '/', path)
})

test('a leading "//" is a path, never a host: it is refused, not read as host "docs"', () => {
  for (const path of ['//docs/Private/notice', '///docs/Private/notice', '//evil.example', '/\\docs/Private/notice', '/docs\\..\\Private']) assert.is(canonicalPath(path), undefined, path)
})

test('resolves dot segments, also percent-encoded ones, before any decision', () => {
  assert.is(canonicalPath('/docs/Public/%2e%2e/Private/notice'), '/docs/Private/notice')
  assert.is(canonicalPath('/docs/./a/../b'), '/docs/b')
  assert.is(canonicalPath('/../../etc/passwd'), '/etc/passwd')
})

test('rejects encoded slashes, backslashes, NUL, bad encoding, empty segments and relative paths', () => {
  for (const path of ['/docs/Private%2Fnotice', '/docs/a%5Cb', '/docs/a%00', '/docs/a%0Ab', '/docs/a\tb', '/docs/%E0%A4%A', '/docs//Private', 'docs/a', ''])
    assert.is(canonicalPath(path), undefined, JSON.stringify(path))
})

test('drops query and fragment', () => {
  assert.is(canonicalPath('/docs/a?x=1#top'), '/docs/a')
})

test('hrefs encode each segment and the hash', () => {
  assert.is(routeHref('/docs/Sanctum/Perspectives/OneDrive & SharePoint', 'sync-a-library'), '/docs/Sanctum/Perspectives/OneDrive%20%26%20SharePoint#sync-a-library')
})

test.run()
