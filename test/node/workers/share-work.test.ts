import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { claimChunks, shareWork, type SharedWork } from '../../../src/node/workers/share-work.js'

const workerModule = new URL('../../fixtures/workers/claim-worker.ts', import.meta.url)

/** This thread's part: waits (at most 20 s) until the worker has begun claiming, then claims too. */
function afterWorkerBegins(work: SharedWork): number[] {
  const claims = new Int32Array(work.counters)
  const deadline = Date.now() + 20_000
  while (Atomics.load(claims, 2) === 0 && Date.now() < deadline) Atomics.wait(claims, 2, 0, 10)
  const items: number[] = []
  claimChunks(work, (start, end) => {
    for (let item = start; item < end; item++) items.push(item)
  })
  return items
}

test('threads share the items chunk by chunk: each item exactly once, the worker doing its part', async () => {
  const total = 50_000
  const [here, worker] = await shareWork<number[]>({ total, chunkSize: 7, workers: 1, workerModule, jobFor: (work) => ({ work }), here: afterWorkerBegins })
  assert.ok(worker!.length > 0, 'the worker claimed nothing')
  assert.equal([...here!, ...worker!].sort((a, b) => a - b), Array.from({ length: total }, (_, item) => item))
  // Chunks are whole: every item a thread got came with the rest of its chunk.
  for (const items of [here!, worker!]) assert.ok(items.every((item) => items.includes(item - (item % 7))))
})

test('what a worker posts as parts reaches onPart before its result: each item exactly once', async () => {
  const total = 5_000
  const parts: number[][] = []
  const [here, worker] = await shareWork<number[]>({
    total,
    chunkSize: 7,
    workers: 1,
    workerModule,
    jobFor: (work) => ({ work, inParts: true }),
    here: afterWorkerBegins,
    onPart: (part) => parts.push(part as number[]),
  })
  assert.equal(worker, [])
  assert.ok(parts.length > 0, 'the worker posted no part')
  assert.equal([...here!, ...parts.flat()].sort((a, b) => a - b), Array.from({ length: total }, (_, item) => item))
})

test('a worker that has not begun when the work runs out is stopped, not waited for', async () => {
  const results = await shareWork<number[]>({
    total: 10,
    chunkSize: 3,
    workers: 2,
    workerModule,
    // Held for a minute: waited for, the test would take that long and then fail on its results.
    jobFor: (work) => ({ work, holdMs: 60_000 }),
    here: (work) => {
      const items: number[] = []
      claimChunks(work, (start, end) => items.push(...Array.from({ length: end - start }, (_, offset) => start + offset)))
      return items
    },
  })
  // The workers had not begun when this thread had done all the items: stopped, with no result.
  assert.equal(results, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]])
})

test('when this thread fails, the workers are stopped and the error is passed on', async () => {
  const failure = await shareWork({
    total: 10,
    chunkSize: 3,
    workers: 1,
    workerModule,
    jobFor: (work) => ({ work }),
    here: () => {
      throw new Error('this thread failed')
    },
  }).catch((error: Error) => error)
  assert.instance(failure, Error)
  assert.is((failure as Error).message, 'this thread failed')
})

test.run()
