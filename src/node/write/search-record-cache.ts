/**
 * What the search indexer keeps across incremental builds (in .docsgen/cache/incremental/search/),
 * so a build indexes again only the records that changed: each record's words with their counts
 * and its length in words, by its key (a hash of everything the record is made from: URL, title,
 * lead and body), and its fragment, in a file named after its hash. A cached record counts only
 * while its fragment file is a plain file of the size and modification time it was written with:
 * fragments are hard-linked into the output (write-search-index.ts), and a fragment changed there
 * by hand is never trusted. The cache is one file read at once, and kept under the build's key
 * (build-key.ts): docsgen's code, so a changed tokenizer, and the config.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'

/** A record as the index needs it: its words, with the count of each (title and heading words weighted), and its fragment. */
export interface IndexedRecord {
  readonly words: readonly string[]
  /** Two numbers per word: its place in `words`, its count. */
  readonly counts: Int32Array
  readonly length: number
  /** The fragment's hash, which names its file in the cache. */
  readonly fragment: string
  readonly fragmentBytes: number
}

/** A record's entry as saved: the counts' word places are in the saved word list. */
type SavedEntry = readonly [counts: Int32Array, length: number, fragment: string, size: number, mtimeMs: number]

interface Saved {
  readonly format: 1
  readonly key: string
  readonly words: readonly string[]
  readonly entries: ReadonlyMap<string, SavedEntry>
}

export interface SearchRecordCache {
  /** The cached record of `key`, if its fragment file is still as written. */
  readonly get: (key: string) => IndexedRecord | undefined
  /** Writes a fragment into the cache (unless it is there already) and notes its file: returns that file. */
  readonly putFragment: (hash: string, fragment: string) => string
  /** The file of a fragment `get` or `putFragment` gave. */
  readonly fragmentFile: (hash: string) => string
  /** Keeps this build's records (`words` is the word list their counts point into) and deletes the fragments none of them uses. */
  readonly save: (words: readonly string[], records: ReadonlyMap<string, { readonly counts: Int32Array; readonly length: number; readonly fragment: string }>) => void
}

export function openSearchRecordCache(dir: string, key: string): SearchRecordCache {
  const fragments = join(dir, 'fragments')
  const indexFile = join(dir, 'records.bin')
  mkdirSync(fragments, { recursive: true })
  const saved = load(indexFile, key)
  // The fragment files this build found as written, or wrote: their size and time, to save.
  const valid = new Map<string, readonly [size: number, mtimeMs: number]>()
  const fragmentFile = (hash: string) => join(fragments, `${hash}.json`)
  return {
    get(recordKey) {
      const entry = saved?.entries.get(recordKey)
      if (entry === undefined) return undefined
      const [counts, length, fragment, size, mtimeMs] = entry
      try {
        const stat = lstatSync(fragmentFile(fragment))
        if (!stat.isFile() || stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined
      } catch {
        return undefined
      }
      valid.set(fragment, [size, mtimeMs])
      return { words: saved!.words, counts, length, fragment, fragmentBytes: size }
    },
    putFragment(hash, fragment) {
      const file = fragmentFile(hash)
      if (valid.has(hash)) return file
      // A new file, never written into: the one it replaces may be linked into an output.
      const temporary = `${file}.${process.pid}`
      writeFileSync(temporary, fragment)
      renameSync(temporary, file)
      const stat = lstatSync(file)
      valid.set(hash, [stat.size, stat.mtimeMs])
      return file
    },
    fragmentFile,
    save(words, records) {
      const entries = new Map<string, SavedEntry>()
      for (const [recordKey, { counts, length, fragment }] of records) {
        const stat = valid.get(fragment)
        if (stat !== undefined) entries.set(recordKey, [counts, length, fragment, stat[0], stat[1]])
      }
      const temporary = `${indexFile}.${process.pid}`
      writeFileSync(temporary, serialize({ format: 1, key, words, entries } satisfies Saved))
      renameSync(temporary, indexFile)
      const used = new Set([...entries.values()].map((entry) => `${entry[2]}.json`))
      for (const file of readdirSync(fragments)) if (!used.has(file)) rmSync(join(fragments, file), { force: true })
    },
  }
}

function load(indexFile: string, key: string): Saved | undefined {
  try {
    const saved = deserialize(readFileSync(indexFile)) as Saved
    return saved.format === 1 && saved.key === key ? saved : undefined
  } catch {
    // No cache yet, or one cut short: every record is indexed.
    return undefined
  }
}
