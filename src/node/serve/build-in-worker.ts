/**
 * `docsgen serve`'s whole builds run on a thread of their own (whole-build-worker.ts), so the
 * server keeps answering while one runs: pages of the first build as it renders (early-pages.ts),
 * the live-reload socket, the provider emulator. Rendering a large site takes seconds of the
 * thread it runs on.
 *
 * A thread takes a few hundred milliseconds to load the build's modules, which the first build
 * of `docsgen serve` would wait for: the command starts one (prestartBuildThread) before it loads
 * its own modules, and the first build runs on it.
 */
import { Worker } from 'node:worker_threads'
import type { BuildOptions, BuildResult, BuiltSite } from '../build.js'
import { compilePrivatePathRules } from '../manifest/private-path-rules.js'
import { siblingModule } from '../workers/run-in-worker.js'

type Message = { readonly kind: 'rendering'; readonly site: Portable } | { readonly kind: 'done'; readonly result: BuildResult; readonly site: Portable | undefined }
type Portable = Omit<BuiltSite, 'rules'>

/** Options of build() that a message can carry (no callbacks). */
export type WorkerBuildOptions = Omit<BuildOptions, 'onBuilt' | 'onRendering'>

let spare: Worker | undefined

/** Starts the thread the next build will run on; it waits, without keeping the process alive, for its build. */
export function prestartBuildThread(): void {
  if (spare !== undefined) return
  const thread = startThread(siblingModule('whole-build-worker', import.meta.url))
  thread.unref()
  // A thread that failed to start is not handed a build: the build starts one of its own, whose failure it reports.
  const discard = () => {
    if (spare === thread) spare = undefined
  }
  thread.once('error', discard)
  thread.once('exit', discard)
  spare = thread
}

export async function buildInWorker(options: WorkerBuildOptions, onRendering?: (site: BuiltSite) => void): Promise<{ result: BuildResult; site: BuiltSite | undefined }> {
  const worker = spare ?? startThread(siblingModule('whole-build-worker', import.meta.url))
  spare = undefined
  worker.ref()
  worker.postMessage(options)
  try {
    return await new Promise((resolve, reject) => {
      worker.on('message', (message: Message) => {
        if (message.kind === 'rendering') onRendering?.(withRules(message.site))
        else resolve({ result: message.result, site: message.site && withRules(message.site) })
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the build's thread exited with code ${code} before it finished`)))
    })
  } finally {
    // Not waited for: the answer is in, and what the thread left running (a search index process
    // being stopped) must not hold up the next rebuild.
    void worker.terminate()
  }
}

/**
 * From source (the tests), the thread registers the TypeScript loader before it imports the
 * module: a worker does not inherit it, and bundling the module (as createWorker does) would
 * move the build's own worker modules out of its reach.
 */
function startThread(module: URL): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module)
  const loader = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}) })`
  return new Worker(code, { eval: true })
}

function withRules(site: Portable): BuiltSite {
  return { ...site, rules: compilePrivatePathRules(site.config.login?.privatePaths ?? []) }
}
