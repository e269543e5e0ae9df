/**
 * The output folders are written complete into a staging sibling and then swapped in with a
 * rename, so a build that fails half-way never destroys the last good output, and readers of the
 * folder never see a half-written site. Pages are written as they are rendered (by any thread),
 * so a build never holds the whole site in memory.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Writes files under one folder; safe to create in several threads for one folder. */
export interface FileWriter {
  readonly write: (file: string, content: string | Uint8Array) => void
  /** Files and bytes written through this writer. */
  readonly written: () => { readonly files: number; readonly bytes: number }
}

export function createFileWriter(root: string): FileWriter {
  const folders = new Set<string>()
  let files = 0
  let bytes = 0
  return {
    write(file, content) {
      const path = join(root, file)
      const folder = dirname(path)
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true })
        folders.add(folder)
      }
      writeFileSync(path, content)
      files++
      bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength
    },
    written: () => ({ files, bytes }),
  }
}

/** An empty staging folder beside `dir`. */
export async function createStaging(dir: string): Promise<string> {
  const staging = `${dir}.next-${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  return staging
}

export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true })
}

/** Replaces `dir` with its staging folder. */
export async function swapIn(staging: string, dir: string): Promise<void> {
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
