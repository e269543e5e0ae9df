/**
 * Browser storage that never throws. Storage can be missing or refuse every call (private
 * browsing, blocked site data, a sandboxed frame); then the runtime logs one warning for the whole
 * page and treats storage as empty: settings are simply not remembered.
 */
export interface SafeStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export const STORAGE_WARNING =
  'docsgen: browser storage is not available, so the colour mode, a closed announcement and open sidebar categories are not remembered. Possible reasons: private browsing, blocked site data, or the site shown in a frame.'

/** One warning, however many storages and calls fail. */
export function warnOnce(warn: (message: string) => void): () => void {
  let warned = false
  return () => {
    if (warned) return
    warned = true
    warn(STORAGE_WARNING)
  }
}

export function createSafeStorage(open: () => Storage | null | undefined, onUnavailable: () => void): SafeStorage {
  let storage: Storage | undefined | false
  const use = <T>(action: (storage: Storage) => T, fallback: T): T => {
    try {
      if (storage === undefined) {
        const opened = open()
        if (!opened) throw new Error('no storage')
        opened.getItem('docsgen')
        storage = opened
      }
      return storage === false ? fallback : action(storage)
    } catch {
      storage = false
      onUnavailable()
      return fallback
    }
  }
  return {
    get: (key) => use((storage) => storage.getItem(key), null),
    set: (key, value) => use((storage) => storage.setItem(key, value), undefined),
    remove: (key) => use((storage) => storage.removeItem(key), undefined),
  }
}
