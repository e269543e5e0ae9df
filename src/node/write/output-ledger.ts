/**
 * What each file of the output folders was rendered from, so an incremental build renders only
 * the pages whose inputs changed. A page's inputs are a hash of everything its files are made
 * from (render-pages.ts). The staging folder is the spare of the build before last
 * (write-site.ts): a page whose files there were rendered from the same inputs is left as it is;
 * one whose files in the last output were is linked from there; any other is rendered. A file
 * counts only while it is a plain file whose size and modification time are what the ledger
 * says, so a folder changed or removed by anything else is never trusted.
 *
 * Linking, not copying: copying the 25 000 unchanged files of a 10 000-doc site took 6 s of a
 * one-file change's build; a hard link takes a few microseconds. The staging folder and the live
 * output then share those files, so the writer never writes into a file with another link
 * (write-site.ts): it replaces it.
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, statSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** A file's inputs hash, size and modification time when it was written. */
export type LedgerEntry = readonly [inputs: string, size: number, mtimeMs: number]

export interface FolderLedgers {
  readonly public: ReadonlyMap<string, LedgerEntry>
  readonly private: ReadonlyMap<string, LedgerEntry>
}

export type OutputSide = keyof FolderLedgers

/** A route's own inputs (page-inputs.ts's ownInputs), all its inputs, and its public sidebar branch's file. */
export type RouteMemo = readonly [own: string, inputs: string, branch: string | null]

/** What a page thread knows of earlier outputs. */
export interface PageLedger {
  /** What every page is made from besides its own inputs (the config, the head, private text to look for). */
  readonly global: string
  /**
   * The last build's routes' memos, when that build had the same manifest and global inputs
   * (else none): a route whose own inputs are unchanged then has the inputs it had.
   */
  readonly memos: Readonly<Record<string, RouteMemo>>
  /** The files of the staging folders (a spare of an earlier build), by their ledger. */
  readonly staging: FolderLedgers
  /** The last output's folders and their ledger. */
  readonly output: FolderLedgers & { readonly publicDir: string; readonly privateDir: string }
}

export interface PageKeeper {
  /**
   * Whether `files` are already made from `inputs`: left in the staging folder or copied from the
   * last output. False: the caller writes them.
   */
  readonly keep: (files: readonly (readonly [OutputSide, string])[], inputs: string) => boolean
  /** Notes a file just written into the staging folder, made from `inputs`. */
  readonly record: (side: OutputSide, file: string, inputs: string) => void
  /** The ledger of every file kept or recorded. */
  readonly ledger: () => Record<OutputSide, [string, LedgerEntry][]>
}

export function createPageKeeper(ledger: PageLedger | undefined, staging: { readonly publicDir: string; readonly privateDir: string }): PageKeeper {
  const entries: Record<OutputSide, [string, LedgerEntry][]> = { public: [], private: [] }
  const folders = new Set<string>()
  const stagingDir = (side: OutputSide) => (side === 'public' ? staging.publicDir : staging.privateDir)
  const record = (side: OutputSide, file: string, inputs: string) => {
    const stat = statSync(join(stagingDir(side), file))
    entries[side].push([file, [inputs, stat.size, stat.mtimeMs]])
  }
  const holds = (dir: string, entry: LedgerEntry | undefined, file: string, inputs: string) => {
    if (entry === undefined || entry[0] !== inputs) return false
    // lstat: a link left in the folder by hand is not a page docsgen wrote. The ledger's names
    // are the writer's own, relative with "/": joined as they are (path.join cost a quarter of
    // the 22 000 checks of a 10 000-doc site's incremental build).
    try {
      const stat = lstatSync(`${dir}/${file}`, { throwIfNoEntry: false })
      return stat !== undefined && stat.isFile() && stat.size === entry[1] && stat.mtimeMs === entry[2]
    } catch {
      // Unreadable, or under a file put in place of its folder: not trusted.
      return false
    }
  }
  return {
    keep(files, inputs) {
      if (ledger === undefined) return false
      const inStaging = files.every(([side, file]) => holds(stagingDir(side), ledger.staging[side].get(file), file, inputs))
      const outputDir = (side: OutputSide) => (side === 'public' ? ledger.output.publicDir : ledger.output.privateDir)
      if (!inStaging && !files.every(([side, file]) => holds(outputDir(side), ledger.output[side].get(file), file, inputs))) return false
      for (const [side, file] of files) {
        if (inStaging) {
          entries[side].push([file, ledger.staging[side].get(file)!])
          continue
        }
        const target = join(stagingDir(side), file)
        if (!folders.has(dirname(target))) {
          mkdirSync(dirname(target), { recursive: true })
          folders.add(dirname(target))
        }
        // A link is the file the ledger vouched for, its size and time included; a copy is a new file.
        if (linkOrCopy(join(outputDir(side), file), target)) entries[side].push([file, ledger.output[side].get(file)!])
        else record(side, file, inputs)
      }
      return true
    },
    record,
    ledger: () => entries,
  }
}

/** `to` made the file at `from`: a hard link (true), or a copy where the file system has none (or refuses one more). */
export function linkOrCopy(from: string, to: string): boolean {
  // Linked at once where nothing is in the way (most targets): an unlink first cost as much as the link.
  if (linked(from, to)) return true
  // unlink, not rmSync: Node's rmSync took 0.8 ms a file, as long as the copy it saves.
  try {
    unlinkSync(to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (linked(from, to)) return true
  copyFileSync(from, to)
  return false
}

function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to)
    return true
  } catch {
    return false
  }
}

/** What a build's pages were made from: each file's ledger entry, each route's memo. */
export interface WrittenLedger {
  readonly public: readonly [string, LedgerEntry][]
  readonly private: readonly [string, LedgerEntry][]
  readonly memos: readonly [string, RouteMemo][]
}
