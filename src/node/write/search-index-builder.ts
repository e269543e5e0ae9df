/**
 * docsgen's own search index, built page by page as pages are parsed (on the indexer's thread,
 * see search-index-worker.ts) and written at the end. What it writes, under the search folder:
 *
 * - `meta.json`: the page count, the average page length, the shard scheme, the format version
 *   and the folder of this build's index files (named by their hash);
 * - `<hash>/w/<shard>.json`: for every word whose first two characters are the shard's (see
 *   shardOf), its postings: a flat list of (page number minus the previous one's, count);
 * - `<hash>/p/<page>.json`: a page's fragment (URL, title, sections' titles, anchors and text),
 *   fetched only for the results shown, for their excerpts.
 *
 * A search thus downloads the meta file, one shard per word and the shown pages' fragments,
 * however large the site. Memory stays small: postings wait in typed arrays (search-postings.ts)
 * and each fragment is written to a work folder as its page comes, then moved into the output.
 * Pages are numbered in the order of their URLs, not of their arrival (which depends on the
 * threads), so the same pages give the same bytes.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { forEachSearchWord, HEADING_WEIGHT, SEARCH_INDEX_VERSION, shardOf, TITLE_WEIGHT, type SearchFragment, type SearchMeta } from '../../shared/search-words.js'
import { linkOrCopy } from './output-ledger.js'
import { createPostings, type Postings, type WordPostings } from './search-postings.js'
import type { SearchSection } from './search-sections.js'
import type { SearchRecordCache } from './search-record-cache.js'

/** BM25's length normalisation, applied when the index is written (see `countOf`). */
const lengthWeight = 0.75
const countScale = 4
const maxCount = 0xffff
/** A shard larger than this (JSON characters) is split by one character more: a query's word downloads less. */
const splitBytes = 64 * 1024

export interface SearchIndexBuilder {
  /** Indexes a page: its URL, title and sections (the first one is the title's); `key` names it in the cache, if there is one. */
  readonly add: (url: string, sections: readonly SearchSection[], key?: string) => void
  /** Indexes the page the cache holds under `key`, if it holds it still; false: it must be added. */
  readonly addCached: (url: string, key: string) => boolean
  /** Writes the index into `dir`/`folder`; returns the files written (relative to `dir`) and their size. */
  readonly write: (dir: string, folder: string) => { paths: string[]; bytes: number }
  /** Removes the work folder. */
  readonly discard: () => void
}

/**
 * A builder whose fragments wait in `workDir` (created here, on the output's file system), or,
 * with a cache of an incremental build, in the cache, from where they are linked.
 */
