/**
 * A thread writing files for the thread that renders (file-write-worker.ts). Rendering puts each
 * file in a ring of shared memory (file-write-ring.ts) and goes on; it waits only when the ring
 * is full, so what waits to be written is bounded by the ring's size, not the site's.
 */
import { statSync } from 'node:fs'
import { createWorker, siblingModule } from '../workers/run-in-worker.js'
import { createRing, createRingPutter, ringOf } from './file-write-ring.js'
import type { FileStamps } from './output-ledger.js'
import { overwrite, type FileSink } from './write-site.js'

/** What the thread answers when the ring is closed: the first failure, or every file's size and time if asked. */
export interface FileWriteAnswer {
  readonly failure?: FileWriteFailure | undefined
  readonly stamps: FileStamps
}

/** What made a write fail, for the error the build reports. */
export interface FileWriteFailure {
  readonly path: string
  readonly message: string
  readonly code?: string | undefined
}

export interface FileWriteThread {
  readonly sink: FileSink
  /**
   * Waits for every file handed over to be written, then ends the thread; answers their sizes and
   * times (when started with `stamps`), or rejects with the first write's failure.
   */
  readonly settle: () => Promise<FileStamps>
}

const ringBytes = 8 * 1024 * 1024
/** A thread that writes nothing for this long while the renderer waits has stopped working. */
const stalledMs = 60_000

/** `stamps`: note each file's size and modification time once written, for an incremental build's ledger (output-ledger.ts). */
export function startFileWriteThread(options: { stamps?: boolean; ringBytes?: number } = {}): FileWriteThread {
  const shared = createRing(options.ringBytes ?? ringBytes)
  const putter = createRingPutter(ringOf(shared), stalledMs)
  const worker = createWorker(siblingModule('file-write-worker', import.meta.url), { shared, stamps: options.stamps ?? false })
  const answer = new Promise<FileWriteAnswer>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', () => reject(new Error('The thread writing the pages stopped before writing them all.')))
  })
  answer.catch(() => undefined)
  // Files too large for the ring are written here, once the thread has written everything before them.
  const ownStamps = new Map<string, readonly [number, number]>()
  const sink: FileSink = (path, content) => {
    const pathLength = Buffer.byteLength(path)
    const contentLength = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength
    if (putter.fits(pathLength, contentLength)) return putter.put(path, pathLength, content, contentLength)
    putter.drain()
    overwrite(path, [typeof content === 'string' ? Buffer.from(content) : content])
    if (options.stamps) {
      const { size, mtimeMs } = statSync(path)
      ownStamps.set(path, [size, mtimeMs])
    }
  }
  const settle = async () => {
    putter.close()
    try {
      const { failure, stamps } = await answer
      if (failure !== undefined) throw Object.assign(new Error(`Cannot write ${failure.path}: ${failure.message}`), { code: failure.code, path: failure.path })
      return new Map([...stamps, ...ownStamps])
    } finally {
      void worker.terminate()
    }
  }
  return { sink, settle }
}
