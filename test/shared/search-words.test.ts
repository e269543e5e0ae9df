import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { forEachSearchWord, searchWords, shardOf } from '../../src/shared/search-words.js'

test('words are letters and digits, lowercased, with diacritics folded', () => {
  assert.equal(searchWords('Crème Brûlée, NAÏVE café-au-lait x86_64 ½ Ångström'), ['creme', 'brulee', 'naive', 'cafe', 'au', 'lait', 'x86', '64', '12', 'angstrom'])
})

test('runs of Han, kana and Hangul are taken as overlapping pairs, each where it stands in the text', () => {
  const found: string[] = []
  forEachSearchWord('on 東京都 and ｶﾀｶﾅ 서울 日', (word, start, end) => void found.push(`${word}@${start}-${end}`))
  assert.equal(found, ['on@0-2', '東京@3-5', '京都@4-6', 'and@7-10', 'カタ@11-13', 'タカ@12-14', 'カナ@13-15', '서울@16-18', '日@19-20'])
  assert.equal(searchWords('Tokyo東京2020'), ['tokyo', '東京', '2020'])
})

test('long words are cut to 40 characters; a shard is named by the first two characters\' code points', () => {
  assert.equal(searchWords('a'.repeat(50)), ['a'.repeat(40)])
  assert.equal([shardOf('apache'), shardOf('a'), shardOf('東京'), shardOf('😀x')], ['61-70', '61', '6771-4eac', '1f600-78'])
  // A shard split by one character more keeps the word that is its prefix.
  const split = new Set(['61-70', '61-70-61'])
  assert.equal([shardOf('apache', split), shardOf('apa', split), shardOf('ap', split), shardOf('apt', split), shardOf('able', split)], ['61-70-61-63', '61-70-61', '61-70', '61-70-74', '61-62'])
})

test.run()