export function createSearchIndexBuilder(workDir: string, cache?: SearchRecordCache): SearchIndexBuilder {
  mkdirSync(workDir, { recursive: true })
  const wordIds = new Map<string, number>()
  const postings = createPostings()
  const urls: string[] = []
  const fragmentHashes: string[] = []
  const fragmentFiles: string[] = []
  const lengths: number[] = []
  // Each page's key (with a cache) and where its postings start: a page's are pushed together.
  const keys: (string | undefined)[] = []
  const starts: number[] = []
  let fragmentBytes = 0

  const wordId = (word: string) => {
    let id = wordIds.get(word)
    if (id === undefined) wordIds.set(word, (id = wordIds.size))
    return id
  }
  const added = (url: string, key: string | undefined, length: number, hash: string, file: string, bytes: number) => {
    urls.push(url)
    keys.push(key)
    lengths.push(length)
    fragmentHashes.push(hash)
    fragmentFiles.push(file)
    fragmentBytes += bytes
  }
  // The cache's words as this index numbers them (-1: not met yet), so a cached page's words are
  // numbers looked up, not strings: a 10 000-doc site's million postings took 0.4 s as strings.
  let cachedIds: { readonly words: readonly string[]; readonly ids: Int32Array } | undefined

  return {
    addCached(url, key) {
      const record = cache?.get(key)
      if (record === undefined) return false
      starts.push(postings.size())
      const { words, counts } = record
      if (cachedIds?.words !== words) cachedIds = { words, ids: new Int32Array(words.length).fill(-1) }
      const ids = cachedIds.ids
      for (let at = 0; at < counts.length; at += 3) {
        const word = counts[at]!
        let id = ids[word]!
        if (id < 0) id = ids[word] = wordId(words[word]!)
        postings.push(id, counts[at + 2]!)
      }
      added(url, key, record.length, record.fragment, cache!.fragmentFile(record.fragment), record.fragmentBytes)
      return true
    },
    add(url, sections, key) {
      const page = urls.length
      starts.push(postings.size())
      const { counts, length } = countWords(sections)
      for (const [word, count] of counts) postings.push(wordId(word), count)
      const fragment = JSON.stringify({ url, title: sections[0]?.title ?? '', sections: sections.map((section) => [section.title, section.anchor, section.text]) } satisfies SearchFragment)
      const hash = createHash('sha256').update(fragment).digest('base64url')
      let file = join(workDir, `${page}.json`)
      if (cache && key !== undefined) file = cache.putFragment(hash, fragment)
      else writeFileSync(file, fragment)
      added(url, cache ? key : undefined, length, hash, file, Buffer.byteLength(fragment))
    },
    write: (dir, folder) => {
      // Saved before the postings are turned by word, which drops their chunks: the cache keeps them as they came.
      if (cache) {
        const end = postings.size()
        // The cache counts in its numbers, three a posting.
        const places = keys.flatMap((key, page) => (key === undefined ? [] : [{ key, start: 3 * starts[page]!, end: 3 * (starts[page + 1] ?? end), length: lengths[page]!, fragment: fragmentHashes[page]! }]))
        cache.save([...wordIds.keys()], postings.triples(starts), places)
      }
      const written = writeIndex({ wordIds, postings, starts, urls, fragmentHashes, lengths, fragmentFiles, linksTo: cache?.linksTo }, dir, folder)
      rmSync(workDir, { recursive: true, force: true })
      return { paths: written.paths, bytes: written.bytes + fragmentBytes }
    },
    discard: () => rmSync(workDir, { recursive: true, force: true }),
  }
}

/** A page's words, each with its count (title and heading words weighted), and its length in words. */
function countWords(sections: readonly SearchSection[]): { counts: Map<string, number>; length: number } {
  let length = 0
  const counts = new Map<string, number>()
  sections.forEach((section, number) => {
    const counter = (weight: number) => (word: string) => {
      counts.set(word, (counts.get(word) ?? 0) + weight)
      length++
    }
    forEachSearchWord(section.title, counter(number === 0 ? TITLE_WEIGHT : HEADING_WEIGHT))
    forEachSearchWord(section.text, counter(1))
  })
  return { counts, length }
}

interface Collected {
  readonly wordIds: ReadonlyMap<string, number>
  readonly postings: Postings
  /** Where each page's postings start, by arrival. */
  readonly starts: readonly number[]
  /** By arrival: each page's URL, fragment hash and length in words. */
  readonly urls: readonly string[]
  readonly fragmentHashes: readonly string[]
  readonly lengths: readonly number[]
  /** Where each page's fragment is: moved from the work folder, or linked from the cache (with `linksTo`). */
  readonly fragmentFiles: readonly string[]
  /** With a cache: whether a file is a link to a fragment of it (SearchRecordCache.linksTo). */
  readonly linksTo?: ((file: string, hash: string) => boolean) | undefined
}

