import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { collisionKey } from '../../src/shared/portable-path.js'

test('names a case-insensitive or normalising file system cannot tell apart share a collision key; others do not', () => {
  assert.is(collisionKey('Guides/Intro.md'), collisionKey('guides/intro.md'))
  assert.is(collisionKey('caf\u00e9.md'), collisionKey('cafe\u0301.md'))
  assert.is(collisionKey('CAF\u00c9.md'), collisionKey('cafe\u0301.md'))
  assert.is.not(collisionKey('cafe.md'), collisionKey('caf\u00e9.md'))
  assert.is.not(collisionKey('intro.md'), collisionKey('intro.mdx'))
})

test('a collision key is the lower case of the NFC form, for plain ASCII names as for any other', () => {
  const full = (name: string) => name.normalize('NFC').toLowerCase().normalize('NFC')
  for (const name of ['docs/Guides/Intro.md', 'A-Z_0-9 ~!@$%^&()+=[]{};\',.`', '\u0130stanbul.md', 'A\u030a.md', '\u212b.md', 'Stra\u00dfe.md', '\u1e9e.md', 'docs/\u00c9t\u00e9/Caf\u00e9.md', ''])
    assert.is(collisionKey(name), full(name), name)
  assert.is(collisionKey('docs/Guides/Intro.md'), 'docs/guides/intro.md')
})

test.run()
