import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { slashRelative, withSlashes } from '../../../src/node/files/slash-path.js'

test('a path relative to a folder is written with "/", as diagnostics and ledgers keep it; ".." where it climbs out', () => {
  const site = join('/work', 'site')
  assert.is(slashRelative(site, join(site, 'docs', 'guides', 'intro.md')), 'docs/guides/intro.md')
  assert.is(slashRelative(site, join('/work', 'docs', 'intro.md')), '../docs/intro.md')
  assert.is(slashRelative(site, site), '')
  assert.is(withSlashes(join('content', 'docs', 'a.md')), 'content/docs/a.md')
})

test.run()
