/**
 * Watches what a build reads (content/, static/, the config file, the theme's stylesheet folder)
 * with chokidar and reports changed files in batches: changes that arrive together (an editor
 * saving through a temporary file, a `git checkout`) are one rebuild, not many.
 */
import { watch, type FSWatcher } from 'chokidar'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configFileNames } from '../config/load-config.js'

export interface SiteWatcher {
  /** Resolves once the watchers are listening (changes before then may be missed). */
  readonly ready: Promise<void>
  readonly close: () => Promise<void>
}

/** The theme's stylesheet is read by every build; its components are compiled in and need a restart. */
export const themeFolder = fileURLToPath(new URL('../../client/theme/', import.meta.url))

export function watchSite(siteDir: string, onChange: (files: readonly string[]) => void, onError: (message: string) => void, settleMs = 20): SiteWatcher {
  const paths = [join(siteDir, 'content'), join(siteDir, 'static'), ...configFileNames.map((name) => join(siteDir, name)), themeFolder]
  const watcher: FSWatcher = watch(paths, { ignoreInitial: true, ignored: (path) => /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(path) })
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  const changed = (file: string) => {
    pending.add(file)
    clearTimeout(timer)
    timer = setTimeout(() => {
      const files = [...pending]
      pending = new Set()
      onChange(files)
    }, settleMs)
  }
  watcher.on('error', (error) => onError(`watching files failed: ${(error as Error).message}`))
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, changed)
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: async () => {
      clearTimeout(timer)
      await watcher.close()
    },
  }
}
