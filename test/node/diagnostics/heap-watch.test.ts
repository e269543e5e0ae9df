import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkHeap, HeapLimitReached, heapLimitDiagnostic } from '../../../src/node/diagnostics/heap-watch.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { createWorker } from '../../../src/node/workers/run-in-worker.js'

const suggestion = 'Give Node.js a larger heap (NODE_OPTIONS=--max-old-space-size=8192, in megabytes), or build the site in parts.'

/** What a worker thread ended with: its error event. */
function workerError(module: string, resourceLimits?: { maxOldGenerationSizeMb: number }): Promise<unknown> {
  const worker = createWorker(new URL(`../../fixtures/workers/${module}`, import.meta.url), undefined, resourceLimits)
  return new Promise((resolve) => worker.once('error', resolve))
}

test('checkHeap is quiet under the limit and throws with both amounts past it', () => {
  checkHeap()
  checkHeap(Number.MAX_SAFE_INTEGER)
  try {
    checkHeap(2 * 1024 * 1024)
    assert.unreachable('a heap of more than 2 MB is past a 2 MB limit')
  } catch (error) {
    assert.instance(error, HeapLimitReached)
    assert.match((error as Error).message, /^the JavaScript heap held \d+ MB of the 2 MB the build may use$/)
  }
})

test('the heap running out here or on a worker thread is a diagnostic naming the stage; other errors are not', async () => {
  const here = heapLimitDiagnostic('content', new HeapLimitReached(3700 * 1024 * 1024, 3730 * 1024 * 1024))
  assert.is(
    formatDiagnostic(here!),
    `.: error: The build stopped in the content stage: the JavaScript heap held 3700 MB of the 3730 MB the build may use. ${suggestion} [docsgen:out-of-memory]`,
  )
  // Thrown on a worker thread, it arrives as a plain error of the same name and message.
  const thrown = await workerError('heap-limit-worker.ts')
  assert.not.instance(thrown, HeapLimitReached)
  assert.match(formatDiagnostic(heapLimitDiagnostic('render', thrown)!), /^\.: error: The build stopped in the render stage: the JavaScript heap held \d+ MB of the 0 MB the build may use\./)
  // A worker that reaches V8's own limit is ended by Node.js.
  const ended = await workerError('hoard-worker.ts', { maxOldGenerationSizeMb: 32 })
  assert.is(
    formatDiagnostic(heapLimitDiagnostic('render', ended)!),
    `.: error: The build stopped in the render stage: one of its worker threads ran out of JavaScript heap. ${suggestion} [docsgen:out-of-memory]`,
  )
  assert.is(heapLimitDiagnostic('render', new Error('disk full')), undefined)
  assert.is(heapLimitDiagnostic('render', 'a string'), undefined)
})

test.run()
