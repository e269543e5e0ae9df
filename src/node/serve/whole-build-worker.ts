/**
 * A whole build for `docsgen serve` on a thread of its own (build-in-worker.ts): posts the site
 * as the build starts rendering, then the result and the site it was made from. The private
 * path rules are functions, which a message cannot carry: the server compiles them again.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { build, type BuildOptions, type BuiltSite } from '../build.js'

const portable = (site: BuiltSite) => ({ ...site, rules: undefined })
let built: ReturnType<typeof portable> | undefined
const result = await build({
  ...(workerData as BuildOptions),
  onRendering: (site) => parentPort!.postMessage({ kind: 'rendering', site: portable(site) }),
  onBuilt: (site) => (built = portable(site)),
})
parentPort!.postMessage({ kind: 'done', result, site: built })
