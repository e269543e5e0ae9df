/**
 * What an incremental build's cache is valid for: docsgen's own code (its version, and the size
 * and time of every file it runs from, so a changed theme or parser counts too while the version
 * stays) and the site's config. A cache saved under another key is not used.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// Three folders below the package, from src/ and dist/ alike (see bundle-client.ts).
const packageRoot = fileURLToPath(new URL('../../../', import.meta.url))

let codeIdentity: string | undefined

export function buildKey(configSource: string): string {
  codeIdentity ??= docsgenCode()
  return createHash('sha256').update(codeIdentity).update('\0').update(configSource).digest('base64url')
}

function docsgenCode(): string {
  const hash = createHash('sha256').update(readFileSync(`${packageRoot}package.json`))
  // Run from dist/ (the CLI), src/ is not what runs: editing it leaves the cache valid. Run from
  // src/ (tests, tsx), dist/'s prebuilt bundles are used too.
  const folders = fileURLToPath(import.meta.url).startsWith(`${packageRoot}dist`) ? ['dist'] : ['src', 'dist']
  for (const folder of folders) {
    let files: string[]
    try {
      files = readdirSync(`${packageRoot}${folder}`, { recursive: true, encoding: 'utf8' }).sort()
    } catch {
      continue
    }
    for (const file of files) {
      // Source maps are read by debuggers, not by the build.
      if (file.endsWith('.map')) continue
      const stat = statSync(`${packageRoot}${folder}/${file}`)
      if (stat.isFile()) hash.update(`${folder}/${file} ${stat.size} ${stat.mtimeMs}\n`)
    }
  }
  return hash.digest('base64url')
}
