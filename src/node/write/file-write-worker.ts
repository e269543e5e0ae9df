/**
 * The thread that writes the page files the rendering thread puts in the ring
 * (file-write-thread.ts), so their system calls (open, write, truncate, close: half the render
 * stage of a 1000-doc site on one thread) run beside the rendering instead of in it. After the
 * first failure it writes nothing more; it answers the failure, or the files' stamps, once the
 * ring is closed.
 */
import { mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { FileWriteAnswer, FileWriteFailure } from './file-write-thread.js'
import { markRingFailed, ringOf, takeFromRing } from './file-write-ring.js'
import { overwrite } from './write-site.js'

const { shared, stamps: stamping } = workerData as { shared: SharedArrayBuffer; stamps: boolean }
const ring = ringOf(shared)
const folders = new Set<string>()
const stamps = new Map<string, [number, number]>()
let failure: FileWriteFailure | undefined

function write(path: string, content: Uint8Array): void {
  const folder = dirname(path)
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true })
    folders.add(folder)
  }
  overwrite(path, [content])
  if (stamping) {
    const { size, mtimeMs } = statSync(path)
    stamps.set(path, [size, mtimeMs])
  }
}

takeFromRing(ring, (path, content) => {
  if (failure !== undefined) return
  try {
    write(path, content)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    failure = { path, message, code }
    markRingFailed(ring)
  }
})
parentPort!.postMessage({ failure, stamps } satisfies FileWriteAnswer)
