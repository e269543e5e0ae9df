/**
 * What the search indexer keeps across incremental builds (in .docsgen/cache/incremental/search/),
 * so a build indexes again only the records that changed: each record's words with their counts
 * and its length in words, by its key (a hash of everything the record is made from: URL, title,
 * lead and body), and its fragment, in a file named after its hash. A cached record counts only
 * while its fragment file is a plain file of the size and modification time it was written with:
 * a fragment is written into the output and hard-linked into the cache, and later outputs link
 * it from there (search-index-builder.ts); a fragment changed there by hand is never trusted.
 * The cache is kept under the build's key (build-key.ts): docsgen's code, so a changed
 * tokenizer, and the config.
 *
 * One file: a JSON header (the words, and each record's place in the counts), then the counts
 * as the indexer hands them over, written a chunk at a time and read back as one: no copy of a
 * large site's counts is made at the end of a build, when its memory is at its peak. It ends with
 * its seal, a hash of the cache's key and all that comes before: a file cut short or changed by
 * hand (a count, a word) reads as none, as the cache's other files do (sealed-file.ts).
 */
import { createHash, type Hash } from 'node:crypto'
import { closeSync, lstatSync, type Stats, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs'
import { endianness } from 'node:os'
import { join } from 'node:path'
import { readPlainFile } from '../files/read-plain-file.js'
import { linkOrCopy } from './output-ledger.js'

/** A record as the index needs it: its words' counts, and its fragment. */
export interface IndexedRecord {
  readonly words: readonly string[]
  /** Three numbers per word: its place in `words`, a number the cache ignores, its count. */
  readonly counts: Int32Array
  readonly length: number
  /** The fragment's hash, which names its file in the cache. */
  readonly fragment: string
  readonly fragmentBytes: number
}

/** A record of this build, for the cache: where its counts are in the indexer's numbers, its length and fragment. */
export interface RecordPlace {
  readonly key: string
  readonly start: number
  readonly end: number
  readonly length: number
  readonly fragment: string
}

type SavedEntry = readonly [key: string, start: number, end: number, length: number, fragment: string, size: number, mtimeMs: number]

interface Header {
  readonly format: 1
  readonly key: string
  readonly endianness: string
  readonly words: readonly string[]
  readonly entries: readonly SavedEntry[]
}

export interface SearchRecordCache {
  /** The cached record of `key`, if its fragment file is still as written. */
  readonly get: (key: string) => IndexedRecord | undefined
  /** Makes the fragment file `file` (just written into the output) the cache's, by a link: not a second file. */
  readonly adoptFragment: (hash: string, file: string) => void
  /** The file of a fragment `get` gave. */
  readonly fragmentFile: (hash: string) => string
  /** Whether `file` is a link to that fragment's file, as this build found or wrote it. */
  readonly linksTo: (file: string, hash: string) => boolean
  /**
   * Keeps this build's records: `numbers` are the indexer's, three a word (its place in `words`,
   * any number, its count), `records` say where each record's are. Deletes the fragments none uses.
   */
  readonly save: (words: readonly string[], numbers: Iterable<Int32Array>, records: readonly RecordPlace[]) => void
}

export function openSearchRecordCache(dir: string, key: string): SearchRecordCache {
  const fragments = join(dir, 'fragments')
  const recordsFile = join(dir, 'records.bin')
  mkdirSync(fragments, { recursive: true })
  const saved = load(recordsFile, key)
  // The fragment files this build found as written, or wrote: their size and time, to save, and which file they are.
  const valid = new Map<string, readonly [size: number, mtimeMs: number, ino: number, dev: number]>()
  const fragmentFile = (hash: string) => join(fragments, `${hash}.json`)
  return {
    get(recordKey) {
      const entry = saved?.entries.get(recordKey)
      if (entry === undefined) return undefined
      const [, start, end, length, fragment, size, mtimeMs] = entry
      const stat = statOf(fragmentFile(fragment))
      if (stat === undefined || !stat.isFile() || stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined
      valid.set(fragment, [size, mtimeMs, stat.ino, stat.dev])
      return { words: saved!.words, counts: saved!.numbers.subarray(start, end), length, fragment, fragmentBytes: size }
    },
    adoptFragment(hash, file) {
      if (valid.has(hash)) return
      const cached = fragmentFile(hash)
      // One of that name the cache does not trust (changed since, or never saved) is replaced.
      linkOrCopy(file, cached)
      const stat = lstatSync(cached)
      valid.set(hash, [stat.size, stat.mtimeMs, stat.ino, stat.dev])
    },
    fragmentFile,
    linksTo(file, hash) {
      const known = valid.get(hash)
      const stat = known && statOf(file)
      return stat !== undefined && stat.isFile() && stat.size === known![0] && stat.mtimeMs === known![1] && stat.ino === known![2] && stat.dev === known![3]
    },
    save(words, numbers, records) {
      const entries = records.flatMap(({ key: recordKey, start, end, length, fragment }): SavedEntry[] => {
        const stat = valid.get(fragment)
        return stat === undefined ? [] : [[recordKey, start, end, length, fragment, stat[0], stat[1]]]
      })
      writeRecords(`${recordsFile}.${process.pid}`, { format: 1, key, endianness: endianness(), words, entries }, numbers)
      renameSync(`${recordsFile}.${process.pid}`, recordsFile)
      const used = new Set(entries.map((entry) => `${entry[4]}.json`))
      for (const file of readdirSync(fragments)) if (!used.has(file)) rmSync(join(fragments, file), { force: true })
    },
  }
}

/** The file's own stat (a link is not followed), or undefined when there is none to read. */
function statOf(file: string): Stats | undefined {
  try {
    return lstatSync(file)
  } catch {
    return undefined
  }
}

/** The header's length (4 bytes), the header, zeros up to a multiple of 4 bytes, the numbers, then the seal. */
function writeRecords(file: string, header: Header, numbers: Iterable<Int32Array>): void {
  const text = Buffer.from(JSON.stringify(header))
  const head = Buffer.alloc(align(4 + text.byteLength))
  head.writeUInt32LE(text.byteLength, 0)
  text.copy(head, 4)
  const seal = sealHash(header.key)
  const descriptor = openSync(file, 'w')
  try {
    writeAll(descriptor, head, seal)
    for (const part of numbers) writeAll(descriptor, new Uint8Array(part.buffer, part.byteOffset, part.byteLength), seal)
    writeAll(descriptor, seal.digest())
  } finally {
    closeSync(descriptor)
  }
}

function writeAll(descriptor: number, bytes: Uint8Array, seal?: Hash): void {
  seal?.update(bytes)
  for (let done = 0; done < bytes.byteLength; ) done += writeSync(descriptor, bytes, done)
}

const sealLength = 20

function sealHash(key: string): Hash {
  return createHash('sha1').update(`docsgen-search-records 1\0${key}\0`)
}

/** The file's bytes before its seal, if it is a plain file whose seal vouches for them under `key`. */
function readSealedBytes(file: string, key: string): Buffer | undefined {
  const bytes = readPlainFile(file)
  if (bytes === undefined || bytes.byteLength < 4 + sealLength) return undefined
  const body = bytes.subarray(0, bytes.byteLength - sealLength)
  return sealHash(key).update(body).digest().equals(bytes.subarray(body.byteLength)) ? body : undefined
}

function align(bytes: number): number {
  return Math.ceil(bytes / 4) * 4
}

function load(file: string, key: string): { words: readonly string[]; entries: Map<string, SavedEntry>; numbers: Int32Array } | undefined {
  const bytes = readSealedBytes(file, key)
  if (bytes === undefined) return undefined
  try {
    const length = bytes.readUInt32LE(0)
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as Header
    if (header.format !== 1 || header.key !== key || header.endianness !== endianness()) return undefined
    const from = align(4 + length)
    // A typed array's view must start at a multiple of 4 bytes: copied when the buffer's does not.
    const data = (bytes.byteOffset + from) % 4 === 0 ? bytes.subarray(from) : new Uint8Array(bytes.subarray(from))
    const numbers = new Int32Array(data.buffer, data.byteOffset, Math.floor(data.byteLength / 4))
    return { words: header.words, entries: new Map(header.entries.map((entry) => [entry[0], entry])), numbers }
  } catch {
    // A header that does not read (its seal held): every record is indexed.
    return undefined
  }
}
