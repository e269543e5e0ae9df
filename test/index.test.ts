import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as docsgen from '../src/index.js'

test('exposes the public API and nothing else', () => {
  assert.equal(Object.keys(docsgen).sort(), ['build', 'defineConfig', 'formatReport'])
})

test('defineConfig returns its argument unchanged (it only adds types)', () => {
  const config = { title: 'Docs', login: { orgID: 'org', privatePaths: [{ path: '/docs/Private/**', groups: ['admins'] }] } }
  assert.is(docsgen.defineConfig(config), config)
})

test.run()
