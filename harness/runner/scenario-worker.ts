/** A worker thread of `--workers N`: runs the scenarios it is sent, one at a time, and answers each. */
import { parentPort, workerData } from 'node:worker_threads'
import type { WorldAssets } from '../driver/browser-world.js'
import type { Scenario } from '../scenario/scenario.js'
import { runScenario } from './run-scenario.js'

const assets = workerData as WorldAssets
parentPort!.on('message', (job: { id: number; scenario: Scenario; attempt: number }) => {
  void runScenario(job.scenario, assets, job.attempt).then((result) => parentPort!.postMessage({ id: job.id, result }))
})
