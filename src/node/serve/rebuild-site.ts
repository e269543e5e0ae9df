/**
 * The one call `docsgen serve` makes to bring the output up to date after files changed, and
 * what it learns back: the build's result (printed as `docsgen build` prints it) and the routes
 * whose output changed, so only their pages reload. Today every call is a full build, which
 * stages its output beside the served folder and swaps it in only when complete, so a failed
 * rebuild leaves the last good output served; changed routes are found by comparing a hash of
 * each route's files (its page and its page data) with the last build's. An incremental build
 * that knows the changed routes itself can answer them through the same interface.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { stripRouteSuffix } from '../../shared/canonical-path.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { build, type BuildOptions, type BuildResult } from '../build.js'

export interface Rebuilt {
  readonly result: BuildResult
  /** Canonical paths of public routes (`/docs/x`) whose output changed; 'all' when a shared file did (a published asset). Empty after a failed build. */
  readonly changedRoutes: readonly string[] | 'all'
  /**
   * How many private routes changed. Their paths are not handed on: the live-reload socket
   * talks to every open page, signed in or not, and a private path is private too.
   */
  readonly privateChanged: number
}

/** Absolute paths of the files that changed since the last call; empty for the first build. */
export type Rebuild = (changedFiles: readonly string[]) => Promise<Rebuilt>

export function createRebuild(options: BuildOptions & { readonly outDir: string; readonly privateDir: string }): Rebuild {
  const outDir = resolve(options.siteDir, options.outDir)
  const privateDir = resolve(options.siteDir, options.privateDir)
  let last: Map<string, string> | undefined
  return async () => {
    // What an earlier session left is what open pages show: the first build is compared with it.
    last ??= await outputHashes(outDir, privateDir)
    const result = await build(options)
    if (result.exitCode !== 0) return { result, changedRoutes: [], privateChanged: 0 }
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
 * A hash of every output file, keyed by its route (`/docs/x`, or `private:/docs/x` in the private
 * folder), or by `file:<path>` for a published file that is no route's. Of the private folder
 * only pages count: its index files change with any private page, which counts through its own route.
 */
async function outputHashes(publicDir: string, privateDir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  for (const folder of [publicDir, privateDir]) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const file = relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/')
      let key = keyOf(file)
      if (key !== undefined && folder === privateDir) key = key.startsWith(FILE) ? undefined : `${PRIVATE}${key}`
      if (key === undefined) continue
      const hash = createHash('sha1').update(await readFile(join(folder, file))).digest('base64')
      hashes.set(key, (hashes.get(key) ?? '') + hash)
    }
  }
  return hashes
}

function keyOf(file: string): string | undefined {
  if (file.endsWith('.html')) return stripRouteSuffix(`/${file}`)
  const data = `${GENERATED_FOLDER}/data`
  if (file === `${data}.json`) return '/'
  if (file.startsWith(`${data}/`) && file.endsWith('.json')) return `/${file.slice(data.length + 1, -'.json'.length)}`
  // The build's own files are named after their content (a new stylesheet changes every page) or
  // are read on demand (search, sidebar data): no page needs reloading for them.
  if (file.startsWith(`${GENERATED_FOLDER}/`) || file === 'sitemap.xml' || file === 'robots.txt' || file === 'manifest.json') return undefined
  return `${FILE}${file}`
}

function changedKeys(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort()
}
