/**
 * Parse results kept across builds (under .docsgen/cache/incremental/), so a build re-parses only
 * the Markdown files that changed. A file's entry is reused when its text hashes the same, under
 * the same key (docsgen's code, the config), and every link it rewrote still rewrites to the same
 * href: a page that links to a renamed heading or a new page is parsed again, the rest are not.
 * Bodies stay where the build that parsed them wrote them (page-bodies.ts); a body file no
 * document of the build uses is deleted when the entries are saved. The entries' files are sealed
 * (sealed-file.ts), and the body files checked by their stamps: one changed by hand is not trusted.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { readSealedJson, writeSealed } from '../files/sealed-file.js'
import { currentStamp } from './file-stamp.js'
import type { PageBody } from './page-bodies.js'
import type { ContentFile } from './read-content.js'
import type { Routing } from './read-routing.js'
import { pushAll } from '../../shared/push-all.js'
import { readPlainFile } from '../files/read-plain-file.js'

/** What parsing one file gave beyond its document: what a later build checks before reusing it. */
export interface ParseRecord {
  readonly file: string
  /** The hash of the file's text. */
  readonly source: string
  /** Every link the file's body rewrote, and the href it became (null: left for validation to report). */
  readonly links: readonly (readonly [string, string | null])[]
  readonly diagnostics: readonly Diagnostic[]
  /** The files its text includes (VitePress's includes and snippets), each with its text's hash then. */
  readonly dependencies?: readonly (readonly [string, string])[]
}

/** What the cache keeps of a parsed document (parse-content.ts's ContentDocument). */
interface CachedDocument {
  readonly file: string
  readonly body: PageBody
}

/** Where a file was placed (parse-content.ts) when its stamp (file-stamp.ts) was `stamp`: what a build trusts without reading it while the stamp is the same. */
export interface Placement {
  readonly stamp: string
  readonly routing: Routing | null
}

interface Entry<D extends CachedDocument> {
  readonly record: ParseRecord
  /** The document, its body's file named in the bodies folder. */
  readonly document: D
  /** documentDigest's hash of the document. */
  readonly digest: string
  readonly placed?: Placement
}

/** One shard of the saved entries (the files whose name hashes to it), sealed under the cache's key (sealed-file.ts). */
interface Saved<D extends CachedDocument> {
  readonly format: 3
  readonly entries: Record<string, Entry<D>>
}

const isSaved = <D extends CachedDocument>(value: unknown): value is Saved<D> => isRecord(value) && value.format === 3 && isRecord(value.entries)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Each document's hash, all of it but its body: what validation-memo.ts hashes the site's
 * documents by. Known without hashing again for the documents the cache hands out (each was
 * hashed as it was saved) and those it saved.
 */
const digests = new WeakMap<object, string>()

export function documentDigest(document: CachedDocument): string {
  let digest = digests.get(document)
  if (digest === undefined) {
    const { body: _body, ...rest } = document
    digests.set(document, (digest = hashSource(JSON.stringify(rest))))
  }
  return digest
}

/**
 * The entries are saved in this many files, by a hash of the file's name: a build rewrites only
 * the shards whose entries changed (one 24 MB file rewritten for a one-file change cost 0.4 s of
 * a 10 000-doc site's incremental build).
 */
const shardCount = 64

function shardOf(file: string): number {
  let hash = 0
  for (let at = 0; at < file.length; at++) hash = (Math.imul(hash, 31) + file.charCodeAt(at)) | 0
  return (hash >>> 0) % shardCount
}

