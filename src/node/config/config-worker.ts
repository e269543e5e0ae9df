/**
 * The config's thread: imports the compiled config and answers with its default export as plain
 * data. Runs under runUserCode, so the config cannot end, stall or outlive the build.
 */
import { workerData } from 'node:worker_threads'
import { userCodeThread } from '../workers/user-code-thread.js'
import { toPlainData } from './to-plain-data.js'

export interface ConfigJob {
  /** The compiled config module. */
  readonly moduleUrl: string
  /** The config file, relative to the site, named as the step. */
  readonly file: string
}

export type ConfigAnswer = ReturnType<typeof toPlainData>

const job = workerData as ConfigJob
const thread = userCodeThread<ConfigAnswer>()
thread.step(job.file)
// Started from a function, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
void import(job.moduleUrl).then((module: { default?: unknown }) => thread.done(toPlainData(module.default)))
