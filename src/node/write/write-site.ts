/**
 * The output folders are written complete into a staging sibling and then swapped in with a
 * rename, so a build that fails half-way never destroys the last good output, and readers of the
 * folder never see a half-written site. Pages are written as they are rendered (by any thread),
 * so a build never holds the whole site in memory.
 *
 * Creating every file of a fresh folder, and deleting every file of the old one after the swap,
 * cost about a quarter of a 1000-doc build on the bench machine; overwriting a file in place
 * costs a tenth as much. So the folder swapped out is kept as a spare, and the next build stages
 * into it: pages are overwritten in place, and every file that build did not write is swept away
 * before the swap. The spare of the deployable folder only ever held deployable output.
 */
import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readdirSync, rmSync, unlinkSync, writeSync, type Dirent } from 'node:fs'
import { lstat, mkdir, readdir, rename, rm, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { GATE_MANIFEST_FILE } from '../../shared/gate-manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { parentFolders } from '../../shared/portable-path.js'
import { outputPathProblem } from '../validate/check-output-paths.js'
import { withSlashes } from '../files/slash-path.js'

/** Writes files under one folder; safe to create in several threads for one folder. */
export interface FileWriter {
  /** Writes `content`; a text given in parts (a large one: json-parts.ts) is written part by part. */
  readonly write: (file: string, content: string | Uint8Array | Iterable<string>) => void
  /** Files and bytes written through this writer, and the files' paths (relative, with `/`). */
  readonly written: () => { readonly files: number; readonly bytes: number; readonly paths: readonly string[] }
}

/** The largest buffer a writer keeps for the next file. */
const scratchLimit = 1024 * 1024

export function createFileWriter(root: string): FileWriter {
  const folders = new Set<string>()
  const paths: string[] = []
  let bytes = 0
  // Text is encoded into one buffer kept for the next file, not a new one per file: a build writes thousands.
  // A file larger than any page (the manifest: 20 MB at 10 000 docs) gets a buffer of its own, not kept.
  let scratch = Buffer.allocUnsafe(0)
  const encoded = (text: string): Uint8Array => {
    const length = Buffer.byteLength(text)
    if (length > scratchLimit) return Buffer.from(text)
    if (length > scratch.byteLength) scratch = Buffer.allocUnsafe(Math.min(scratchLimit, Math.max(length, 2 * scratch.byteLength, 64 * 1024)))
    return scratch.subarray(0, scratch.write(text))
  }
  // Each part is written before the next is encoded into the same buffer.
  function* encodedParts(parts: Iterable<string>): Generator<Uint8Array> {
    for (const part of parts) yield encoded(part)
  }
  return {
    write(file, content) {
      // Every path was proven before the build began writing; reaching this is a docsgen bug.
      const problem = outputPathProblem(file)
      if (problem !== undefined) throw new Error(`Refusing to write "${file}" under ${root}: it ${problem}`)
      const path = join(root, file)
      const folder = dirname(path)
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true })
        folders.add(folder)
      }
      bytes += overwriteFile(path, typeof content === 'string' ? [encoded(content)] : content instanceof Uint8Array ? [content] : encodedParts(content))
      paths.push(file)
    },
    written: () => ({ files: paths.length, bytes, paths }),
  }
}

/**
 * Writes a file over the one already there, if any, in place, then cuts it to its new length.
 * Opening an existing file to truncate it (what writeFileSync does) makes ext4 write the file's
 * data back at close, lest a crash leave it empty: rewriting a reused staging folder that way
 * took 5 to 15 times as long on the bench machine. Nobody reads a staging folder before it is
 * swapped in, so a half-written file there is no risk. One open creates the file or opens the
 * one there without truncating it. A file with other links is shared with the live output (an
 * incremental build links unchanged pages: output-ledger.ts) or with the search index's cache
 * (search-record-cache.ts), so it is replaced, never written into; so is a symbolic link.
 */
export function overwriteFile(path: string, parts: Iterable<Uint8Array>): number {
  const fd = openInPlace(path)
  let length = 0
  try {
    for (const data of parts) {
      for (let written = 0; written < data.byteLength; ) written += writeSync(fd, data, written, data.byteLength - written, length + written)
      length += data.byteLength
    }
    ftruncateSync(fd, length)
  } finally {
    closeSync(fd)
  }
  return length
}

// Node defines no O_NOFOLLOW on Windows: there a symbolic link in a staging folder is still followed.
const noFollow = constants.O_NOFOLLOW ?? 0

/** The file at `path` opened to write into, or a new one where the one there is a link (hard or symbolic). */
function openInPlace(path: string): number {
  try {
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | noFollow)
    if (fstatSync(fd).nlink <= 1) return fd
    closeSync(fd)
    unlinkSync(path)
  } catch (error) {
    // A symbolic link put in a staging folder would have the build write wherever it points; a folder is in the way.
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP') unlinkSync(path)
    else if (code === 'EISDIR') rmSync(path, { recursive: true, force: true })
    else throw error
  }
  return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL)
}

