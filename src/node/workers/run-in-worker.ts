/**
 * Runs one job on a worker thread: the worker module (a sibling file exporting nothing, posting
 * one message) receives `data` as workerData and answers once. Used for the CPU-heavy stages
 * (parse, render), so a build uses every core; createWorker also starts the threads that run the
 * site's own code (run-user-code.ts).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads'

export interface RunningWorker<Result> {
  /** The worker's one answer; rejects if it throws or exits without answering. */
  readonly result: Promise<Result>
  /** Ends the worker without waiting for its answer. */
  readonly stop: () => Promise<void>
}

/**
 * What a worker posts before its answer, when it hands its work over in parts (postPart): a
 * worker that keeps everything until it answers holds it all twice at the end (its objects and
 * their copy in the message), on a heap of its own.
 */
interface WorkerPart {
  readonly workerPart: unknown
}

/** Posts part of a worker's result ahead of its answer, to the `onPart` of the thread that started it. */
export function postPart(port: Pick<MessagePort, 'postMessage'>, part: unknown): void {
  port.postMessage({ workerPart: part } satisfies WorkerPart)
}

export function startWorker<Result>(moduleUrl: URL, data: unknown, resourceLimits?: ResourceLimits, onPart?: (part: unknown) => void): RunningWorker<Result> {
  const worker = createWorker(moduleUrl, data, resourceLimits)
  let stopped = false
  const result = new Promise<Result>((resolve, reject) => {
    const answered = (answer: Result | WorkerPart) => {
      if (onPart && typeof answer === 'object' && answer !== null && 'workerPart' in answer) return onPart(answer.workerPart)
      worker.off('message', answered)
      resolve(answer as Result)
      void worker.terminate()
    }
    worker.on('message', answered)
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

/** A worker thread running `moduleUrl` with `data` as its workerData, from source (.ts) or compiled (.js). */
export function createWorker(moduleUrl: URL, data: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData: data, resourceLimits })
  // Running from source (tests, development): Node cannot load .ts, and tsx registered in a worker
  // starts a loader thread of its own, 200-300 ms per worker. A bundle of the entry starts in 30.
  return new Worker(bundledEntry(moduleUrl), { workerData: data, execArgv: [], resourceLimits })
}

const bundles = new Map<string, URL>()

/**
 * The worker entry and its TypeScript imports as one .mjs (packages stay imports), made once per
 * process and named by its content, in `.cache/workers/` of the repository so packages resolve.
 */
function bundledEntry(moduleUrl: URL): URL {
  const known = bundles.get(moduleUrl.href)
  if (known) return known
  const folder = new URL('../../../.cache/workers/', import.meta.url)
  // Loaded here only: compiled workers (all but development) never need esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  const { outputFiles } = buildSync({
    entryPoints: [fileURLToPath(moduleUrl)],
    outfile: fileURLToPath(new URL('entry.mjs', folder)),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  })
  const code = outputFiles[0]!.text
  const name = `${basename(moduleUrl.pathname, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`
  const bundle = new URL(name, folder)
  if (!existsSync(bundle)) {
    mkdirSync(folder, { recursive: true })
    // Written aside and renamed, as another process may be writing the same bundle.
    const aside = fileURLToPath(new URL(`${name}.${process.pid}.tmp`, folder))
    writeFileSync(aside, code)
    renameSync(aside, bundle)
  }
  bundles.set(moduleUrl.href, bundle)
  return bundle
}

export function runInWorker<Result>(moduleUrl: URL, data: unknown): Promise<Result> {
  return startWorker<Result>(moduleUrl, data).result
}

/** The URL of a sibling worker module, with the extension this code runs under (.ts from source, .js compiled). */
export function siblingModule(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base)
}