/** Writes the shards, moves the fragments in and writes the meta file last; the bytes counted leave out the fragments. */
function writeIndex({ wordIds, postings, starts, urls, fragmentHashes, lengths, fragmentFiles, linksTo }: Collected, dir: string, folder: string): { paths: string[]; bytes: number } {
  const order = urls.map((_, arrival) => arrival).sort((a, b) => (urls[a]! < urls[b]! ? -1 : urls[a]! > urls[b]! ? 1 : 0))
  const pageOf = new Int32Array(urls.length)
  order.forEach((arrival, page) => (pageOf[arrival] = page))
  const averageLength = lengths.length === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) / lengths.length
  const passes = shardPasses(wordIds, postings.perWord(wordIds.size))
  const byWord = postings.byWord(wordIds.size, starts, pageOf, (arrival, count) => countOf(count, lengths[arrival]!, averageLength), passes.groupOf, passes.words.length)
  const next = join(dir, folder, '.next')
  rmSync(next, { recursive: true, force: true })
  mkdirSync(join(next, 'w'), { recursive: true })
  const held = linksTo ? claimFragments(join(dir, folder), join(next, 'p')) : new Set<string>()
  if (held.size === 0) mkdirSync(join(next, 'p'), { recursive: true })
  const hash = createHash('sha256').update(`${SEARCH_INDEX_VERSION}\0`)
  const names: string[] = []
  let bytes = 0
  const split = new Set<string>()
  for (const [shard, content] of shards(wordIds, passes.words, byWord, split)) {
    writeFileSync(join(next, 'w', `${shard}.json`), content)
    hash.update(`w/${shard}\0${content}\0`)
    names.push(`w/${shard}.json`)
    bytes += Buffer.byteLength(content)
  }
  order.forEach((arrival, page) => {
    const target = join(next, 'p', `${page}.json`)
    held.delete(`${page}.json`)
    if (!linksTo) moveFile(fragmentFiles[arrival]!, target)
    else if (!linksTo(target, fragmentHashes[arrival]!)) linkOver(fragmentFiles[arrival]!, target)
    hash.update(`p/${page}\0${fragmentHashes[arrival]}\0`)
    names.push(`p/${page}.json`)
  })
  for (const name of held) rmSync(join(next, 'p', name), { recursive: true, force: true })
  const name = hash.digest('hex').slice(0, 16)
  const meta = JSON.stringify({ version: SEARCH_INDEX_VERSION, pages: urls.length, averageLength: Math.round(averageLength * 100) / 100, folder: name, shards: 'first-two-chars', split: [...split], countScale } satisfies SearchMeta)
  // An index identical to the last build's is in the reused output already: replaced by the same bytes.
  rmSync(join(dir, folder, name), { recursive: true, force: true })
  renameSync(next, join(dir, folder, name))
  writeFileSync(join(dir, folder, 'meta.json'), meta)
  return { paths: [`${folder}/meta.json`, ...names.map((file) => `${folder}/${name}/${file}`)], bytes: bytes + Buffer.byteLength(meta) }
}

/**
 * A posting's count as written: BM25's length normalisation folded in (tf / (1 - b + b·L/avgL)
 * saturates as BM25 does when the browser applies k1 to it), scaled to a small integer.
 */
function countOf(count: number, length: number, averageLength: number): number {
  const norm = 1 - lengthWeight + (lengthWeight * length) / (averageLength || 1)
  return Math.max(1, Math.min(maxCount, Math.round((countScale * count) / norm)))
}

/** Postings turned by word in one pass (48 MB of them): a larger site's are turned in several, shard by shard (search-postings.ts). */
const postingsPerPass = 8_000_000

/**
 * The words, sorted, in groups of whole shards of about `postingsPerPass` postings each, and
 * each word's group by its number.
 */
