/**
 * The search module a site publishes beside its search index (src/client/search/search-engine.ts):
 * one minified ES module, loaded by the runtime on first use of the search box.
 */
import { fileURLToPath } from 'node:url'
import { CLIENT_BUNDLE_TARGET } from './bundle-client.js'
import { bundledSources, prebuilt, type Made } from './prebuilt-bundle.js'

// Bundled from its TypeScript sources (the package ships src/) whether docsgen runs from src/ or
// dist/, as the runtime is (bundle-client.ts): a site must be the same bytes whichever built it.
const entry = fileURLToPath(new URL('../../../src/client/search/search-engine.ts', import.meta.url))

/** The module's code, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleSearchModule(): Promise<string> {
  return prebuilt('search-module', makeSearchModule)
}

export async function makeSearchModule(): Promise<Made<string>> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    // Loaded by the runtime: the same browsers.
    target: CLIENT_BUNDLE_TARGET,
    minify: true,
    logLevel: 'silent',
    metafile: true,
  })
  return { value: result.outputFiles[0]!.text, sources: bundledSources(result.metafile) }
}
