import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { canonicalPath, routeCandidates, routeHref } from '../../src/shared/canonical-path.js'

test('decodes each segment, keeping spaces and & as route characters', () => {
  assert.is(canonicalPath('/docs/Sanctum/Perspectives/OneDrive%20%26%20SharePoint'), '/docs/Sanctum/Perspectives/OneDrive & SharePoint')
  assert.is(canonicalPath('/docs/Lotus%20Byte/'), '/docs/Lotus Byte/')
})

test('resolves dot segments, also percent-encoded ones, before any decision', () => {
  assert.is(canonicalPath('/docs/Public/%2e%2e/Private/notice'), '/docs/Private/notice')
  assert.is(canonicalPath('/docs/./a/../b'), '/docs/b')
  assert.is(canonicalPath('/../../etc/passwd'), '/etc/passwd')
})

test('rejects encoded slashes, backslashes, NUL, bad encoding, empty segments and relative paths', () => {
  for (const path of ['/docs/Private%2Fnotice', '/docs/a%5Cb', '/docs/a%00', '/docs/%E0%A4%A', '/docs//Private', 'docs/a', '']) assert.is(canonicalPath(path), undefined, path)
})

test('drops query and fragment', () => {
  assert.is(canonicalPath('/docs/a?x=1#top'), '/docs/a')
})

test('route candidates strip .html and /index.html (spec 000 §2) and toggle the final slash', () => {
  assert.equal(routeCandidates('/docs/a.html'), ['/docs/a.html', '/docs/a', '/docs/a/'])
  assert.equal(routeCandidates('/docs/Lotus Byte/index.html'), ['/docs/Lotus Byte/index.html', '/docs/Lotus Byte/', '/docs/Lotus Byte'])
  assert.equal(routeCandidates('/'), ['/'])
})

test('hrefs encode each segment and the hash', () => {
  assert.is(routeHref('/docs/Sanctum/Perspectives/OneDrive & SharePoint', 'sync-a-library'), '/docs/Sanctum/Perspectives/OneDrive%20%26%20SharePoint#sync-a-library')
})

test.run()
