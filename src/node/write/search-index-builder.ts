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
 * and fragments in one file of a work folder (fragment-spill.ts) as their pages come; they are
 * written over the fragments of the index the staging folder holds, in place, or linked from an
 * incremental build's cache (search-record-cache.ts).
 * Pages are numbered in the order of their URLs, not of their arrival (which depends on the
 * threads), so the same pages give the same bytes.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { forEachSearchWord, HEADING_WEIGHT, SEARCH_INDEX_VERSION, shardOf, TITLE_WEIGHT, type SearchFragment, type SearchMeta } from '../../shared/search-words.js'
import { createFragmentSpill, type FragmentSpill } from './fragment-spill.js'
import { linkOrCopy } from './output-ledger.js'
import { createPostings, type Postings, type WordPostings } from './search-postings.js'
import type { SearchSection } from './search-sections.js'
import type { SearchRecordCache } from './search-record-cache.js'
import { overwriteFile } from './write-site.js'

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
 * A builder whose fragments wait in `workDir` (created here), but for those an incremental build's
 * cache holds still, which are linked from there.
 */
export function createSearchIndexBuilder(workDir: string, cache?: SearchRecordCache): SearchIndexBuilder {
  mkdirSync(workDir, { recursive: true })
  const spill = createFragmentSpill(join(workDir, 'fragments'))
  const wordIds = new Map<string, number>()
  const postings = createPostings()
  const urls: string[] = []
  const fragmentHashes: string[] = []
  const fragments: FragmentAt[] = []
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
  const added = (url: string, key: string | undefined, length: number, hash: string, at: FragmentAt, bytes: number) => {
    urls.push(url)
    keys.push(key)
    lengths.push(length)
    fragmentHashes.push(hash)
    fragments.push(at)
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
      starts.push(postings.size())
      const { counts, length } = countWords(sections)
      for (const [word, count] of counts) postings.push(wordId(word), count)
      const fragment = JSON.stringify({ url, title: sections[0]?.title ?? '', sections: sections.map((section) => [section.title, section.anchor, section.text]) } satisfies SearchFragment)
      const hash = createHash('sha256').update(fragment).digest('base64url')
      added(url, cache ? key : undefined, length, hash, spill.put(fragment), Buffer.byteLength(fragment))
    },
    write: (dir, folder) => {
      const next = claimEarlierIndex(join(dir, folder))
      const pages = writeFragments({ urls, fragments, fragmentHashes }, next, spill, cache)
      // Saved once the fragments are in the cache, and before the postings are turned by word, which drops their chunks: the cache keeps them as they came.
      if (cache) {
        const end = postings.size()
        // The cache counts in its numbers, three a posting.
        const places = keys.flatMap((key, page) => (key === undefined ? [] : [{ key, start: 3 * starts[page]!, end: 3 * (starts[page + 1] ?? end), length: lengths[page]!, fragment: fragmentHashes[page]! }]))
        cache.save([...wordIds.keys()], postings.triples(starts), places)
      }
      const written = writeIndex({ wordIds, postings, starts, lengths, pages }, next, dir, folder)
      spill.close()
      rmSync(workDir, { recursive: true, force: true })
      return { paths: written.paths, bytes: written.bytes + fragmentBytes }
    },
    discard: () => {
      spill.close()
      rmSync(workDir, { recursive: true, force: true })
    },
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

/** Where a page's fragment waits: its number in the spill, or the file of the cache it is linked from. */
type FragmentAt = number | string

/** The folder the index is written into: the staging folder's earlier index, if any, under a name of its own. */
interface NextIndex {
  readonly dir: string
  /** The files it held, relative to it: those this index does not write again are removed. */
  readonly held: Set<string>
}

/**
 * The index of an earlier build in the staging folder (a spare of an earlier build), moved to
 * `.next`, or a new `.next`: fragments and shards are written over its files in place, and most
 * of an incremental build's fragments are links to the cache's already (SearchRecordCache.linksTo),
 * left as they are (linking a 10 000-doc site's 11 000 fragments again, and removing the old ones,
 * cost 0.4 s of a one-file change).
 */
function claimEarlierIndex(searchDir: string): NextIndex {
  const next = join(searchDir, '.next')
  rmSync(next, { recursive: true, force: true })
  const earlier = indexFolders(searchDir)[0]
  const held = new Set<string>()
  try {
    if (earlier !== undefined) renameSync(join(searchDir, earlier), next)
    // Its shards' and fragments' folders (not links to folders elsewhere); nothing else stays.
    for (const entry of readdirSync(next, { withFileTypes: true })) {
      if ((entry.name === 'w' || entry.name === 'p') && entry.isDirectory()) for (const name of readdirSync(join(next, entry.name))) held.add(`${entry.name}/${name}`)
      else rmSync(join(next, entry.name), { recursive: true, force: true })
    }
  } catch {
    // Nothing earlier, or not an index as this indexer writes one: a new folder.
    rmSync(next, { recursive: true, force: true })
    held.clear()
  }
  mkdirSync(join(next, 'w'), { recursive: true })
  mkdirSync(join(next, 'p'), { recursive: true })
  return { dir: next, held }
}

function indexFolders(searchDir: string): string[] {
  try {
    return readdirSync(searchDir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() && indexFolder.test(entry.name) ? [entry.name] : []))
  } catch {
    return []
  }
}

