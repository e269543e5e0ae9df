/**
 * Work shared by this thread and worker threads, chunk by chunk: each thread claims the next
 * chunk from a counter in shared memory until none is left. A worker that starts late (loading
 * its modules takes a few hundred milliseconds) simply claims fewer chunks, so nobody waits for
 * a slow share to finish; and a worker that has not begun to claim when the work runs out is
 * stopped, so a small site never waits for a worker to start.
 */
import { availableParallelism } from 'node:os'
import type { ResourceLimits } from 'node:worker_threads'
import { startWorker } from './run-in-worker.js'

/** What each thread needs to claim chunks; lives in workerData for a worker. */
export interface SharedWork {
  /** Int32 slots: [0] the next unclaimed item, [1 + thread] how many claims each thread began. */
  readonly counters: SharedArrayBuffer
  readonly total: number
  readonly chunkSize: number
  /** This thread's claim slot (0 for the thread that shares the work). */
  readonly thread: number
}

/** Runs `run` on every chunk this thread claims, until all are claimed. */
export function claimChunks(work: SharedWork, run: (start: number, end: number) => void): void {
  const counters = new Int32Array(work.counters)
  for (;;) {
    // Announce the claim before making it: the sharing thread only stops workers that never did.
    Atomics.add(counters, 1 + work.thread, 1)
    const start = Atomics.add(counters, 0, work.chunkSize)
    if (start >= work.total) return
    run(start, Math.min(start + work.chunkSize, work.total))
  }
}

export interface ShareOptions<Result> {
  readonly total: number
  readonly chunkSize: number
  readonly workers: number
  /** The worker entry module; it receives `jobFor(work)` as workerData and posts one Result. */
  readonly workerModule: URL
  readonly jobFor: (work: SharedWork) => unknown
  /** This thread's part: claims chunks with claimChunks and returns what it made of them. */
  readonly here: (work: SharedWork) => Result
  /** The workers' heap sizes, when the work is better with other than V8's defaults. */
  readonly resourceLimits?: ResourceLimits
  /** Receives what a worker posts ahead of its result (run-in-worker.ts postPart). */
  readonly onPart?: (part: unknown) => void
}

/** Every thread's result, this thread's first. */
export async function shareWork<Result>(options: ShareOptions<Result>): Promise<Result[]> {
  const counters = new SharedArrayBuffer(4 * (options.workers + 2))
  const work = (thread: number): SharedWork => ({ counters, total: options.total, chunkSize: options.chunkSize, thread })
  const workers = Array.from({ length: options.workers }, (_, index) => startWorker<Result>(options.workerModule, options.jobFor(work(index + 1)), options.resourceLimits, options.onPart))
  const results: Result[] = []
  try {
    results.push(options.here(work(0)))
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.stop()))
    throw error
  }
  const claims = new Int32Array(counters)
  for (const [index, worker] of workers.entries()) {
    if (Atomics.load(claims, 2 + index) === 0) await worker.stop()
    else results.push(await worker.result)
  }
  return results
}

/** Threads for `count` items: one per core, but only as many as have `perThreadMinimum` items each (at least one). */
export function threadsFor(count: number, perThreadMinimum: number): number {
  return Math.max(1, Math.min(availableParallelism(), Math.floor(count / perThreadMinimum)))
}
