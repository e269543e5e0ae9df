import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { closest } from '../../src/shared/closest.js'
import { createSuggester } from '../../src/shared/create-suggester.js'

/** The plain definition: full edit distance against every candidate. */
function reference(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
    const rows = [previous]
    for (let i = 1; i <= a.length; i++) {
      const current = [i]
      for (let j = 1; j <= b.length; j++) {
        current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, rows[i - 2]![j - 2]! + 1)
      }
      rows.push(current)
      previous = current
    }
    return previous[b.length]!
  }
  let best: string | undefined
  let bestDistance = (word.length <= 4 ? 1 : Math.max(2, Math.floor(word.length / 3))) + 1
  for (const candidate of candidates) {
    const found = distance(word.toLowerCase(), candidate.toLowerCase())
    if (found < bestDistance) [best, bestDistance] = [candidate, found]
  }
  return best
}

test('skipping candidates out of reach changes no answer', () => {
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const word = () => Array.from({ length: 1 + Math.floor(random() * 24) }, () => 'abcde/-'[Math.floor(random() * 7)]).join('')
  const candidates = Array.from({ length: 300 }, word)
  for (let round = 0; round < 300; round++) {
    const asked = word()
    assert.is(closest(asked, candidates), reference(asked, candidates), asked)
  }
  assert.is(closest('/docs/Guides/intro', ['/docs/Guides/setup', '/docs/Guides/intr', '/blog']), '/docs/Guides/intr')
})

test('two letters exchanged are one edit; a word of four letters or fewer is suggested only what is one edit from it', () => {
  assert.is(closest('wran', ['throw', 'warn', 'ignore']), 'warn')
  assert.is(closest('sidebar_positoin', ['sidebar_position', 'sidebar_label']), 'sidebar_position')
  assert.is(closest('tite', ['title', 'tags']), 'title')
  assert.is(closest('page', ['title', 'tags', 'slug']), undefined)
  assert.is(closest('ads', ['id', 'tags']), undefined)
  assert.is(closest('descripton', ['description', 'keywords']), 'description')
})

test('a suggester answers the same question against the same list once, and stops suggesting past its budget', () => {
  let built = 0
  const candidates = () => {
    built++
    return ['/docs/intro', '/docs/setup']
  }
  const suggest = createSuggester(2)
  assert.is(suggest('/docs/intr', candidates, 'routes'), '/docs/intro')
  assert.is(suggest('/docs/intr', candidates, 'routes'), '/docs/intro')
  assert.is(built, 1)
  assert.is(suggest('/docs/setp', candidates, 'routes'), '/docs/setup')
  assert.is(suggest('/docs/sett', candidates, 'routes'), undefined)
  assert.is(built, 2)
})

test.run()
