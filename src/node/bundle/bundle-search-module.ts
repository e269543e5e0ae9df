/**
 * The search module a site publishes beside its search index (src/client/search/search-engine.ts):
 * one minified ES module, loaded by the runtime on first use of the search box.
 */
import { fileURLToPath } from 'node:url'
import { bundleBrowserScript } from './bundle-browser-script.js'
import { CLIENT_BUNDLE_TARGET } from './bundle-client.js'
import { prebuilt, type Made } from './prebuilt-bundle.js'

const entry = fileURLToPath(new URL('../../../src/client/search/search-engine.ts', import.meta.url))

/** The module's code, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleSearchModule(): Promise<string> {
  return prebuilt('search-module', makeSearchModule)
}

export function makeSearchModule(): Promise<Made<string>> {
  // Loaded by the runtime: the same browsers.
  return bundleBrowserScript(entry, { format: 'esm', target: CLIENT_BUNDLE_TARGET })
}
