/**
 * The bundle's entry in a browser: the real window, storage, fetch and module loader, handed to
 * the runtime (which never reads them as globals).
 */
import type { Platform } from './platform.js'
import { createSafeStorage, warnOnce } from './safe-storage.js'
import { startRuntime } from './start-runtime.js'

const warn = (message: string, ...details: unknown[]) => console.warn(message, ...details)
const storageUnavailable = warnOnce(warn)
const platform: Platform = {
  window,
  document,
  fetch: (url, init) => window.fetch(url, init),
  now: () => Date.now(),
  local: createSafeStorage(() => window.localStorage, storageUnavailable),
  session: createSafeStorage(() => window.sessionStorage, storageUnavailable),
  warn,
  importModule: (url) => import(/* the search engine, by URL at run time */ url),
}
startRuntime(platform)
