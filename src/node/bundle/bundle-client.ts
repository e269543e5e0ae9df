/**
 * The browser runtime's bundle (src/client/runtime): minified ES modules named after a hash of
 * their content, so they can be cached forever. The search code is a chunk of its own that the
 * runtime imports only when the search box is first used, so it weighs nothing on a page view.
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { bundledSources, prebuilt, type Made } from './prebuilt-bundle.js'
import { slashRelative } from '../files/slash-path.js'

export interface ClientBundle {
  /** The entry module, relative to the output folder (`_docsgen/runtime-<hash>.js`). */
  readonly entry: string
  /** Every file of the bundle, relative to the output folder. */
  readonly files: readonly { readonly file: string; readonly contents: Uint8Array }[]
  /** The entry's size gzipped (level 9): what a page view downloads. */
  readonly entryGzipBytes: number
}

/** Browsers with native ES modules, dynamic import and optional chaining. */
export const CLIENT_BUNDLE_TARGET = ['chrome91', 'edge91', 'firefox90', 'safari15']

// Bundled from its TypeScript sources (the package ships src/) whether docsgen runs from src/ or
// dist/ (both three folders below the package): esbuild minifies the compiled copies to other
// names, and a site must be the same bytes whichever copy of docsgen built it.
const entryPoint = fileURLToPath(new URL('../../../src/client/runtime/browser-entry.ts', import.meta.url))

/** The runtime's bundle, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleClient(): Promise<ClientBundle> {
  return prebuilt('client', makeClientBundle)
}

export async function makeClientBundle(): Promise<Made<ClientBundle>> {
  // Loaded when a bundle is made, not by every build.
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: { runtime: entryPoint },
    bundle: true,
    splitting: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: CLIENT_BUNDLE_TARGET,
    minify: true,
    outdir: GENERATED_FOLDER,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    logLevel: 'silent',
    metafile: true,
  })
  // Nothing is written: esbuild names each output as if under outdir, relative to the current folder.
  const outDir = resolve(GENERATED_FOLDER)
  const files = result.outputFiles.map((output) => ({ file: `${GENERATED_FOLDER}/${slashRelative(outDir, output.path)}`, contents: output.contents }))
  const entry = files.find((file) => /\/runtime-[\w-]+\.js$/.test(file.file))
  if (!entry) throw new Error('bundleClient: esbuild produced no runtime module')
  return { value: { entry: entry.file, files, entryGzipBytes: gzipSync(entry.contents, { level: 9 }).byteLength }, sources: bundledSources(result.metafile) }
}