function shardPasses(wordIds: ReadonlyMap<string, number>, perWord: Int32Array): { words: string[][]; groupOf: Int32Array } {
  const sorted = [...wordIds.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const groupOf = new Int32Array(wordIds.size)
  const words: string[][] = [[]]
  let shard: string | undefined
  let inGroup = 0
  for (const word of sorted) {
    const key = shardOf(word)
    if (key !== shard && inGroup >= postingsPerPass) {
      words.push([])
      inGroup = 0
    }
    shard = key
    const id = wordIds.get(word)!
    groupOf[id] = words.length - 1
    words[words.length - 1]!.push(word)
    inGroup += perWord[id]!
  }
  return { words, groupOf }
}

/**
 * The shards' files, by shard name, each word's postings flat: page minus the previous one's,
 * count. A shard over `splitBytes` is split by one character more, its name added to `split`.
 * `groups`: the words, sorted, in the groups whose postings `passes` gives one after the other.
 */
function* shards(wordIds: ReadonlyMap<string, number>, groups: readonly (readonly string[])[], passes: Iterable<WordPostings>, split: Set<string>): Generator<[string, string]> {
  let group = 0
  for (const { offsets, pages, counts } of passes) {
    let shard: string | undefined
    let entries: (readonly [word: string, entry: string])[] = []
    for (const word of groups[group++]!) {
      const key = shardOf(word)
      if (key !== shard) {
        if (shard !== undefined) yield* splitShard(shard, entries, split)
        shard = key
        entries = []
      }
      const id = wordIds.get(word)!
      const numbers: number[] = []
      let previous = 0
      for (let at = offsets[id]!; at < offsets[id + 1]!; at++) {
        numbers.push(pages[at]! - previous, counts[at]!)
        previous = pages[at]!
      }
      entries.push([word, `${JSON.stringify(word)}:[${numbers.join(',')}]`])
    }
    if (shard !== undefined) yield* splitShard(shard, entries, split)
  }
}

function* splitShard(shard: string, entries: readonly (readonly [word: string, entry: string])[], split: Set<string>): Generator<[string, string]> {
  if (entries.reduce((sum, [, entry]) => sum + entry.length, 0) <= splitBytes) return yield [shard, `{${entries.map(([, entry]) => entry).join(',')}}`]
  split.add(shard)
  const parts = new Map<string, (readonly [word: string, entry: string])[]>()
  for (const entry of entries) {
    const key = shardOf(entry[0], split)
    const part = parts.get(key) ?? parts.set(key, []).get(key)!
    part.push(entry)
  }
  // The shard keeps the word that is its prefix, and names (under "", which no word is) the
  // shards one character longer, for a query of just the prefix.
  const children = [...parts.keys()].filter((key) => key !== shard)
  yield [shard, `{${[`"":${JSON.stringify(children)}`, ...(parts.get(shard) ?? []).map(([, entry]) => entry)].join(',')}}`]
  for (const child of children) yield* splitShard(child, parts.get(child)!, split)
}

/**
 * The fragments of an earlier index in the staging folder (a spare of an earlier build), moved to
 * `to`: most are links to the fragments this build links, which are left as they are (linking a
 * 10 000-doc site's 11 000 fragments again, and removing the old ones, cost 0.4 s of a one-file
 * change). Returns the names it held (none: nothing was moved). Only the indexer's own links are
 * kept (SearchRecordCache.linksTo); anything else in it is replaced or removed.
 */
function claimFragments(searchDir: string, to: string): Set<string> {
  let earlier: string | undefined
  try {
    earlier = readdirSync(searchDir, { withFileTypes: true }).find((entry) => entry.isDirectory() && indexFolder.test(entry.name))?.name
  } catch {
    return new Set()
  }
  if (earlier === undefined) return new Set()
  try {
    if (!lstatSync(join(searchDir, earlier, 'p')).isDirectory()) return new Set()
    renameSync(join(searchDir, earlier, 'p'), to)
  } catch {
    return new Set()
  }
  return new Set(readdirSync(to))
}

/** `to` made a link to `from` (linkOrCopy), whatever was in its place: a folder left there by hand too. */
function linkOver(from: string, to: string): void {
  try {
    linkOrCopy(from, to)
  } catch {
    rmSync(to, { recursive: true, force: true })
    linkOrCopy(from, to)
  }
}

/** An index's folder: 16 hex digits of its hash (writeIndex). */
const indexFolder = /^[0-9a-f]{16}$/

/** A rename, or a copy where the work folder is on another file system than the output. */
function moveFile(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    copyFileSync(from, to)
    unlinkSync(from)
  }
}
