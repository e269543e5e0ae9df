/**
 * The thread that evaluates a Docusaurus config: the CommonJS names a Docusaurus config may use
 * (`require`, `require.resolve`, `__dirname`, `__filename`) given as globals, so a config that
 * declares its own still compiles; a config that exports a function (sync or async) called, as
 * Docusaurus does; the result as plain data, whatever is not plain (plugins, functions) listed.
 */
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { workerData } from 'node:worker_threads'
import { userCodeThread } from '../workers/user-code-thread.js'
import { toPlainData } from './to-plain-data.js'

export interface DocusaurusConfigJob {
  readonly moduleUrl: string
  /** The config file, relative to the site, named as the step. */
  readonly file: string
  /** The config file's absolute path. */
  readonly path: string
}

export type DocusaurusConfigAnswer = ReturnType<typeof toPlainData>

const job = workerData as DocusaurusConfigJob
const thread = userCodeThread<DocusaurusConfigAnswer>()
thread.step(job.file)
Object.assign(globalThis, { require: createRequire(job.path), __filename: job.path, __dirname: dirname(job.path) })
const module = (await import(job.moduleUrl)) as { default?: unknown }
const exported = module.default
thread.done(toPlainData(await (typeof exported === 'function' ? (exported as () => unknown)() : exported)))
