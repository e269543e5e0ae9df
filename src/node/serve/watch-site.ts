/**
 * Watches what a build reads (content/, static/, the config file, a sidebars file, versioned
 * docs, the theme's stylesheet folder; in a Docusaurus folder also docs/, blog/ and src/; and the
 * folders the config names, once a build has read it, wherever they are) with chokidar and
 * reports changed files in batches: changes that arrive together (an editor saving through a
 * temporary file, a `git checkout`) are one rebuild, not many.
 */
import { watch, type FSWatcher } from 'chokidar'
import { existsSync, statSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configFileNames } from '../config/load-config.js'
import { docusaurusConfigNames } from '../config/load-docusaurus-config.js'
import { vitepressConfigNames } from '../config/read-vitepress-site.js'
import { sidebarsFileNames } from '../content/read-sidebars.js'
import { isInside } from '../files/is-inside.js'

export interface SiteWatcher {
  /** Resolves once the watchers are listening (changes before then may be missed). */
  readonly ready: Promise<void>
  readonly close: () => Promise<void>
  /**
   * Watches these folders or files too (relative to the site folder, such as a Docusaurus
   * config's `path: '../docs'`); one already watched, or a folder that holds the site's own, is
   * passed over.
   */
  readonly follow: (folders: readonly string[]) => void
}

/** The theme's stylesheet is read by every build; its components are compiled in and need a restart. */
export const themeFolder = fileURLToPath(new URL('../../client/theme/', import.meta.url))

const versionedDocs = ['versioned_docs', 'versioned_sidebars', 'versions.json']
const watched = new Set<string>(['content', 'static', ...configFileNames, ...docusaurusConfigNames, ...sidebarsFileNames, 'sidebars.json', ...versionedDocs])
// A Docusaurus folder's own layout; in a docsgen site these names are the author's other files.
const docusaurusWatched = new Set<string>([...watched, 'docs', 'blog', 'src'])

// A VitePress folder's pages may be anywhere in it: all is watched but installed packages, old
// builds, docsgen's output and hidden entries other than .vitepress/.
const vitepressUnwatched = new Set<string>(['node_modules', 'dist', 'build'])

/** What serve watches in the site folder, as its start-up message says it. */
export function watchedSources(siteDir: string): string {
  const site = resolve(siteDir)
  if (isVitepressFolder(site)) return 'the VitePress folder (.vitepress/ too) but node_modules/, dist/, build/ and hidden files'
  return isDocusaurusFolder(site)
    ? 'docs/, blog/, src/, static/, the Docusaurus config, its sidebars and versioned docs'
    : 'content/, static/, site.config.ts, a sidebars file and versioned docs'
}

const isDocusaurusFolder = (site: string) => docusaurusConfigNames.some((name) => existsSync(resolve(site, name)))
// As the config stage decides: a site.config.ts or a Docusaurus config comes first.
const isVitepressFolder = (site: string) =>
  !isDocusaurusFolder(site) && !configFileNames.some((name) => existsSync(resolve(site, name))) && vitepressConfigNames.some((name) => existsSync(resolve(site, name)))

export function watchSite(siteDir: string, onChange: (files: readonly string[]) => void, onError: (message: string) => void, settleMs = 20): SiteWatcher {
  // The site folder itself, narrowed to what a build reads: a watched folder that does not exist
  // yet (a first static/) is seen when it is created, which watching it by name would miss.
  const site = resolve(siteDir)
  const names = new Set(isDocusaurusFolder(site) ? docusaurusWatched : watched)
  const vitepress = isVitepressFolder(site)
  // Folders followed (see `follow`): watched whole, but for the packages installed in them.
  const followed = new Set<string>()
  // Asked of every path the watchers meet, several times each: string tests, not path arithmetic.
  const inTheme = pathWithin(themeFolder)
  const inSite = pathWithin(site)
  const ignored = (path: string) => {
    // The theme is docsgen's own, wherever docsgen is installed (under a node_modules folder too).
    if (inTheme(path) !== undefined) return false
    for (const folder of followed) if (isInside(folder, path)) return relative(folder, path).split(sep).includes('node_modules')
    const inside = inSite(path)
    if (inside === undefined) return true
    const first = inside.split(sep, 1)[0]!
    if (vitepress) return vitepressUnwatched.has(first) || (first.startsWith('.') && first !== '.vitepress') || inside.split(sep).includes('node_modules')
    return first !== '' && !names.has(first)
  }
  const watcher: FSWatcher = watch([site, themeFolder], { ignoreInitial: true, ignored })
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  const rechecks = new Set<NodeJS.Timeout>()
  const changed = (file: string) => {
    pending.add(file)
    clearTimeout(timer)
    timer = setTimeout(() => {
      const files = [...pending]
      pending = new Set()
      recheck(files)
      onChange(files)
    }, settleMs)
  }
  // chokidar drops a file's changes for a moment after reporting one (and never reports them
  // later): a save that soon after the last, before or while its rebuild read the file, would be
  // lost. Each file reported is looked at again once that moment is over, and reported again if
  // it changed since it was last handed on.
  const handedOn = new Map<string, string>()
  const recheck = (files: readonly string[]) => {
    for (const file of files) handedOn.set(file, fileState(file))
    const check = setTimeout(() => {
      rechecks.delete(check)
      for (const file of files) if (fileState(file) !== handedOn.get(file)) changed(file)
    }, CHOKIDAR_QUIET_MS)
    rechecks.add(check)
  }
  watcher.on('error', (error) => onError(`watching files failed: ${(error as Error).message}`))
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, changed)
  const follow = (folders: readonly string[]) => {
    for (const folder of folders) {
      const path = resolve(site, folder)
      // The site folder and the folders around it are never watched whole.
      if (followed.has(path) || isInside(path, site)) continue
      followed.add(path)
      watcher.add(path)
    }
  }
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    follow,
    close: async () => {
      clearTimeout(timer)
      for (const check of rechecks) clearTimeout(check)
      await watcher.close()
    },
  }
}

/** Longer than chokidar's 50 ms during which it drops a reported file's further changes. */
const CHOKIDAR_QUIET_MS = 80

/** What tells one version of a file from the next: none when it is gone. */
function fileState(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false, bigint: true })
  return stats ? `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}` : 'none'
}

/** An absolute, normalised path (as the watchers report them) relative to `folder`; undefined when outside it. */
function pathWithin(folder: string): (path: string) => string | undefined {
  const prefix = folder.endsWith(sep) ? folder : folder + sep
  const root = prefix.slice(0, -1)
  return (path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path === root ? '' : undefined)
}
