/**
 * The search indexer's thread: it indexes the records as they come (search-index-builder.ts) and,
 * when told where, writes the index into the output folder. Running here, the indexer works on
 * another core while the build's thread parses and renders, and the build never waits for it
 * until the index is due.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createBodyReader } from '../content/page-bodies.js'
import { createSearchIndexBuilder } from './search-index-builder.js'
import { openSearchRecordCache } from './search-record-cache.js'
import { searchSections } from './search-sections.js'
import { recordHtml, type SearchIndexJob, type SearchIndexMessage, type SearchIndexRequest } from './write-search-index.js'

const job = workerData as SearchIndexJob
const port = parentPort!
const post = (message: SearchIndexMessage) => port.postMessage(message)
// Each body is read as its record is indexed: the messages hold only where bodies are.
const bodies = createBodyReader()
let builder: ReturnType<typeof createSearchIndexBuilder> | undefined
let closed = false

try {
  builder = createSearchIndexBuilder(job.workDir, job.cache && openSearchRecordCache(job.cache.dir, job.cache.key))
  post({ kind: 'ready' })
} catch (error) {
  fail(error)
}

port.on('message', (request: SearchIndexRequest) => {
  if (closed) return
  try {
    if (request.kind === 'add') {
      for (const record of request.records) {
        if (record.key !== undefined && builder!.addCached(record.url, record.key)) continue
        builder!.add(record.url, searchSections(record.title, recordHtml(record, bodies.read)), record.key)
      }
    } else if (request.kind === 'finish') {
      const written = builder!.write(request.dir, request.folder)
      post({ kind: 'done', ...written })
      end()
    } else end()
  } catch (error) {
    fail(error)
  }
})

/** Says why there is no index, once, its work folder already removed. */
function fail(error: unknown): void {
  if (closed) return
  end()
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
}

/** Removes the work folder (the index is written, or will not be) and lets this thread end. */
function end(): void {
  closed = true
  try {
    builder?.discard()
  } finally {
    bodies.close()
    // Messages posted before the port closes are still delivered.
    setImmediate(() => port.close())
  }
}
