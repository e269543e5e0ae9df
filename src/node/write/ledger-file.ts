/**
 * The output ledger kept between builds (.docsgen/cache/incremental/output.json): what each file
 * of the last output and of its spares was made from (output-ledger.ts), the last output's
 * routes, and each route's memo. Sealed like every file of the cache (sealed-file.ts), and kept
 * small because every incremental build reads and writes it whole: each folder's files as
 * columns, each distinct inputs hash once (a page and its page data share theirs), and the spare,
 * which after a small change holds nearly what the output holds, as its differences from it.
 */
import { readSealedJson, writeSealed } from '../files/sealed-file.js'
import type { FolderLedgers, LedgerEntry, OutputSide, PageLedger, RouteMemo, WrittenLedger } from './output-ledger.js'

export interface LedgerFile {
  /**
   * The page ledger for a build staging into spares (`reused` says whether each was), under
   * `global` inputs, of a site whose manifest and global inputs hash to `site`.
   */
  readonly pageLedger: (global: string, reused: Record<OutputSide, boolean>, output: { readonly publicDir: string; readonly privateDir: string }, site: string) => PageLedger
  /** The routes of the last output (none without a cache). */
  readonly lastRoutes: readonly string[]
  /** Whether the cache knows what the spares hold (not after a full build): else a build that keeps pages links them all from the last output. */
  readonly sparesKnown: boolean
  /** Keeps what the output now holds, once swapped in (its spares hold what it held), made of a site hashing to `site`. */
  readonly save: (written: WrittenLedger, routes: readonly string[], site: string) => void
}

/** One folder's files, and for each its inputs (an index into the file's `inputs`), size and time. */
type Columns = [files: string[], inputs: number[], sizes: number[], mtimes: number[]]

/** A spare's ledger: the output's but for the output's files it lacks or holds otherwise (by index), and `other` entries. */
interface SpareColumns {
  readonly absent: number[]
  readonly other: Columns
}

interface Saved {
  readonly format: 2
  readonly inputs: string[]
  readonly output: Record<OutputSide, Columns>
  readonly spare: Record<OutputSide, SpareColumns>
  /** The routes of the last output. */
  readonly routes: string[]
  /** A hash of the last output's manifest and global inputs, and its routes' memos (as columns). */
  readonly site: string
  readonly memos: [paths: string[], own: string[], inputs: string[], branches: (string | null)[]]
}

const none = (): FolderLedgers => ({ public: new Map(), private: new Map() })

export function openLedgerFile(file: string, key: string): LedgerFile {
  // None yet, or not one the seal vouches for: every page is rendered.
  const saved = readSealedJson(file, key, isSaved)
  const output = saved ? { public: decode(saved.inputs, saved.output.public), private: decode(saved.inputs, saved.output.private) } : none()
  const spare = saved ? { public: decodeSpare(saved.inputs, saved.output.public, saved.spare.public), private: decodeSpare(saved.inputs, saved.output.private, saved.spare.private) } : none()
  return {
    pageLedger: (global, reused, folders, site) => ({
      global,
      memos: saved?.site === site ? memosOf(saved.memos) : {},
      staging: { public: reused.public ? spare.public : new Map(), private: reused.private ? spare.private : new Map() },
      output: { ...output, ...folders },
    }),
    lastRoutes: saved?.routes ?? [],
    sparesKnown: spare.public.size + spare.private.size > 0,
    save(written, routes, site) {
      const inputs = new Map<string, number>()
      const outputColumns = { public: encode(inputs, written.public), private: encode(inputs, written.private) }
      const spareColumns = { public: encodeSpare(inputs, written.public, output.public), private: encodeSpare(inputs, written.private, output.private) }
      const memos: Saved['memos'] = [[], [], [], []]
      for (const [path, [own, made, branch]] of written.memos) {
        memos[0].push(path)
        memos[1].push(own)
        memos[2].push(made)
        memos[3].push(branch)
      }
      writeSealed(file, key, JSON.stringify({ format: 2, inputs: [...inputs.keys()], output: outputColumns, spare: spareColumns, routes: [...routes], site, memos } satisfies Saved))
    },
  }
}

