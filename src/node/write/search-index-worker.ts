/**
 * The search indexer's thread: it starts Pagefind (a process of its own), says whether it could,
 * feeds it the records a few at a time and writes the index it builds into the output folder.
 * Running here, the indexer is fed while the build's thread renders pages without a pause (on
 * that thread it would get nothing until rendering was over), and the pages being rendered never
 * wait for it.
 */
import { parentPort, workerData } from 'node:worker_threads'
import * as pagefind from 'pagefind'
import { createFileWriter } from './write-site.js'
import type { SearchIndexJob, SearchIndexMessage, SearchRecord } from './write-search-index.js'

/** Pagefind's own ready-made interfaces: the runtime draws its own results, so these are not published. */
const unusedFile = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/
/** Records handed to the indexer before their answers come: enough to keep it busy, few enough to hold little. */
const inFlight = 32

const job = workerData as SearchIndexJob
const post = (message: SearchIndexMessage) => parentPort!.postMessage(message)
// The indexer's package says why its process stopped only on the console, and answers every
// pending call with "backend closed": the first reason is kept for the build's warning instead.
let stopped: Error | undefined
console.error = (...args: unknown[]) => {
  stopped ??= args.find((arg): arg is Error => arg instanceof Error)
}
const messageOf = (error: unknown) => stopped?.message ?? (error instanceof Error ? error.message : String(error))

try {
  const created = await pagefind.createIndex({ forceLanguage: job.lang })
  if (!created.index) throw new Error(created.errors.join('; ') || 'the indexer gave no index')
  post({ kind: 'ready' })
  // The thread's own copy of the records: each is let go once sent, so it holds only what is in flight.
  post({ kind: 'done', ...(await buildIndex(created.index, job.records as (SearchRecord | undefined)[])) })
} catch (error) {
  post({ kind: 'failed', message: messageOf(error) })
} finally {
  await pagefind.close()
}

async function buildIndex(index: pagefind.PagefindIndex, records: (SearchRecord | undefined)[]): Promise<{ paths: string[]; bytes: number }> {
  const refused: string[] = []
  let next = 0
  const feed = async () => {
    while (next < records.length) {
      const record = records[next]!
      records[next++] = undefined
      const answer = await index.addHTMLFile({ url: record.url, content: record.html })
      refused.push(...answer.errors)
    }
  }
  await Promise.all(Array.from({ length: inFlight }, feed))
  if (refused.length > 0) throw new Error(refused.slice(0, 3).join('; '))
  const { files, errors } = await index.getFiles()
  if (errors.length > 0) throw new Error(errors.join('; '))
  const writer = createFileWriter(job.dir)
  for (const file of files) if (!unusedFile.test(file.path)) writer.write(`${job.folder}/${file.path.replace(/^\/+/, '')}`, file.content)
  return { paths: [...writer.written().paths], bytes: writer.written().bytes }
}
