/**
 * Writes the deployable folder and the private folder. Each is written complete into a sibling
 * folder first and then swapped in with a rename, so a build that fails half-way never destroys
 * the last good output, and readers of the folder never see a half-written site.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

export interface OutputFile {
  /** Relative to its folder, forward slashes. */
  readonly file: string
  readonly content: string | Uint8Array
}

export interface WriteResult {
  readonly files: number
  readonly bytes: number
}

export async function writeSite(folders: readonly { readonly dir: string; readonly files: readonly OutputFile[] }[]): Promise<WriteResult[]> {
  const staged = await Promise.all(folders.map(async ({ dir, files }) => ({ dir, result: await stage(dir, files) })))
  // Swap only once every folder is fully written.
  for (const { dir, result } of staged) await swap(result.staging, dir)
  return staged.map(({ result }) => ({ files: result.files, bytes: result.bytes }))
}

async function stage(dir: string, files: readonly OutputFile[]): Promise<{ staging: string; files: number; bytes: number }> {
  const staging = `${dir}.next-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  const folders = new Set(files.map((file) => dirname(join(staging, file.file))))
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true })
  let bytes = 0
  // Bounded concurrency: fast on SSDs without exhausting file handles on big sites.
  const queue = [...files]
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      await writeFile(join(staging, file.file), file.content)
      bytes += typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker))
  return { staging, files: files.length, bytes }
}

async function swap(staging: string, dir: string): Promise<void> {
  const previous = `${dir}.previous-${process.pid}`
  await rm(previous, { recursive: true, force: true })
  await mkdir(dirname(dir), { recursive: true })
  let hadPrevious = true
  try {
    await rename(dir, previous)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    hadPrevious = false
  }
  await rename(staging, dir)
  if (hadPrevious) await rm(previous, { recursive: true, force: true })
}