function memosOf([paths, own, inputs, branches]: Saved['memos']): Record<string, RouteMemo> {
  const memos: Record<string, RouteMemo> = {}
  for (let at = 0; at < paths.length; at++) memos[paths[at]!] = [own[at]!, inputs[at]!, branches[at]!]
  return memos
}

function encode(inputs: Map<string, number>, entries: Iterable<readonly [string, LedgerEntry]>): Columns {
  const columns: Columns = [[], [], [], []]
  for (const [file, [made, size, mtime]] of entries) {
    let index = inputs.get(made)
    if (index === undefined) inputs.set(made, (index = inputs.size))
    columns[0].push(file)
    columns[1].push(index)
    columns[2].push(size)
    columns[3].push(mtime)
  }
  return columns
}

function decode(inputs: readonly string[], [files, made, sizes, mtimes]: Columns): Map<string, LedgerEntry> {
  const entries = new Map<string, LedgerEntry>()
  for (let at = 0; at < files.length; at++) entries.set(files[at]!, [inputs[made[at]!]!, sizes[at]!, mtimes[at]!])
  return entries
}

/** The spare (the output as it was) against the new output, `written`. */
function encodeSpare(inputs: Map<string, number>, written: readonly [string, LedgerEntry][], spare: ReadonlyMap<string, LedgerEntry>): SpareColumns {
  const absent: number[] = []
  const now = new Map<string, LedgerEntry>()
  written.forEach(([file, entry], at) => {
    now.set(file, entry)
    if (!sameEntry(spare.get(file), entry)) absent.push(at)
  })
  const other: [string, LedgerEntry][] = []
  for (const [file, entry] of spare) if (!sameEntry(now.get(file), entry)) other.push([file, entry])
  return { absent, other: encode(inputs, other) }
}

function sameEntry(one: LedgerEntry | undefined, other: LedgerEntry): boolean {
  return one !== undefined && one[0] === other[0] && one[1] === other[1] && one[2] === other[2]
}

function decodeSpare(inputs: readonly string[], output: Columns, { absent, other }: SpareColumns): Map<string, LedgerEntry> {
  const lacking = new Set(absent)
  const entries = new Map<string, LedgerEntry>()
  const [files, made, sizes, mtimes] = output
  for (let at = 0; at < files.length; at++) if (!lacking.has(at)) entries.set(files[at]!, [inputs[made[at]!]!, sizes[at]!, mtimes[at]!])
  for (const [file, entry] of decode(inputs, other)) entries.set(file, entry)
  return entries
}

/** The saved ledger's shape, each column as long as its folder's files and each index within `inputs` (it is docsgen's by its seal, and still checked). */
function isSaved(value: unknown): value is Saved {
  const saved = value as Partial<Saved> | null
  if (typeof saved !== 'object' || saved === null || saved.format !== 2 || typeof saved.site !== 'string' || !strings(saved.inputs) || !strings(saved.routes)) return false
  const count = saved.inputs.length
  const columnsOk = (columns: unknown): boolean => {
    if (!Array.isArray(columns) || columns.length !== 4) return false
    const [files, made, sizes, mtimes] = columns as unknown[][]
    return strings(files) && [made, sizes, mtimes].every((column) => Array.isArray(column) && column.length === files.length && column.every((item) => typeof item === 'number'))
      && made!.every((index) => Number.isInteger(index) && (index as number) >= 0 && (index as number) < count)
  }
  const sides = (folders: unknown, ok: (folder: unknown) => boolean) => typeof folders === 'object' && folders !== null && ok((folders as Record<string, unknown>).public) && ok((folders as Record<string, unknown>).private)
  const spareOk = (folder: unknown) => typeof folder === 'object' && folder !== null && columnsOk((folder as SpareColumns).other) && Array.isArray((folder as SpareColumns).absent) && (folder as SpareColumns).absent.every(Number.isInteger)
  const memos = saved.memos
  const memosOk = Array.isArray(memos) && memos.length === 4 && strings(memos[0]) && strings(memos[1]) && strings(memos[2]) && Array.isArray(memos[3])
    && memos.every((column) => column.length === memos[0].length) && memos[3].every((branch) => branch === null || typeof branch === 'string')
  return memosOk && sides(saved.output, columnsOk) && sides(saved.spare, spareOk)
}

function strings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
