/**
 * The search indexer's postings as pages come (a word's number and its count; a page's are pushed
 * together, so its page is known by where they start), then turned word by word, in page order,
 * when the index is written. Kept in typed arrays of 6 bytes a posting: 100 000 pages of the
 * shared corpus hold about 47 million postings, and the indexer's thread writes its index while
 * the pages are rendered, when a build's memory is at its peak.
 */

/** Postings per chunk: chunks are allocated as needed and dropped as they are turned. */
const chunkBits = 18
const chunkSize = 1 << chunkBits
/** A count that does not fit in 16 bits is kept apart, exactly. */
const bigCount = 0xffff

/** Every word's postings sorted by page: word `w`'s are at `offsets[w]` up to `offsets[w + 1]`. */
export interface WordPostings {
  readonly offsets: Float64Array
  readonly pages: Int32Array
  /** Counts as written (see `byWord`), at most 0xffff each. */
  readonly counts: Uint16Array
}

export interface Postings {
  readonly push: (word: number, count: number) => void
  /** Postings pushed so far: where the next page's start. */
  readonly size: () => number
  /**
   * The postings as the search record cache keeps them, chunk by chunk: three numbers each (the
   * word, the page by arrival, the count). `starts`: where each page's postings start. Each chunk
   * is the same array filled again: use it before taking the next.
   */
  readonly triples: (starts: readonly number[]) => Iterable<Int32Array>
  /** How many postings each of the first `words` words has. */
  readonly perWord: (words: number) => Int32Array
  /**
   * Every word's postings by page, `pageOf` giving a page's number by its arrival and `count`
   * the count written for a page's count, in `groups` passes: the `g`th holds only the words
   * whose `groupOf` is `g` (the others have none). A pass is read before the next is asked for;
   * the chunks are dropped as the last pass reads them. Turning all the words at once held every
   * posting twice (the chunks and their turned copy): 560 MB of the indexer at 100 000 docs.
   */
  readonly byWord: (words: number, starts: readonly number[], pageOf: Int32Array, count: (arrival: number, count: number) => number, groupOf: Int32Array, groups: number) => Iterable<WordPostings>
}

export function createPostings(): Postings {
  const wordChunks: Int32Array[] = []
  const countChunks: Uint16Array[] = []
  const bigCounts = new Map<number, number>()
  let size = 0
  const countAt = (index: number) => {
    const count = countChunks[index >> chunkBits]![index & (chunkSize - 1)]!
    return count === bigCount ? bigCounts.get(index)! : count
  }
  const perWord = (words: number) => {
    const per = new Int32Array(words)
    for (let index = 0; index < size; index++) per[wordChunks[index >> chunkBits]![index & (chunkSize - 1)]!]!++
    return per
  }
  return {
    push(word, count) {
      const at = size & (chunkSize - 1)
      if (at === 0) {
        wordChunks.push(new Int32Array(chunkSize))
        countChunks.push(new Uint16Array(chunkSize))
      }
      wordChunks[wordChunks.length - 1]![at] = word
      if (count >= bigCount) bigCounts.set(size, count)
      countChunks[countChunks.length - 1]![at] = Math.min(count, bigCount)
      size++
    },
    size: () => size,
    *triples(starts) {
      // One array, filled again for each chunk: the cache writes each before asking for the next,
      // and a new one each time would leave the whole site's numbers as garbage just as byWord allocates.
      const buffer = new Int32Array(3 * Math.min(size, chunkSize))
      for (let from = 0; from < size; from += chunkSize) {
        const to = Math.min(size, from + chunkSize)
        const numbers = buffer.subarray(0, 3 * (to - from))
        forEachPosting(starts, from, to, (index, arrival) => {
          const at = 3 * (index - from)
          numbers[at] = wordChunks[index >> chunkBits]![index & (chunkSize - 1)]!
          numbers[at + 1] = arrival
          numbers[at + 2] = countAt(index)
        })
        yield numbers
      }
    },
    perWord,
    *byWord(words, starts, pageOf, count, groupOf, groups) {
      const per = perWord(words)
      const chunks = { wordAt: (index: number) => wordChunks[index >> chunkBits]![index & (chunkSize - 1)]!, countAt, size, drop: dropChunk }
      for (let group = 0; group < Math.max(groups, 1); group++) {
        const last = group >= groups - 1
        const turned = turnGroup(chunks, { words, starts, pageOf, count, groupOf, group, per, last })
        if (last) {
          wordChunks.length = 0
          countChunks.length = 0
          bigCounts.clear()
          size = 0
        }
        yield turned
      }
    },
  }

  function dropChunk(chunk: number): void {
    wordChunks[chunk] = new Int32Array(0)
    countChunks[chunk] = new Uint16Array(0)
  }
}

/** Calls `each` with every posting's index and its page's arrival, in order. */
function forEachPosting(starts: readonly number[], from: number, to: number, each: (index: number, arrival: number) => void): void {
  let arrival = 0
  for (let index = from; index < to; index++) {
    while (arrival + 1 < starts.length && starts[arrival + 1]! <= index) arrival++
    each(index, arrival)
  }
}

interface Chunks {
  readonly wordAt: (index: number) => number
  readonly countAt: (index: number) => number
  readonly size: number
  readonly drop: (chunk: number) => void
}

interface Pass {
  readonly words: number
  readonly starts: readonly number[]
  readonly pageOf: Int32Array
  readonly count: (arrival: number, count: number) => number
  readonly groupOf: Int32Array
  readonly group: number
  /** Each word's postings, in every group. */
  readonly per: Int32Array
  /** The last pass drops each chunk once it is read. */
  readonly last: boolean
}

/** The postings of one group's words, by word and page. */
function turnGroup(chunks: Chunks, { words, starts, pageOf, count, groupOf, group, per, last }: Pass): WordPostings {
  const offsets = new Float64Array(words + 1)
  for (let word = 0; word < words; word++) offsets[word + 1] = offsets[word]! + (groupOf[word] === group ? per[word]! : 0)
  const pages = new Int32Array(offsets[words]!)
  const counts = new Uint16Array(offsets[words]!)
  const cursor = offsets.slice(0, words)
  // Pages come nearly in order (by file): a word whose pages did not is sorted afterwards.
  const lastPage = new Int32Array(words).fill(-1)
  const unsorted = new Uint8Array(words)
  forEachPosting(starts, 0, chunks.size, (index, arrival) => {
    const word = chunks.wordAt(index)
    if (groupOf[word] === group) {
      const slot = cursor[word]!++
      const page = pageOf[arrival]!
      pages[slot] = page
      counts[slot] = count(arrival, chunks.countAt(index))
      if (page < lastPage[word]!) unsorted[word] = 1
      lastPage[word] = page
    }
    if (last && (index & (chunkSize - 1)) === chunkSize - 1) chunks.drop(index >> chunkBits)
  })
  for (let word = 0; word < words; word++) if (unsorted[word] === 1) sortByPage(pages, counts, offsets[word]!, offsets[word + 1]!)
  return { offsets, pages, counts }
}

/** Sorts one word's postings by page (a page appears once among a word's). */
function sortByPage(pages: Int32Array, counts: Uint16Array, from: number, to: number): void {
  const packed = new Float64Array(to - from)
  for (let at = from; at < to; at++) packed[at - from] = pages[at]! * 0x10000 + counts[at]!
  packed.sort()
  for (let at = from; at < to; at++) {
    const value = packed[at - from]!
    pages[at] = Math.floor(value / 0x10000)
    counts[at] = value % 0x10000
  }
}
