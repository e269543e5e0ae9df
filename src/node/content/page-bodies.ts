/**
 * Where pages' body HTML waits between parsing and rendering: on disk, not in memory, so a build
 * holds the metadata of every page (title, headings, links) but the body of only the page at
 * hand. The thread that parses a page appends its body to a file of its own in the build's body
 * folder (under .docsgen/cache) and keeps a PageBody; whichever thread renders the page reads it
 * back by offset. A per-page cache across builds can hand out PageBodies in files it keeps.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { createHash, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'

/**
 * A page's body HTML: its UTF-8 bytes in a body file (`store`, from `offset`, `length` long), or
 * the HTML itself for the few pages rendered late (component pages) and empty bodies.
 */
export type PageBody = { readonly store: string; readonly offset: number; readonly length: number; readonly hash: string } | { readonly html: string }

export const emptyBody: PageBody = { html: '' }

/** The body's size in bytes, or near it: what sharing pages among threads weighs. */
export function bodySize(body: PageBody): number {
  return 'html' in body ? body.html.length : body.length
}

/** Writers made on this thread: each appends to a file of its own, named apart from other builds' in a kept folder. */
let writers = 0
const run = randomUUID().slice(0, 8)

/** What a body's content is known by (an incremental build compares it with a cached page's). */
export function bodyHash(body: PageBody): string {
  return 'html' in body ? hashHtml(body.html) : body.hash
}

function hashHtml(html: string): string {
  return createHash('sha1').update(html).digest('base64url')
}

/** Bodies are written in batches of about this many bytes: one write a page cost 1 s at 100 000 pages. */
const batchBytes = 1024 * 1024

export interface BodyWriter {
  readonly write: (html: string) => PageBody
  /** Writes what is pending (and says so); call before the bodies are read. */
  readonly close: () => void
}

/**
 * A writer appending to a file of this thread in `dir`; `dir` undefined keeps no bodies (a check
 * renders nothing). `written` is called each time the bodies given so far are on disk.
 */
export function createBodyWriter(dir: string | undefined, written: () => void = () => {}): BodyWriter {
  if (dir === undefined) return { write: () => emptyBody, close: written }
  const store = join(dir, `bodies-${run}-${threadId}-${writers++}.html`)
  let descriptor: number | undefined
  let writtenBytes = 0
  let pending: string[] = []
  let pendingBytes = 0
  const flush = () => {
    if (pendingBytes === 0) return
    descriptor ??= openSync(store, 'a')
    const bytes = Buffer.from(pending.join(''))
    for (let done = 0; done < bytes.length; ) done += writeSync(descriptor, bytes, done)
    pending = []
    pendingBytes = 0
  }
  return {
    write(html) {
      if (html === '') return emptyBody
      const length = Buffer.byteLength(html)
      const ref = { store, offset: writtenBytes + pendingBytes, length, hash: hashHtml(html) }
      pending.push(html)
      pendingBytes += length
      if (pendingBytes >= batchBytes) {
        flush()
        writtenBytes = ref.offset + length
        written()
      }
      return ref
    },
    close() {
      writtenBytes += pendingBytes
      flush()
      if (descriptor !== undefined) closeSync(descriptor)
      descriptor = undefined
      written()
    },
  }
}

export interface BodyReader {
  readonly read: (body: PageBody) => string
  readonly close: () => void
}

/** Reads bodies back, keeping each body file open until closed. */
export function createBodyReader(): BodyReader {
  const open = new Map<string, number>()
  return {
    read(body) {
      if ('html' in body) return body.html
      const ref = body
      let descriptor = open.get(ref.store)
      if (descriptor === undefined) open.set(ref.store, (descriptor = openSync(ref.store, 'r')))
      const bytes = Buffer.allocUnsafe(ref.length)
      for (let done = 0; done < ref.length; ) {
        const read = readSync(descriptor, bytes, done, ref.length - done, ref.offset + done)
        if (read === 0) throw new Error(`page-bodies: ${ref.store} ends before ${ref.offset + ref.length}`)
        done += read
      }
      return bytes.toString('utf8')
    },
    close() {
      for (const descriptor of open.values()) closeSync(descriptor)
      open.clear()
    },
  }
}

/** A folder for one build's bodies under `cacheDir`; removed with `remove` when the build ends, whatever happens. */
export function createBodyFolder(cacheDir: string): { readonly dir: string; readonly remove: () => void } {
  mkdirSync(cacheDir, { recursive: true })
  const dir = mkdtempSync(join(cacheDir, 'bodies-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
