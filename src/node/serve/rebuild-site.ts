/**
 * The one call `docsgen serve` makes to bring the output up to date after files changed, and
 * what it learns back: the build's result (printed as `docsgen build` prints it) and the routes
 * whose output changed, so only their pages reload.
 *
 * Saved Markdown pages are rebuilt in place from the site the last whole build kept in memory
 * (partial-rebuild.ts): only the pages they touch are rendered, and what is written site-wide
 * (the search index among it) waits for a whole build at the next pause (`pending`). Anything
 * else (the first build, config, theme, static files, pages added or removed) is a whole
 * incremental build, which stages its output beside the served folder and swaps it in only when
 * complete, so a failed rebuild leaves the last good output served; its changed routes are found
 * by comparing a hash of each output file with the last build's.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { stripRouteSuffix } from '../../shared/canonical-path.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { BuildResult, BuiltSite } from '../build.js'
import { buildInWorker, type WorkerBuildOptions } from './build-in-worker.js'
import type { SiteMemory } from './partial-rebuild.js'
import { slashRelative } from '../files/slash-path.js'

export interface Rebuilt {
  readonly result: BuildResult
  /** Canonical paths of public routes (`/docs/x`) whose output changed; 'all' when a shared file did (a published asset). Empty after a failed build. */
  readonly changedRoutes: readonly string[] | 'all'
  /**
   * How many private routes changed. Their paths are not handed on: the live-reload socket
   * talks to every open page, signed in or not, and a private path is private too.
   */
  readonly privateChanged: number
  /** Only pages were written: call again with no files, once the author pauses, for the site-wide files and the search index. */
  readonly pending?: boolean
}

/** Absolute paths of the files that changed since the last call; none: a whole build (the first, or the one `pending` asks for). */
export type Rebuild = (changedFiles: readonly string[]) => Promise<Rebuilt>

/** `onRendering`: told of each whole build's site as it starts rendering (early-pages.ts). */
export function createRebuild(options: WorkerBuildOptions & { readonly outDir: string; readonly privateDir: string }, onRendering?: (site: BuiltSite) => void): Rebuild {
  const siteDir = resolve(options.siteDir)
  const outDir = resolve(siteDir, options.outDir)
  const privateDir = resolve(siteDir, options.privateDir)
  const workDir = join(siteDir, '.docsgen', 'serve', 'work')
  let last: Map<string, string> | undefined
  let memory: SiteMemory | undefined
  let lastWhole: BuildResult | undefined
  // Sources changed since the last whole build that succeeded: the next one compares only these with its cache.
  const since = new Set<string>()
  return async (changedFiles) => {
    // What an earlier session left is what open pages show: the first build is compared with it.
    last ??= await outputHashes(outDir, privateDir)
    const files = changedFiles.map((file) => slashRelative(siteDir, resolve(siteDir, file)))
    for (const file of files) since.add(file)
    // Loaded once there is a site to rebuild from: the server's thread starts with little to load.
    const folders = { siteDir, outDir, privateDir, workDir, drafts: options.drafts ?? false }
    const partial = memory && lastWhole && files.length > 0 ? await (await import('./partial-rebuild.js')).rebuildPages(memory, files, folders) : undefined
    if (partial && lastWhole) {
      memory = partial.memory
      const result: BuildResult = { ...lastWhole, exitCode: partial.failed ? 1 : 0, diagnostics: partial.diagnostics, stages: [], manifest: memory.site.manifest, changedRoutes: partial.routes }
      if (partial.failed) return { result, changedRoutes: [], privateChanged: 0 }
      await rehash(last, outDir, partial.files.public, false)
      await rehash(last, privateDir, partial.files.private, true)
      const access = new Map(memory.site.manifest.routes.map((route) => [route.path, route.access.private]))
      const publicRoutes = partial.routes.filter((route) => !access.get(route)).map((route) => stripRouteSuffix(route))
      return { result, changedRoutes: publicRoutes, privateChanged: partial.routes.length - publicRoutes.length, pending: true }
    }
    const { result, site } = await buildInWorker({ ...options, ...(lastWhole ? { changedPaths: [...since] } : {}) }, onRendering)
    const { forgetBodies, rememberSite, warmUp } = await import('./partial-rebuild.js')
    memory = site && rememberSite(site, result.diagnostics)
    forgetBodies(workDir)
    if (site && !lastWhole) setImmediate(() => warmUp(site).catch(() => undefined))
    if (result.exitCode !== 0) return { result, changedRoutes: [], privateChanged: 0 }
    lastWhole = result
    since.clear()
    const hashes = await outputHashes(result.outDir, result.privateDir)
    const changed = changedKeys(last, hashes)
    last = hashes
    const publicRoutes = changed.filter((key) => key.startsWith('/'))
    const privateChanged = changed.filter((key) => key.startsWith(PRIVATE)).length
    return { result, changedRoutes: changed.some((key) => key.startsWith(FILE)) ? 'all' : publicRoutes, privateChanged }
  }
}

const FILE = 'file:'
const PRIVATE = 'private:'

/**
 * A hash of every output file that counts, by the file (`private:` before those of the private
 * folder): each is some route's (`/docs/x`, or `private:/docs/x`) or a published file no route owns.
 */
async function outputHashes(publicDir: string, privateDir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  for (const [folder, isPrivate] of [[publicDir, false], [privateDir, true]] as const) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
    const files = entries.filter((entry) => entry.isFile()).map((entry) => slashRelative(folder, join(entry.parentPath, entry.name)))
    await rehash(hashes, folder, files, isPrivate)
  }
  return hashes
}

/** `files` of `folder` hashed again into `hashes`. */
async function rehash(hashes: Map<string, string>, folder: string, files: readonly string[], isPrivate: boolean): Promise<void> {
  for (const file of files) {
    if (keyOf(file, isPrivate) === undefined) continue
    hashes.set(`${isPrivate ? PRIVATE : ''}${file}`, createHash('sha1').update(await readFile(join(folder, file))).digest('base64'))
  }
}

/**
 * What an output file belongs to: its route (`/docs/x`, or `private:/docs/x` in the private
 * folder), or `file:<path>` for a published file that is no route's; undefined for what no page
 * reloads for. Of the private folder only pages count: its index files change with any private
 * page, which counts through its own route.
 */
function keyOf(file: string, isPrivate: boolean): string | undefined {
  const key = publicKeyOf(file)
  if (!isPrivate || key === undefined) return key
  return key.startsWith(FILE) ? undefined : `${PRIVATE}${key}`
}

function publicKeyOf(file: string): string | undefined {
  if (file.endsWith('.html')) return stripRouteSuffix(`/${file}`)
  const data = `${GENERATED_FOLDER}/data`
  if (file === `${data}.json`) return '/'
  if (file.startsWith(`${data}/`) && file.endsWith('.json')) return `/${file.slice(data.length + 1, -'.json'.length)}`
  // The build's own files are named after their content (a new stylesheet changes every page) or
  // are read on demand (search, sidebar data): no page needs reloading for them.
  if (file.startsWith(`${GENERATED_FOLDER}/`) || file === 'sitemap.xml' || file === 'robots.txt' || file === 'manifest.json') return undefined
  return `${FILE}${file}`
}

/** The routes (and published files) whose files differ between two hashings. */
function changedKeys(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed = new Set<string>()
  for (const file of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(file) === after.get(file)) continue
    const isPrivate = file.startsWith(PRIVATE)
    changed.add(keyOf(isPrivate ? file.slice(PRIVATE.length) : file, isPrivate)!)
  }
  return [...changed].sort()
}
