/**
 * Parse results kept across builds (under .docsgen/cache/incremental/), so a build re-parses only
 * the Markdown files that changed. A file's entry is reused when its text hashes the same, under
 * the same key (docsgen's code, the config), and every link it rewrote still rewrites to the same
 * href: a page that links to a renamed heading or a new page is parsed again, the rest are not.
 * Bodies stay where the build that parsed them wrote them (page-bodies.ts); a body file no
 * document of the build uses is deleted when the entries are saved.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { PageBody } from './page-bodies.js'
import type { ContentFile } from './read-content.js'

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

interface Entry<D extends CachedDocument> {
  readonly record: ParseRecord
  /** The document, its body's file named in the bodies folder. */
  readonly document: D
}

/** One shard of the saved entries (the files whose name hashes to it). */
interface Saved<D extends CachedDocument> {
  readonly format: 2
  readonly key: string
  readonly entries: Record<string, Entry<D>>
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
   * The cached documents of `files` that are still what parsing would give, and the files to
   * parse. `rewrite` answers what a link of a file becomes now; files not in `changed` (when
   * given) are trusted to be as cached without reading them.
   */
  readonly reuse: (
    files: readonly ContentFile[],
    read: (file: ContentFile) => string | undefined,
    rewrite: (file: ContentFile, url: string) => string | undefined,
    changed: ReadonlySet<string> | undefined,
    /** Where the files pages included are read from (site-relative names). */
    siteDir: string,
  ) => { readonly documents: readonly D[]; readonly diagnostics: readonly Diagnostic[]; readonly parse: readonly ContentFile[] }
  /** Keeps the entries of this build's documents (reused and parsed) and deletes the bodies none of them uses. */
  readonly save: (documents: readonly D[], records: readonly ParseRecord[]) => void
}

export function hashSource(text: string): string {
  return createHash('sha1').update(text).digest('base64url')
}

/** The `dependencies` of a record: each file a page included, with its text's hash (none when it is unreadable). */
export function dependencyHashes(siteDir: string, files: readonly string[]): Pick<ParseRecord, 'dependencies'> {
  return files.length === 0 ? {} : { dependencies: files.map((file) => [file, hashOf(join(siteDir, file))] as const) }
}

/** Whether every file the page included still reads as it did. */
function dependenciesCurrent(record: ParseRecord, siteDir: string): boolean {
  return record.dependencies?.every(([file, hash]) => hashOf(join(siteDir, file)) === hash) ?? true
}

function hashOf(path: string): string {
  try {
    return createHash('sha1').update(readFileSync(path)).digest('base64url')
  } catch {
    return ''
  }
}

/** The parse cache in `dir` for builds under `key`; entries of another key are ignored, and replaced when saved. */
export function openParseCache<D extends CachedDocument>(dir: string, key: string): ParseCache<D> {
  const bodiesDir = join(dir, 'bodies')
  const shardsDir = join(dir, 'parse')
  mkdirSync(bodiesDir, { recursive: true })
  mkdirSync(shardsDir, { recursive: true })
  const shardFile = (shard: number) => join(shardsDir, `${shard}.json`)
  const loaded = Array.from({ length: shardCount }, (_, shard) => loadSaved<D>(shardFile(shard), key))
  // Each shard's files as saved (undefined: none valid under this key), to tell the shards a build changes.
  const loadedFiles = loaded.map((entries) => entries && new Set(Object.keys(entries)))
  let saved: Record<string, Entry<D>> = Object.assign({}, ...loaded)
  const reused = new Map<string, ParseRecord>()
  return {
    bodiesDir,
    reuse(files, read, rewrite, changed, siteDir) {
      const documents: D[] = []
      const diagnostics: Diagnostic[] = []
      const parse: ContentFile[] = []
      for (const file of files) {
        const entry = saved[file.file]
        // A file the caller says is unchanged is not read; an unreadable one is parsed (and reported) again.
        const trusted = entry !== undefined && changed !== undefined && !changed.has(file.file)
        const text = entry === undefined || trusted ? undefined : read(file)
        const current =
          (trusted && !entry.record.dependencies?.some(([dependency]) => changed.has(dependency))) || (entry !== undefined && text !== undefined && hashSource(text) === entry.record.source)
        if (!entry || !current || !dependenciesCurrent(entry.record, siteDir) || !entry.record.links.every(([url, href]) => (rewrite(file, url) ?? null) === href)) {
          parse.push(file)
          continue
        }
        const body = entry.document.body
        documents.push('store' in body ? { ...entry.document, body: { ...body, store: join(bodiesDir, body.store) } } : entry.document)
        diagnostics.push(...entry.record.diagnostics)
        reused.set(file.file, entry.record)
      }
      // What was not reused is not needed again: a large site's entries are not held through the build.
      saved = {}
      return { documents, diagnostics, parse }
    },
    save(documents, records) {
      const recordOf = new Map(records.map((record) => [record.file, record]))
      const shards = Array.from({ length: shardCount }, () => ({} as Record<string, Entry<D>>))
      for (const document of documents) {
        const record = recordOf.get(document.file) ?? reused.get(document.file)
        const body = document.body
        if (record === undefined) continue
        shards[shardOf(document.file)]![document.file] = { record, document: 'store' in body ? { ...document, body: { ...body, store: basename(body.store) } } : document }
      }
      shards.forEach((entries, shard) => {
        // Unchanged: the same files as saved, each reused as it was.
        const files = Object.keys(entries)
        const was = loadedFiles[shard]
        if (was !== undefined && was.size === files.length && files.every((file) => was.has(file) && !recordOf.has(file))) return
        const temporary = `${shardFile(shard)}.${process.pid}`
        writeFileSync(temporary, JSON.stringify({ format: 2, key, entries } satisfies Saved<D>))
        renameSync(temporary, shardFile(shard))
      })
      // The single file of earlier versions.
      rmSync(join(dir, 'parse.json'), { force: true })
      // A body no entry keeps may still be read by this build (an MDX page's, parsed every build).
      const used = new Set(documents.map(({ body }) => ('store' in body ? basename(body.store) : '')))
      for (const file of readdirSync(bodiesDir)) if (!used.has(file)) rmSync(join(bodiesDir, file), { force: true })
    },
  }
}

function loadSaved<D extends CachedDocument>(shardFile: string, key: string): Record<string, Entry<D>> | undefined {
  let saved: Saved<D>
  try {
    saved = JSON.parse(readFileSync(shardFile, 'utf8')) as Saved<D>
  } catch {
    // No cache yet, or one cut short: its files are parsed.
    return undefined
  }
  return saved.format === 2 && saved.key === key ? saved.entries : undefined
}