export interface ParseCache<D extends CachedDocument> {
  /** Where this build writes new bodies: the folder the entries' bodies are kept in. */
  readonly bodiesDir: string
  /**
   * Where `file` was placed when its stamp was `stamp` (true: the caller knows it is unchanged);
   * undefined when the cache has no placement of it under that stamp, and it must be read.
   */
  readonly placed: (file: string, stamp: string | true | undefined) => Placement | undefined
  /**
   * The cached documents of `files` that are still what parsing would give, and the files to
   * parse. `rewrite` answers what a link of a file becomes now; the `trusted` files are taken to
   * be as cached without reading them. `links` is a hash of everything a link's rewriting depends
   * on besides the file: while it is the one the entries were saved under, their links are not
   * rewritten again to be compared.
   */
  readonly reuse: (
    files: readonly ContentFile[],
    read: (file: ContentFile) => string | undefined,
    rewrite: (file: ContentFile, url: string) => string | undefined,
    trusted: ReadonlySet<string>,
    links: string,
    /** Where the files pages included are read from (site-relative names). */
    siteDir: string,
  ) => { readonly documents: readonly D[]; readonly diagnostics: readonly Diagnostic[]; readonly parse: readonly ContentFile[] }
  /** Keeps the entries of this build's documents (reused and parsed), with where they were placed, and deletes the bodies none of them uses. */
  readonly save: (documents: readonly D[], records: readonly ParseRecord[], placements: ReadonlyMap<string, Placement>) => void
}

export function hashSource(text: string): string {
  return createHash('sha1').update(text).digest('base64url')
}

/** The `dependencies` of a record: each file a page included, with its text's hash (none when it is unreadable). */
export function dependencyHashes(siteDir: string, files: readonly string[]): Pick<ParseRecord, 'dependencies'> {
  return files.length === 0 ? {} : { dependencies: files.map((file) => [file, hashOf(join(siteDir, file))] as const) }
}

/** Whether every file the page included still reads as it did; `hashes` keeps each file's hash for the other pages that include it. */
function dependenciesCurrent(record: ParseRecord, siteDir: string, hashes: Map<string, string>): boolean {
  return (
    record.dependencies?.every(([file, hash]) => {
      let current = hashes.get(file)
      if (current === undefined) hashes.set(file, (current = hashOf(join(siteDir, file))))
      return current === hash
    }) ?? true
  )
}

/** The hash of a file's bytes, or '' for none (missing, unreadable, or not a regular file: a named pipe is never waited on). */
function hashOf(path: string): string {
  const bytes = readPlainFile(path)
  return bytes === undefined ? '' : createHash('sha1').update(bytes).digest('base64url')
}

