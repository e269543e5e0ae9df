/**
 * The thread that evaluates a Docusaurus config: the CommonJS names a Docusaurus config may use
 * (`require`, `require.resolve`, `__dirname`, `__filename`) given as globals, so a config that
 * declares its own still compiles; a config that exports a function (sync or async) called, as
 * Docusaurus does; the result as plain data, whatever is not plain (plugins, functions) listed.
 * A package that is not installed is stood in for, whether imported or required.
 */
import Module, { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { workerData } from 'node:worker_threads'
import { userCodeThread } from '../workers/user-code-thread.js'
import { createStandIn, standInKey } from './docusaurus-stand-in.js'
import { toPlainData } from './to-plain-data.js'

export interface DocusaurusConfigJob {
  readonly moduleUrl: string
  /** The config file, relative to the site, named as the step. */
  readonly file: string
  /** The config file's absolute path. */
  readonly path: string
  /** What an exported function is called with (VitePress's config environment); none for Docusaurus. */
  readonly argument?: unknown
  /** Whether a stand-in called with an object gives it back (see createStandIn). */
  readonly passConfig?: boolean
  /** The working folder as the config sees it (`process.cwd()`, `path.resolve('x')`), when not the process's. */
  readonly cwd?: string
}

export type DocusaurusConfigAnswer = ReturnType<typeof toPlainData> & { readonly stubbed: readonly string[] }

const job = workerData as DocusaurusConfigJob
const thread = userCodeThread<DocusaurusConfigAnswer>()
thread.step(job.file)
const stubbed = new Set<string>()
const standIn = createStandIn(job.passConfig)
const real = createRequire(job.path)
/** A package that is not installed is stood in for, by `require` and `require.resolve` alike (plugins are named by their resolved paths). */
const missing = (name: string, error: unknown) => {
  if (/^[./]/.test(name) || (error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error
  stubbed.add(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!)
}
const require = Object.assign(
  (name: string) => {
    try {
      return real(name) as unknown
    } catch (error) {
      missing(name, error)
      return standIn
    }
  },
  {
    resolve: (name: string) => {
      try {
        return real.resolve(name)
      } catch (error) {
        const typescript = typeScriptTwin(name)
        if (typescript !== undefined) return typescript
        missing(name, error)
        return name
      }
    },
    cache: real.cache,
  },
)
/**
 * `./sidebars.js` naming `sidebars.ts`: Docusaurus loads its config with a loader that, as
 * TypeScript does, finds a TypeScript file under the name of the JavaScript it compiles to.
 */
function typeScriptTwin(name: string): string | undefined {
  const match = /^(\.{1,2}\/.*)\.(m|c)?jsx?$/.exec(name)
  if (!match) return undefined
  const extensions = match[2] === undefined ? ['.ts', '.tsx'] : [`.${match[2]}ts`]
  for (const extension of extensions) {
    const candidate = join(dirname(job.path), match[1] + extension)
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

Object.assign(globalThis, { require, __filename: job.path, __dirname: dirname(job.path), [standInKey]: standIn })
// This thread's own `process`: the rest of the build keeps the process's working folder.
if (job.cwd !== undefined) {
  const cwd = job.cwd
  process.cwd = () => cwd
}

/**
 * A file of the site's own that the config requires (`require('./webpack.plugin.js')`) is run by
 * Node's loader, not compiled with the config: a package it requires that is not installed is
 * stood in for all the same. Node's CommonJS loader is this thread's own, so only the config's
 * code is affected; a missing file of the site's own still fails.
 */
const loader = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown }
const load = loader._load
loader._load = function loadOrStandIn(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
  try {
    return load.call(this, request, parent, isMain)
  } catch (error) {
    missing(request, error)
    return standIn
  }
}
// Started from a function, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
void loadConfig()

async function loadConfig(): Promise<void> {
  const module = (await import(job.moduleUrl)) as { default?: unknown }
  const exported = module.default
  const plain = toPlainData(await (typeof exported === 'function' ? (exported as (argument: unknown) => unknown)(job.argument) : exported))
  thread.done({ ...plain, stubbed: [...stubbed] })
}
