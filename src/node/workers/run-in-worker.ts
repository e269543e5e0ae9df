/**
 * Runs one job on a worker thread: the worker module (a sibling file exporting nothing, posting
 * one message) receives `data` as workerData and answers once. Used for the CPU-heavy stages
 * (parse, render), so a build uses every core.
 */
import { Worker } from 'node:worker_threads'

export interface RunningWorker<Result> {
  /** The worker's one answer; rejects if it throws or exits without answering. */
  readonly result: Promise<Result>
  /** Ends the worker without waiting for its answer. */
  readonly stop: () => Promise<void>
}

export function startWorker<Result>(moduleUrl: URL, data: unknown): RunningWorker<Result> {
  const worker = moduleUrl.pathname.endsWith('.ts')
    ? // Running from source under tsx (tests, development): a worker's entry module is loaded
      // before `--import` hooks apply, so the worker registers tsx itself, then loads the .ts entry.
      new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(moduleUrl.href)}) })`,
        { eval: true, workerData: data },
      )
    : new Worker(moduleUrl, { workerData: data })
  let stopped = false
  const result = new Promise<Result>((resolve, reject) => {
    worker.once('message', (answer: Result) => {
      resolve(answer)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0 && !stopped) reject(new Error(`worker ${moduleUrl.pathname} exited with code ${code}`))
    })
  })
  return {
    result,
    stop: async () => {
      stopped = true
      result.catch(() => undefined)
      await worker.terminate()
    },
  }
}

export function runInWorker<Result>(moduleUrl: URL, data: unknown): Promise<Result> {
  return startWorker<Result>(moduleUrl, data).result
}

/** The URL of a sibling worker module, with the extension this code runs under (.ts from source, .js compiled). */
export function siblingModule(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base)
}
