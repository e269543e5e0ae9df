/**
 * The search indexer's thread: it starts Pagefind (a process of its own), says whether it could,
 * feeds it the records as they come, a few in flight at a time, and when told where, writes the
 * index it builds into the output folder. Running here, the indexer is fed while the build's
 * thread parses and renders without a pause (on that thread it would get nothing until that work
 * was over), and the build never waits for it until the index is due.
 */
import childProcess from 'node:child_process'
import { parentPort, workerData } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { createFileWriter } from './write-site.js'
import { createBodyReader } from '../content/page-bodies.js'
import { recordHtml, type SearchIndexJob, type SearchIndexMessage, type SearchIndexRequest, type SearchRecord } from './write-search-index.js'

/** Pagefind's own ready-made interfaces: the runtime draws its own results, so these are not published. */
const unusedFile = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/
/** Records handed to the indexer before their answers come: enough to keep it busy, few enough to hold little. */
const inFlight = 32

const job = workerData as SearchIndexJob
const port = parentPort!
const post = (message: SearchIndexMessage) => port.postMessage(message)
// The indexer's package says why its process stopped only on the console, and answers every
// pending call with "backend closed": the first reason is kept for the build's warning instead.
let stopped: Error | undefined
console.error = (...args: unknown[]) => {
  stopped ??= args.find((arg): arg is Error => arg instanceof Error)
}

// The indexer's package never learns that its process ended unless the process reported an error
// first: killed (the system does that when memory runs out), every call would wait forever. So
// its process is watched from here; the package starts it with spawn, on the first call.
const spawn = childProcess.spawn
childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
  const child = spawn(...args)
  // After this thread stopped it on purpose, fail() does nothing.
  child.once('exit', (code, signal) => void fail(signal === null ? new Error(`the indexer stopped with exit code ${code}`) : new IndexerKilled(signal)))
  return child
}) as typeof spawn

let index: pagefind.PagefindIndex | undefined
/** `ended`: no more records are sent; `closed`: the indexer is stopped and this thread ending. */
let ended = false
let closed = false
/** Records waiting to be sent, in batches as they came; `next` is the next one of the first batch. */
const queue: (readonly SearchRecord[])[] = []
let next = 0
let sending = 0
let target: { dir: string; folder: string } | undefined
const refused: string[] = []
// Each body is read as its record goes to the indexer: the queue holds only where bodies are.
const bodies = createBodyReader()

port.on('message', (request: SearchIndexRequest) => {
  if (request.kind === 'add') queue.push(request.records)
  else if (request.kind === 'finish') target = request
  else void end()
  pump()
})

pagefind
  .createIndex({ forceLanguage: job.lang })
  .then((created) => {
    if (!created.index) throw new Error(created.errors.join('; ') || 'the indexer gave no index')
    index = created.index
    post({ kind: 'ready' })
    pump()
  })
  .catch(fail)

function pump(): void {
  if (!index || ended) return
  while (sending < inFlight && queue.length > 0) {
    const batch = queue[0]!
    const record = batch[next++]!
    if (next === batch.length) {
      queue.shift()
      next = 0
    }
    sending++
    index.addHTMLFile({ url: record.url, content: recordHtml(record, bodies.read) }).then((answer) => {
      refused.push(...answer.errors)
      sending--
      pump()
    }, fail)
  }
  if (target && sending === 0 && queue.length === 0) void writeIndex(index, target).catch(fail)
}

async function writeIndex(built: pagefind.PagefindIndex, { dir, folder }: { dir: string; folder: string }): Promise<void> {
  ended = true
  if (refused.length > 0) throw new Error(refused.slice(0, 3).join('; '))
  const { files, errors } = await built.getFiles()
  if (errors.length > 0) throw new Error(errors.join('; '))
  const writer = createFileWriter(dir)
  for (const file of files) if (!unusedFile.test(file.path)) writer.write(`${folder}/${file.path.replace(/^\/+/, '')}`, file.content)
  post({ kind: 'done', paths: [...writer.written().paths], bytes: writer.written().bytes })
  await end()
}

/** Says why there is no index, once (every call still pending fails with the indexer). */
async function fail(error: unknown): Promise<void> {
  if (closed) return
  const killed = error instanceof IndexerKilled
  post({ kind: 'failed', message: killed ? error.message : (stopped?.message ?? (error instanceof Error ? error.message : String(error))), killed })
  await end()
}

class IndexerKilled extends Error {
  constructor(signal: NodeJS.Signals) {
    super(`the indexer was stopped by signal ${signal}`)
  }
}

/** Stops the indexer's process and lets this thread end. */
async function end(): Promise<void> {
  if (closed) return
  closed = ended = true
  queue.length = 0
  bodies.close()
  await pagefind.close()
  port.close()
}