/** The parse cache in `dir` for builds under `key`; entries of another key are ignored, and replaced when saved. */
export function openParseCache<D extends CachedDocument>(dir: string, key: string): ParseCache<D> {
  const bodiesDir = join(dir, 'bodies')
  const shardsDir = join(dir, 'parse')
  mkdirSync(bodiesDir, { recursive: true })
  mkdirSync(shardsDir, { recursive: true })
  const shardFile = (shard: number) => join(shardsDir, `${shard}.json`)
  const linksFile = join(dir, 'links.json')
  const loaded = loadShards<D>(shardFile, key)
  const { loadedFiles, loadedStamps } = loaded
  let saved = loaded.saved
  const savedLinks = readSealedJson(linksFile, key, (value): value is { links: string } => isRecord(value) && typeof value.links === 'string')?.links
  const stores = createStoreCheck(join(dir, 'bodies.json'), bodiesDir, key)
  const reused = new Map<string, ParseRecord>()
  let linksOfBuild: string | undefined
  return {
    bodiesDir,
    placed(file, stamp) {
      const placed = saved[file]?.placed
      return placed !== undefined && stamp !== undefined && (stamp === true || placed.stamp === stamp) ? placed : undefined
    },
    reuse(files, read, rewrite, trustedFiles, links, siteDir) {
      const documents: D[] = []
      const diagnostics: Diagnostic[] = []
      const parse: ContentFile[] = []
      const linksAsSaved = savedLinks !== undefined && savedLinks === links
      const hashes = new Map<string, string>()
      for (const file of files) {
        const entry = saved[file.file]
        // A trusted file is not read; an unreadable one is parsed (and reported) again.
        const trusted = entry !== undefined && trustedFiles.has(file.file)
        const text = entry === undefined || trusted ? undefined : read(file)
        const current = trusted || (entry !== undefined && text !== undefined && hashSource(text) === entry.record.source)
        // Files a page included are hashed again whatever its own stamp says (a page's stamp does not change with them).
        if (!entry || !current || !stores.intact(entry.document.body) || !dependenciesCurrent(entry.record, siteDir, hashes) || (!linksAsSaved && !entry.record.links.every(([url, href]) => (rewrite(file, url) ?? null) === href))) {
          parse.push(file)
          continue
        }
        const body = entry.document.body
        const document = 'store' in body ? { ...entry.document, body: { ...body, store: join(bodiesDir, body.store) } } : entry.document
        digests.set(document, entry.digest)
        documents.push(document)
        pushAll(diagnostics, entry.record.diagnostics)
        reused.set(file.file, entry.record)
      }
      // What was not reused is not needed again: a large site's entries are not held through the build.
      saved = {}
      linksOfBuild = links
      return { documents, diagnostics, parse }
    },
    save(documents, records, placements) {
      const recordOf = new Map(records.map((record) => [record.file, record]))
      const shards = Array.from({ length: shardCount }, () => [] as D[])
      for (const document of documents) if (recordOf.has(document.file) || reused.has(document.file)) shards[shardOf(document.file)]!.push(document)
      // Entries saved from now on may be checked against this build's links only: until the
      // shards are all written, none is trusted to rewrite its links as saved.
      rmSync(linksFile, { force: true })
      shards.forEach((kept, shard) => {
        // Unchanged: the same files as saved, each reused as it was and placed under the same stamp.
        const was = loadedFiles[shard]
        const same = (file: string) => was!.has(file) && !recordOf.has(file) && loadedStamps.get(file) === placements.get(file)?.stamp
        if (was !== undefined && was.size === kept.length && kept.every((document) => same(document.file))) return
        const entries: Record<string, Entry<D>> = {}
        for (const document of kept) {
          const body = document.body
          const placed = placements.get(document.file)
          const stored = 'store' in body ? { ...document, body: { ...body, store: basename(body.store) } } : document
          entries[document.file] = { record: (recordOf.get(document.file) ?? reused.get(document.file))!, document: stored, digest: documentDigest(document), ...(placed && { placed }) }
        }
        writeSealed(shardFile(shard), key, JSON.stringify({ format: 3, entries } satisfies Saved<D>))
      })
      if (linksOfBuild !== undefined) writeSealed(linksFile, key, JSON.stringify({ links: linksOfBuild }))
      // The single file of earlier versions.
      rmSync(join(dir, 'parse.json'), { force: true })
      // A body no entry keeps may still be read by this build (an MDX page's, parsed every build).
      const used = new Set(documents.map(({ body }) => ('store' in body ? basename(body.store) : '')))
      for (const file of readdirSync(bodiesDir)) if (!used.has(file)) rmSync(join(bodiesDir, file), { force: true })
      stores.save(used)
    },
  }
}

/** The entries of every shard sealed under `key`; each shard's files (undefined: none valid) and each file's stamp as saved, to tell the shards a build changes. */
function loadShards<D extends CachedDocument>(shardFile: (shard: number) => string, key: string) {
  const loaded = Array.from({ length: shardCount }, (_, shard) => readSealedJson(shardFile(shard), key, isSaved<D>)?.entries)
  const saved: Record<string, Entry<D>> = Object.assign({}, ...loaded)
  return {
    saved,
    loadedFiles: loaded.map((entries) => entries && new Set(Object.keys(entries))),
    loadedStamps: new Map(Object.entries(saved).map(([file, entry]) => [file, entry.placed?.stamp])),
  }
}

/**
 * The body files' stamps as the last build left them (`bodies.json`): an entry whose body is in
 * a file changed since (by hand: docsgen never writes into one again) is parsed again, not trusted.
 */
function createStoreCheck(file: string, bodiesDir: string, key: string) {
  const saved = readSealedJson(file, key, (value): value is { stores: Record<string, string> } => isRecord(value) && isRecord(value.stores))?.stores ?? {}
  const intact = new Map<string, boolean>()
  return {
    intact(body: PageBody): boolean {
      if (!('store' in body)) return true
      let known = intact.get(body.store)
      if (known === undefined) intact.set(body.store, (known = Object.hasOwn(saved, body.store) && saved[body.store] === currentStamp(join(bodiesDir, body.store))))
      return known
    },
    save(used: ReadonlySet<string>) {
      const stamps: Record<string, string> = {}
      for (const store of used) {
        const stamp = store === '' ? undefined : currentStamp(join(bodiesDir, store))
        if (stamp !== undefined) stamps[store] = stamp
      }
      writeSealed(file, key, JSON.stringify({ stores: stamps }))
    },
  }
}
