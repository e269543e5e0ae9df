/**
 * A whole build for `docsgen serve` on a thread of its own (build-in-worker.ts): loaded before
 * it is needed, it waits for its build's options, then posts the site as the build starts
 * rendering, then the result and the site it was made from. The private path rules are
 * functions, which a message cannot carry: the server compiles them again.
 */
import { parentPort } from 'node:worker_threads'
import { build, type BuildOptions, type BuiltSite } from '../build.js'

const portable = (site: BuiltSite) => ({ ...site, rules: undefined })

// Started from a callback, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
parentPort!.once('message', (options: BuildOptions) => void buildAndAnswer(options))

async function buildAndAnswer(options: BuildOptions): Promise<void> {
  let built: ReturnType<typeof portable> | undefined
  const result = await build({
    ...options,
    onRendering: (site) => parentPort!.postMessage({ kind: 'rendering', site: portable(site) }),
    onBuilt: (site) => (built = portable(site)),
  })
  parentPort!.postMessage({ kind: 'done', result, site: built })
}
