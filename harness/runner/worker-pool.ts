/**
 * Runs scenarios on N worker threads, handing each idle worker the next scenario, so a slow
 * scenario never holds up a fixed share of the others. Each worker loads happy-dom, the driver
 * and the compiled widget once.
 */
import { Worker } from 'node:worker_threads'
import type { WorldAssets } from '../driver/browser-world.js'
import type { Scenario } from '../scenario/scenario.js'
import type { ScenarioResult } from './results.js'
import { runScenario } from './run-scenario.js'

export interface ScenarioRunner {
  /** Runs when a worker is free, unless `wanted()` says no by then (--bail): then undefined. */
  run(scenario: Scenario, attempt: number, wanted: () => boolean): Promise<ScenarioResult | undefined>
  close(): Promise<void>
}

function workerFor(assets: WorldAssets): Worker {
  const url = new URL(`./scenario-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url)
  // From source (tests, tsx) the worker registers tsx itself before loading its TypeScript entry.
  return url.pathname.endsWith('.ts')
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}) })`, { eval: true, workerData: assets })
    : new Worker(url, { workerData: assets })
}

export function createRunner(workers: number, assets: WorldAssets): ScenarioRunner {
  if (workers <= 1) {
    // One at a time in this thread: scenarios in one event loop would slow each other's draining.
    let queue: Promise<unknown> = Promise.resolve()
    return {
      run(scenario, attempt, wanted) {
        const result = queue.then(() => (wanted() ? runScenario(scenario, assets, attempt) : undefined))
        queue = result.catch(() => undefined)
        return result
      },
      close: async () => {},
    }
  }
  const idle: Worker[] = []
  const waiting: Array<(worker: Worker) => void> = []
  const pending = new Map<number, { resolve: (result: ScenarioResult) => void; reject: (error: Error) => void }>()
  const all: Worker[] = []
  let next = 0
  for (let index = 0; index < workers; index++) {
    const worker = workerFor(assets)
    worker.on('message', ({ id, result }: { id: number; result: ScenarioResult }) => {
      pending.get(id)?.resolve(result)
      pending.delete(id)
      release(worker)
    })
    worker.on('error', (error) => {
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    })
    all.push(worker)
    idle.push(worker)
  }
  const release = (worker: Worker) => {
    const taker = waiting.shift()
    if (taker) taker(worker)
    else idle.push(worker)
  }
  const acquire = () => new Promise<Worker>((resolve) => (idle.length > 0 ? resolve(idle.shift()!) : waiting.push(resolve)))
  return {
    async run(scenario, attempt, wanted) {
      const worker = await acquire()
      if (!wanted()) {
        release(worker)
        return undefined
      }
      const id = next++
      return new Promise<ScenarioResult>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, scenario, attempt })
      })
    },
    async close() {
      await Promise.all(all.map((worker) => worker.terminate()))
    },
  }
}
