/**
 * The build's watch on its memory. V8 ends a process whose JavaScript heap reaches its limit with
 * a fatal error and nothing else: no stage, no output, no hint. So the loops that grow with the
 * site (a file parsed, a page rendered) call checkHeap(), which throws HeapLimitReached once the
 * heap holds 90% of the limit, and the build turns it into a diagnostic naming the stage and the
 * amounts (heapLimitDiagnostic). A worker thread that runs out all the same is reported too.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

/** Thrown by checkHeap. On a worker thread it arrives as a plain Error of the same name and message. */
export class HeapLimitReached extends Error {
  constructor(usedBytes: number, limitBytes: number) {
    super(`the JavaScript heap held ${megabytes(usedBytes)} of the ${megabytes(limitBytes)} the build may use`)
    this.name = 'HeapLimitReached'
  }
}

/** The share of V8's heap limit at which the build stops: near the limit V8 spends its time collecting, then aborts. */
const stopShare = 0.9

/** Throws HeapLimitReached when the heap in use is past `limitBytes` (default: 90% of V8's limit for this thread). */
export function checkHeap(limitBytes?: number): void {
  const heap = getHeapStatistics()
  const limit = limitBytes ?? heap.heap_size_limit * stopShare
  if (heap.used_heap_size > limit) throw new HeapLimitReached(heap.used_heap_size, limit)
}

/** The diagnostic for `error` thrown in `stage` if it is the heap running out (here or on a worker thread), else undefined. */
export function heapLimitDiagnostic(stage: string, error: unknown): Diagnostic | undefined {
  if (!(error instanceof Error)) return undefined
  const workerOut = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
  if (!workerOut && error.name !== 'HeapLimitReached') return undefined
  return diagnostic({
    file: '.',
    ruleId: 'out-of-memory',
    message: `The build stopped in the ${stage} stage: ${workerOut ? 'one of its worker threads ran out of JavaScript heap' : error.message}`,
    suggestion: 'Give Node.js a larger heap (NODE_OPTIONS=--max-old-space-size=8192, in megabytes), or build the site in parts.',
  })
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}

/**
 * How far past what it held after its last full collection a heap may grow before the next, as
 * a percentage. V8 lets a heap that collects quickly grow to up to four times that: a 100 000-doc
 * build, holding about 0.5 GB, went 320 s without a full collection while its main thread's heap
 * grew from 1.1 GB to 2.2 GB, nearly all of it garbage. A build's garbage is short-lived pages and
 * messages, so collecting it sooner costs little time.
 */
const heapGrowthPercent = 30

/**
 * Keeps every heap of the process (the main thread's and each worker's) near what it holds. For
 * a process that runs builds (the CLI): it is a V8 flag, read as each full collection ends.
 */
export function keepHeapsNearLive(): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowthPercent}`)
}
