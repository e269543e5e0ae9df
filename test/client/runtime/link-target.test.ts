import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clientRoute, isPrivatePath, routePathOf } from '../../../src/client/runtime/link-target.js'

const scope = { baseUrl: '/', privatePatterns: ['^(?:\\/docs\\/Private(?:\\/.*|$))$'] }
const origin = 'https://docs.example.org'
const route = (href: string, over = scope) => clientRoute(new URL(href, `${origin}/docs/a`), origin, over)

test('pages of this site are taken over, by their canonical route path', () => {
  assert.is(route('/docs/Lotus%20Byte/'), '/docs/Lotus Byte')
  assert.is(route('intro#setup'), '/docs/intro')
  assert.is(route('/docs/x.html'), '/docs/x')
  assert.is(route('/docs/x/index.html?tab=2'), '/docs/x')
  assert.is(route('/'), '/')
})

test('everything else is left to the browser: other sites, files, the build folder, private pages, unroutable paths', () => {
  for (const href of [
    'https://other.example/docs/a',
    'http://docs.example.org/docs/a',
    'mailto:it@example.org',
    '/img/logo.svg',
    '/files/report.PDF',
    '/_docsgen/data.json',
    '/_docsgen',
    '/docs/Private/',
    '/docs/Private/Vault/secrets',
    '/docs/%2F/x',
    '/docs/a%ZZ',
  ])
    assert.is(route(href), undefined, href)
})

test('a site under a base URL: only paths under it, read without it', () => {
  const handbook = { ...scope, baseUrl: '/handbook/' }
  assert.is(route('/handbook/docs/a', handbook), '/docs/a')
  assert.is(route('/handbook', handbook), '/')
  assert.is(route('/docs/a', handbook), undefined)
  assert.is(routePathOf(new URL('https://x/other/'), '/handbook/'), undefined)
})

test('a private rule covers its folder with or without the final slash; a rule that does not compile is taken as covering everything', () => {
  assert.ok(isPrivatePath('/docs/Private', ['^(?:\\/docs\\/Private\\/.*)$']))
  assert.not.ok(isPrivatePath('/docs/Public', ['^(?:\\/docs\\/Private\\/.*)$']))
  assert.ok(isPrivatePath('/docs/a', ['(']))
})

test.run()
