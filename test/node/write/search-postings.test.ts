import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPostings } from '../../../src/node/write/search-postings.js'

/** Three pages by arrival (words 0-2), postings pushed page by page; `starts` says where each page's begin. */
function threePages() {
  const postings = createPostings()
  const starts: number[] = []
  starts.push(postings.size())
  postings.push(0, 3)
  postings.push(1, 70_000)
  starts.push(postings.size())
  // A page with no words.
  starts.push(postings.size())
  postings.push(1, 2)
  postings.push(2, 0xffff)
  postings.push(0, 1)
  return { postings, starts }
}

test('triples: each posting as the record cache keeps it (word, page by arrival, count), counts past 16 bits exact', () => {
  const { postings, starts } = threePages()
  const numbers: number[] = []
  // Each chunk is read before the next is asked for, as the cache writes them.
  for (const chunk of postings.triples(starts)) numbers.push(...chunk)
  assert.equal(numbers, [0, 0, 3, 1, 0, 70_000, 1, 2, 2, 2, 2, 0xffff, 0, 2, 1])
})

test('byWord: each word\'s postings in page order, whatever order the pages came in, with the counts given for them', () => {
  const { postings, starts } = threePages()
  // By URL, the last page to come is the first.
  const pageOf = new Int32Array([1, 2, 0])
  const seen: [number, number][] = []
  const passes = [
    ...postings.byWord(
      3,
      starts,
      pageOf,
      (arrival, count) => {
        seen.push([arrival, count])
        return (count % 100) + arrival * 1000
      },
      new Int32Array(3),
      1,
    ),
  ]
  assert.is(passes.length, 1)
  const { offsets, pages, counts } = passes[0]!
  assert.equal([...offsets], [0, 2, 4, 5])
  assert.equal([...pages], [0, 1, 0, 1, 0])
  assert.equal([...counts], [2001, 3, 2002, 0, 2035])
  assert.equal(seen, [[0, 3], [0, 70_000], [2, 2], [2, 0xffff], [2, 1]])
  assert.is(postings.size(), 0, 'the postings are handed over')
})

test('byWord in passes: each holds the postings of its group of words only, the same as one pass gives them; the postings are handed over after the last', () => {
  const { postings, starts } = threePages()
  const pageOf = new Int32Array([1, 2, 0])
  assert.equal([...postings.perWord(3)], [2, 2, 1])
  const passes: { offsets: number[]; pages: number[]; counts: number[] }[] = []
  for (const pass of postings.byWord(3, starts, pageOf, (_, count) => Math.min(count, 9), new Int32Array([1, 0, 1]), 2)) {
    passes.push({ offsets: [...pass.offsets], pages: [...pass.pages], counts: [...pass.counts] })
    assert.is(postings.size(), passes.length === 1 ? 5 : 0, 'the chunks are dropped by the last pass only')
  }
  assert.equal(passes, [
    // Word 1 alone: on page 1 (count 9, past 16 bits) and page 0.
    { offsets: [0, 0, 2, 2], pages: [0, 1], counts: [2, 9] },
    // Words 0 and 2.
    { offsets: [0, 2, 2, 3], pages: [0, 1, 0], counts: [1, 3, 9] },
  ])
})

test.run()
