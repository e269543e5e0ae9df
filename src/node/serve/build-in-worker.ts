/**
 * `docsgen serve`'s whole builds run on a thread of their own (whole-build-worker.ts), so the
 * server keeps answering while one runs: pages of the first build as it renders (early-pages.ts),
 * the live-reload socket, the provider emulator. Rendering a large site takes seconds of the
 * thread it runs on.
 */
import { Worker } from 'node:worker_threads'
import type { BuildOptions, BuildResult, BuiltSite } from '../build.js'
import { compilePrivatePathRules } from '../manifest/private-path-rules.js'
import { siblingModule } from '../workers/run-in-worker.js'

type Message = { readonly kind: 'rendering'; readonly site: Portable } | { readonly kind: 'done'; readonly result: BuildResult; readonly site: Portable | undefined }
type Portable = Omit<BuiltSite, 'rules'>

/** Options of build() that a message can carry (no callbacks). */
export type WorkerBuildOptions = Omit<BuildOptions, 'onBuilt' | 'onRendering'>

export async function buildInWorker(options: WorkerBuildOptions, onRendering?: (site: BuiltSite) => void): Promise<{ result: BuildResult; site: BuiltSite | undefined }> {
  const worker = startThread(siblingModule('whole-build-worker', import.meta.url), options)
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
function startThread(module: URL, workerData: unknown): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, { workerData })
  const loader = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}) })`
  return new Worker(code, { eval: true, workerData })
}

function withRules(site: Portable): BuiltSite {
  return { ...site, rules: compilePrivatePathRules(site.config.login?.privatePaths ?? []) }
}
