/**
 * The private store of `docsgen serve`: the private folder a build wrote. The only module of the
 * gate that uses Node. The manifest is compiled again only when its file changes (a build swaps
 * the whole folder in), so a rebuild is seen by the next request.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { GATE_MANIFEST_FILE } from '../shared/gate-manifest.js'
import type { PrivateStore } from './private-store.js'
import { readGateManifest, type GateIndex } from './read-gate-manifest.js'

export function createFolderStore(privateDir: string): PrivateStore {
  let cached: { stamp: string; index: GateIndex } | undefined
  return {
    async index() {
      const file = join(privateDir, GATE_MANIFEST_FILE)
      let stamp: string
      try {
        const info = await stat(file)
        stamp = `${info.ino}:${info.size}:${info.mtimeMs}`
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
      if (cached?.stamp !== stamp) cached = { stamp, index: readGateManifest(await readFile(file, 'utf8')) }
      return cached.index
    },
    async read(key) {
      const segments = key.split('/')
      // Keys come from the build's manifest; one that could leave the folder is never read.
      if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\u0000]/.test(segment))) return undefined
      try {
        return new Uint8Array(await readFile(join(privateDir, ...segments)))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR'
}
