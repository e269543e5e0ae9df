/**
 * The write stage's end: what is site-wide (the stylesheet, the manifests, the sitemap, the files
 * published as they are, what the reader's browser uses; the gate's manifest and the sign-in
 * shell in the private folder) is written beside the pages, whatever an earlier build left in a
 * reused staging folder is swept away, and both folders are swapped in (see write-site.ts) —
 * unless a public file carries private text or a path, or is named after a private page: then
 * nothing is swapped in.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { GATE_MANIFEST_FILE } from '../../shared/gate-manifest.js'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { publicManifest } from '../manifest/public-manifest.js'
import { gateManifest, SHELL_FILE } from '../render/gate-manifest.js'
import { renderShell } from '../render/render-pages.js'
import { blogFeeds } from '../render/blog-feeds.js'
import { sitemap } from '../render/sitemap.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { Stylesheet } from '../render/theme-stylesheet.js'
import { createWorker, siblingModule } from '../workers/run-in-worker.js'
import { findLeaks, findLeaksInParts, findPrivateFileNames, type LeakProbe } from '../validate/find-private-leaks.js'
import type { PageHead, ReaderFiles } from './reader-assets.js'
import type { WrittenPages } from './write-pages.js'
import { createPageKeeper, type LedgerEntry, type OutputSide, type PageLedger } from './output-ledger.js'
import { jsonParts } from './json-parts.js'
import { createFileWriter, createStaging, discardStaging, leftBehindStaging, swapIn, sweepStaging, type Staging } from './write-site.js'
import { pushAll } from '../../shared/push-all.js'

export interface SiteStaging {
  readonly public: Staging
  readonly private: Staging
}

/**
 * Routes from which a build that renders every page stages into new folders rather than into the
 * spares. Writing over a file rewrites its last, partial block, which the kernel must first read
 * when the file is not in memory: a spare of 10 000 docs (0.5 GB) was written two builds ago and
 * is still in memory; one of 100 000 (5 GB) is not, and writing over it cost 266 s of a 372 s
 * build on the bench machine, against 93 s of 197 s for creating every file anew.
 */
export const freshStagingRoutes = 20_000

/**
 * Staging folders for the deployable and the private output: the spares of the last build when
 * there are, unless a large site renders every page (see freshStagingRoutes): then its spares are
 * set aside, to be removed once its pages are written (publishSite), and it stages into new folders.
 */
export async function stageSite(outDir: string, privateDir: string, spareDir: string, site: { readonly routes: number; readonly renderAll: boolean }): Promise<SiteStaging> {
  if (site.renderAll && site.routes >= freshStagingRoutes) setAside(spareDir, sides.map((side) => join(spareDir, side)))
  return { public: await createStaging(outDir, join(spareDir, sides[0])), private: await createStaging(privateDir, join(spareDir, sides[1])) }
}

const sides = ['public', 'private'] as const
const discardedPrefix = 'discarded-'
/** Folders a thread of this process is removing: a long-lived process (serve) builds again meanwhile. */
const removing = new Set<string>()

/**
 * Removes spares moved aside by earlier builds, on a thread of its own that does not keep the
 * process alive; first moves aside, with `spares`, this site's spares, and the staging folders
 * left beside the `outputs` folders by builds that ended early (write-site.ts). A build that would
 * replace every file of the spares (the cache does not know what they hold, after a full build)
 * cost an unlink a file as it linked a page over it: about 6 s for a 10 000-doc site, most of it
 * waiting on the disk. Moved aside at once, they are removed while the build runs, or by the
 * builds after it (a process that ends stops the thread), and the build stages into new folders.
 */
export function discardSpares(spareDir: string, spares: boolean, outputs: readonly string[] = []): void {
  setAside(spareDir, [...(spares ? sides.map((side) => join(spareDir, side)) : []), ...outputs.flatMap(leftBehindStaging)])
  let discarded: string[]
  try {
    discarded = readdirSync(spareDir)
      .filter((name) => name.startsWith(discardedPrefix))
      .map((name) => join(spareDir, name))
      .filter((folder) => !removing.has(folder))
  } catch {
    return
  }
  if (discarded.length === 0) return
  for (const folder of discarded) removing.add(folder)
  const remover = createWorker(siblingModule('remove-folders-worker', import.meta.url), discarded)
  // A folder another process is removing too, or one that cannot be removed now, is left to a later build.
  remover.on('error', () => undefined)
  remover.once('exit', () => discarded.forEach((folder) => removing.delete(folder)))
  remover.unref()
}

/** A new discarded folder of the spares' folder: what is moved into it, discardSpares removes. */
function newDiscardedFolder(spareDir: string): string {
  const aside = join(spareDir, `${discardedPrefix}${process.pid}-${randomUUID().slice(0, 8)}`)
  mkdirSync(aside, { recursive: true })
  return aside
}

/** Moves `folders` into a new discarded folder. */
function setAside(spareDir: string, folders: readonly string[]): void {
  if (folders.length === 0) return
  const aside = newDiscardedFolder(spareDir)
  for (const [index, folder] of folders.entries()) {
    try {
      renameSync(folder, join(aside, String(index)))
    } catch (error) {
      // Gone already, or on another file system (a staging folder beside an output elsewhere): left as it is.
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'EXDEV') throw error
    }
  }
}

/**
 * Folders the sweep would remove (the last index of the search, 11 000 files at 10 000 docs: 0.15 s
 * of the build's thread, and their calls queued ahead of the build's own), moved into the spares'
 * folder and removed there on a thread of their own (discardSpares). A folder that cannot be
 * moved (another file system) is left to the sweep.
 */