/** A folder being written, to replace `target` once complete. */
export interface Staging {
  readonly dir: string
  readonly target: string
  /** Where the replaced folder is kept for the next build to stage into. */
  readonly spare: string | undefined
  /** Whether the folder is a spare with files of an earlier build in it. */
  readonly reused: boolean
  /** What a reused spare held when it was claimed: what the sweep removes unless this build wrote it. */
  readonly held?: readonly Dirent[]
}

/** A staging folder beside `target`: the spare of the last build if there is one, else empty. */
export async function createStaging(target: string, spare?: string): Promise<Staging> {
  const dir = `${target}.next-${process.pid}`
  await rm(dir, { recursive: true, force: true })
  // Renaming claims the spare, so two builds of one site never stage into the same folder.
  if (spare !== undefined && (await renameIfPossible(spare, dir))) {
    // Writing through a link left in an earlier output would write outside the folder: such a spare is not reused.
    const held = await filesAndFolders(dir)
    if (held !== undefined) return { dir, target, spare, reused: true, held }
    await rm(dir, { recursive: true, force: true })
  }
  await mkdir(dir, { recursive: true })
  return { dir, target, spare, reused: false }
}

/**
 * Staging folders beside `target` that a build ended before it could remove them left behind
 * (killed, or its machine stopped): `<target>.next-<pid>` and `.previous-<pid>` of a process that
 * no longer runs, holding nothing or what a build writes (the `_docsgen` folder, the gate's
 * manifest). Nothing else removes them, and each may be a whole site. A process that runs (or
 * whose pid was reused) keeps its folders, and a folder of that name holding anything else is
 * not docsgen's to remove.
 */
export function leftBehindStaging(target: string): string[] {
  const prefix = `${basename(target)}.`
  let names: string[]
  try {
    names = readdirSync(dirname(target))
  } catch {
    return []
  }
  return names
    .filter((name) => {
      if (!name.startsWith(prefix)) return false
      const pid = /^(?:next|previous)-(\d+)$/.exec(name.slice(prefix.length))?.[1]
      return pid !== undefined && Number(pid) !== process.pid && !processRuns(Number(pid)) && heldByBuild(join(dirname(target), name))
    })
    .map((name) => join(dirname(target), name))
}

function heldByBuild(folder: string): boolean {
  try {
    const names = readdirSync(folder)
    return names.length === 0 || names.includes(GENERATED_FOLDER) || names.includes(GATE_MANIFEST_FILE)
  } catch {
    return false
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/**
 * Removes every file and folder the staging folder held that this build did not write (the
 * folder is read once, as it is claimed: reading its 37 000 entries again cost 0.3 s of a
 * 10 000-doc site's incremental build). A folder is offered to `moveAside` first, which may take
 * it away to be removed off the build's path (publish-site.ts).
 */
export async function sweepStaging(staging: Staging, written: Iterable<string>, moveAside?: (folder: string) => Promise<boolean>): Promise<void> {
  if (!staging.reused || staging.held === undefined) return
  const files = new Set(written)
  const folders = new Set<string>()
  for (const file of files) for (const folder of parentFolders(file)) folders.add(folder)
  const removed: string[] = []
  // Each entry's path by slicing: path.relative() for each of a 37 000-file folder's entries cost more than the reading.
  const prefix = staging.dir.length + 1
  for (const entry of staging.held) {
    const folder = entry.parentPath.length < prefix ? '' : `${entry.parentPath.slice(prefix)}/`
    const path = withSlashes(`${folder}${entry.name}`)
    // Written by this build, as a file or a folder (whatever the spare held under that name).
    if (files.has(path) || folders.has(path) || removed.some((folder) => path.startsWith(`${folder}/`))) continue
    if (entry.isDirectory()) {
      if (!(await moveAside?.(join(staging.dir, path)))) await rm(join(staging.dir, path), { recursive: true, force: true })
      removed.push(path)
    } else await unlink(join(staging.dir, path)).catch(notMissing)
  }
}

export async function discardStaging(staging: Staging): Promise<void> {
  await rm(staging.dir, { recursive: true, force: true })
}

/** Replaces the target with its staging folder; the replaced folder becomes the spare. */
export async function swapIn(staging: Staging): Promise<void> {
  const { dir, target, spare } = staging
  const previous = `${target}.previous-${process.pid}`
  await rm(previous, { recursive: true, force: true })
  await mkdir(dirname(target), { recursive: true })
  const hadPrevious = await renameIfPossible(target, previous)
  await rename(dir, target)
  if (!hadPrevious) return
  if (spare !== undefined) {
    await rm(spare, { recursive: true, force: true })
    await mkdir(dirname(spare), { recursive: true })
    if (await renameIfPossible(previous, spare)) return
  }
  await rm(previous, { recursive: true, force: true })
}

/** Every entry in `dir`, if it holds only files and folders (undefined if anything else, or if it is not a folder). */
async function filesAndFolders(dir: string): Promise<Dirent[] | undefined> {
  if (!(await lstat(dir)).isDirectory()) return undefined
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.every((entry) => entry.isFile() || entry.isDirectory()) ? entries : undefined
}

/** A file already gone (its folder replaced by the search index's, say) needs no removing. */
function notMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error
}

/** Renames, or answers false when the source does not exist or is on another file system. */
async function renameIfPossible(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EXDEV') return false
    throw error
  }
}
