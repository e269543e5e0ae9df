/**
 * One of docsgen's own browser scripts bundled from its TypeScript source into one minified
 * file, with the files it was made from (for prebuilt-bundle.ts). The sources are bundled from
 * src/ (the package ships it) whether docsgen runs from src/ or dist/, as the runtime is
 * (bundle-client.ts): a site must be the same bytes whichever built it.
 */
import type { BuildOptions } from 'esbuild'
import { bundledSources, type Made } from './prebuilt-bundle.js'

export async function bundleBrowserScript(entry: string, options: Required<Pick<BuildOptions, 'format' | 'target'>>): Promise<Made<string>> {
  // Loaded when a script is bundled, not by every module that imports this one.
  const { build } = await import('esbuild')
  const result = await build({ ...options, entryPoints: [entry], bundle: true, write: false, platform: 'browser', minify: true, logLevel: 'silent', metafile: true })
  return { value: result.outputFiles[0]!.text, sources: bundledSources(result.metafile) }
}