function spareMover(spareDir: string) {
  let aside: string | undefined
  let moved = 0
  return {
    async moveAside(folder: string): Promise<boolean> {
      try {
        aside ??= newDiscardedFolder(spareDir)
        await rename(folder, join(aside, String(moved)))
        moved++
        return true
      } catch {
        return false
      }
    },
  }
}

export async function discardSite(staging: SiteStaging): Promise<void> {
  await Promise.all([discardStaging(staging.public), discardStaging(staging.private)])
}

export interface PublishInput {
  readonly siteDir: string
  /** Where folders the sweep removes are moved to be removed off the build's path (see spareMover). */
  readonly spareDir: string
  readonly manifest: Manifest
  readonly config: ResolvedConfig
  readonly stylesheet: Stylesheet
  readonly staging: SiteStaging
  readonly pages: WrittenPages
  readonly reader: ReaderFiles
  /** What every page's head links to: the sign-in shell's too. */
  readonly head: Pick<PageHead, 'runtime' | 'favicon'>
  /** Every document: blog posts' excerpts go into the feeds. */
  readonly documents: readonly ContentDocument[]
  /** Private text and paths no public file may hold (none when privatePages is 'client-only'). */
  readonly probes: readonly LeakProbe[]
  /**
   * An incremental build's ledger, and the hash of the manifest and of what every page shares
   * (build-cache.ts siteInputs): the files made of those alone (the manifests, the sitemap) are
   * kept while it is unchanged.
   */
  readonly ledger?: { readonly pages: PageLedger; readonly site: string }
}

export async function publishSite(input: PublishInput): Promise<{ files: number; bytes: number; diagnostics: Diagnostic[]; ledger: Record<OutputSide, [string, LedgerEntry][]> }> {
  const { siteDir, manifest, config, stylesheet, staging, pages, reader, head, probes } = input
  const diagnostics: Diagnostic[] = []
  const publicWriter = createFileWriter(staging.public.dir)
  const privateWriter = createFileWriter(staging.private.dir)
  const writePublic = (file: string, text: string | Iterable<string>) => {
    if (typeof text === 'string') pushAll(diagnostics, findLeaks(file, text, probes))
    publicWriter.write(file, typeof text === 'string' ? text : findLeaksInParts(file, text, probes, diagnostics))
  }
  const keeper = createPageKeeper(input.ledger?.pages, { publicDir: staging.public.dir, privateDir: staging.private.dir })
  const kept: Record<OutputSide, string[]> = { public: [], private: [] }
  // Made of the manifest and the config alone: as the last build wrote it while they are unchanged (its text was checked then).
  const siteFile = (side: OutputSide, file: string, text: () => string | Iterable<string>) => {
    const made = input.ledger && `${input.ledger.pages.global} site ${input.ledger.site}`
    if (made !== undefined && keeper.keep([[side, file]], made)) return void kept[side].push(file)
    if (side === 'public') writePublic(file, text())
    else privateWriter.write(file, text())
    if (made !== undefined) keeper.record(side, file, made)
  }
  publicWriter.write(stylesheet.file, stylesheet.content)
  for (const asset of stylesheet.assets) publicWriter.write(asset.file, asset.content)
  siteFile('public', `${GENERATED_FOLDER}/manifest.json`, () => jsonParts(publicManifest(manifest, config.privatePages)))
  // Their texts were checked as they were made (reader-assets.ts).
  for (const file of reader.files) publicWriter.write(file.file, file.content)
  for (const file of reader.siteFiles) siteFile('public', file.file, file.content)
  if (config.url !== undefined) siteFile('public', 'sitemap.xml', () => sitemap(manifest, config.url!, config.baseUrl))
  for (const feed of blogFeeds(manifest, input.documents, config)) writePublic(feed.file, feed.content)
  if (config.privatePages === 'gate') {
    siteFile('private', 'manifest.json', () => jsonParts(manifest))
    siteFile('private', GATE_MANIFEST_FILE, () => json(gateManifest(manifest, config)))
    privateWriter.write(SHELL_FILE, renderShell({ manifest, config, stylesheets: [stylesheet.href], ...head }))
  }
  for (const asset of manifest.assets) {
    const publish = !asset.access.private || config.privatePages === 'client-only'
    if (publish || config.privatePages === 'gate') (publish ? publicWriter : privateWriter).write(asset.file, readFileSync(join(siteDir, asset.source)))
  }
  const publicFiles = [...pages.written.public, ...pages.written.data, ...reader.written.paths, ...publicWriter.written().paths, ...kept.public]
  if (probes.length > 0) pushAll(diagnostics, findPrivateFileNames(publicFiles, manifest))
  if (diagnostics.length > 0) {
    await discardSite(staging)
    return { files: 0, bytes: 0, diagnostics, ledger: { public: [], private: [] } }
  }
  const mover = spareMover(input.spareDir)
  await sweepStaging(staging.public, publicFiles, mover.moveAside)
  await sweepStaging(staging.private, [...pages.written.private, ...privateWriter.written().paths, ...kept.private], mover.moveAside)
  await swapIn(staging.public)
  await swapIn(staging.private)
  // The pages are written: what was moved aside (by the sweep, or spares set aside as the site was staged) is removed now.
  discardSpares(input.spareDir, false)
  return { files: publicFiles.length, bytes: pages.bytes + reader.written.bytes + publicWriter.written().bytes, diagnostics, ledger: keeper.ledger() }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}