interface PageFragments {
  /** Arrivals in page order (by URL), and each arrival's page number. */
  readonly order: readonly number[]
  readonly pageOf: Int32Array
  /** What the index's name is made of: each page's fragment hash. */
  readonly hash: string
}

/**
 * Each page's fragment as `p/<page>.json` of `next`: a new one written in place (then linked into
 * the cache, if any: no second file), a cached one linked unless the file there is that link.
 */
function writeFragments(
  { urls, fragments, fragmentHashes }: { readonly urls: readonly string[]; readonly fragments: readonly FragmentAt[]; readonly fragmentHashes: readonly string[] },
  next: NextIndex,
  spill: FragmentSpill,
  cache: SearchRecordCache | undefined,
): PageFragments {
  const order = urls.map((_, arrival) => arrival).sort((a, b) => (urls[a]! < urls[b]! ? -1 : urls[a]! > urls[b]! ? 1 : 0))
  const pageOf = new Int32Array(urls.length)
  const hash = createHash('sha256')
  order.forEach((arrival, page) => {
    pageOf[arrival] = page
    const name = `p/${page}.json`
    const target = join(next.dir, name)
    const at = fragments[arrival]!
    const fragmentHash = fragmentHashes[arrival]!
    next.held.delete(name)
    if (typeof at === 'number') {
      overwriteFile(target, [spill.read(at)])
      cache?.adoptFragment(fragmentHash, target)
    } else if (!cache?.linksTo(target, fragmentHash)) linkOver(at, target)
    hash.update(`${page}\0${fragmentHash}\0`)
  })
  return { order, pageOf, hash: hash.digest('base64url') }
}

interface Collected {
  readonly wordIds: ReadonlyMap<string, number>
  readonly postings: Postings
  /** Where each page's postings start, by arrival. */
  readonly starts: readonly number[]
  /** By arrival: each page's length in words. */
  readonly lengths: readonly number[]
  readonly pages: PageFragments
}

/** Writes the shards over those of `next`, names it by its content and writes the meta file last; the bytes counted leave out the fragments. */
function writeIndex({ wordIds, postings, starts, lengths, pages }: Collected, next: NextIndex, dir: string, folder: string): { paths: string[]; bytes: number } {
  const averageLength = lengths.length === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) / lengths.length
  const passes = shardPasses(wordIds, postings.perWord(wordIds.size))
  const byWord = postings.byWord(wordIds.size, starts, pages.pageOf, (arrival, count) => countOf(count, lengths[arrival]!, averageLength), passes.groupOf, passes.words.length)
  const hash = createHash('sha256').update(`${SEARCH_INDEX_VERSION}\0`)
  const names: string[] = []
  let bytes = 0
  const split = new Set<string>()
  for (const [shard, content] of shards(wordIds, passes.words, byWord, split)) {
    const name = `w/${shard}.json`
    next.held.delete(name)
    bytes += overwriteFile(join(next.dir, name), [Buffer.from(content)])
    hash.update(`${name}\0${content}\0`)
    names.push(name)
  }
  for (const name of next.held) rmSync(join(next.dir, name), { recursive: true, force: true })
  hash.update(`p\0${pages.hash}`)
  pages.order.forEach((_, page) => names.push(`p/${page}.json`))
  const name = hash.digest('hex').slice(0, 16)
  const meta = JSON.stringify({ version: SEARCH_INDEX_VERSION, pages: pages.order.length, averageLength: Math.round(averageLength * 100) / 100, folder: name, shards: 'first-two-chars', split: [...split], countScale } satisfies SearchMeta)
  // Another index of the same name (an identical one, in a folder the staging folder held beside the one claimed) is replaced.
  rmSync(join(dir, folder, name), { recursive: true, force: true })
  renameSync(next.dir, join(dir, folder, name))
  const metaBytes = overwriteFile(join(dir, folder, 'meta.json'), [Buffer.from(meta)])
  return { paths: [`${folder}/meta.json`, ...names.map((file) => `${folder}/${name}/${file}`)], bytes: bytes + metaBytes }
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
