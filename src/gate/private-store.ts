/**
 * Where the gate finds the private output: the manifest and the content it names. The gate
 * never touches a file system itself; Node backs this with the private folder
 * (folder-store.ts), an edge runtime with its key-value store (createKeyValueStore).
 */
import { GATE_MANIFEST_FILE } from '../shared/gate-manifest.js'
import { readGateManifest, type GateIndex } from './read-gate-manifest.js'

export interface PrivateStore {
  /**
   * The private output's manifest, compiled; undefined when there is no private output. Throws
   * GateManifestError for a manifest that is not the build's, which the gate answers with 503.
   */
  index(): Promise<GateIndex | undefined>
  /** The content kept under a key of the manifest, or undefined when there is none. */
  read(key: string): Promise<Uint8Array<ArrayBuffer> | undefined>
}

/** What an edge store answers for a key: text, bytes, or nothing. */
export type StoredValue = string | Uint8Array | ArrayBuffer | null | undefined

export interface KeyValueStoreOptions {
  /** Milliseconds since the epoch; default Date.now. */
  readonly now?: () => number
  /** How long the compiled manifest is reused before it is read again; default 5 s. */
  readonly manifestCacheMs?: number
}

/** A store over any `get(key)`: an edge runtime's KV namespace, or a Map in tests. */
export function createKeyValueStore(get: (key: string) => Promise<StoredValue>, options: KeyValueStoreOptions = {}): PrivateStore {
  const now = options.now ?? Date.now
  const cacheMs = options.manifestCacheMs ?? 5000
  let cached: { at: number; index: Promise<GateIndex | undefined> } | undefined
  const load = async (): Promise<GateIndex | undefined> => {
    const value = await get(GATE_MANIFEST_FILE)
    return value === null || value === undefined ? undefined : readGateManifest(typeof value === 'string' ? value : new TextDecoder().decode(value))
  }
  return {
    index() {
      if (cached === undefined || now() - cached.at >= cacheMs) {
        const index = load()
        // A failed read is not kept: the next request tries again.
        index.catch(() => {
          if (cached?.index === index) cached = undefined
        })
        cached = { at: now(), index }
      }
      return cached.index
    },
    async read(key) {
      const value = await get(key)
      if (value === null || value === undefined) return undefined
      return typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value)
    },
  }
}
