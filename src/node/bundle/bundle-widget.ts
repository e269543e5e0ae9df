/**
 * The login widget's browser bundle: React, the widget and the SDK in one minified ES module,
 * named after a hash of its content (so it can be cached forever), loaded on demand by pages
 * that need sign-in UI.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { bundledSources, prebuilt, type Made } from './prebuilt-bundle.js'

export interface WidgetBundle {
  /** `login-widget-<hash>.js`. */
  readonly fileName: string
  readonly contents: Uint8Array
  /** Size in bytes, and gzipped (level 9), for the size budget. */
  readonly bytes: number
  readonly gzipBytes: number
}

/** Browsers with the best passkey experience (conditional UI and platform authenticators), and newer. */
export const WIDGET_BUNDLE_TARGET = ['chrome108', 'edge108', 'firefox122', 'safari16', 'opera97']

// Bundled from its TypeScript sources (the package ships src/) whether docsgen runs from src/ or
// dist/, as the runtime is (bundle-client.ts): a site must be the same bytes whichever built it.
const entry = fileURLToPath(new URL('../../../src/widget/bundle-entry.ts', import.meta.url))

/** The widget's bundle, as made when docsgen was compiled (prebuilt-bundle.ts) or afresh. */
export function bundleWidget(): Promise<WidgetBundle> {
  return prebuilt('widget', makeWidgetBundle)
}

export async function makeWidgetBundle(): Promise<Made<WidgetBundle>> {
  // Loaded when a bundle is made, not by every module that imports this one.
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: WIDGET_BUNDLE_TARGET,
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: 'widget',
    entryNames: 'login-widget-[hash]',
    logLevel: 'silent',
    metafile: true,
  })
  const file = result.outputFiles.find((output) => output.path.endsWith('.js'))
  if (!file) throw new Error('bundleWidget: esbuild produced no JavaScript file')
  const value = {
    fileName: file.path.slice(file.path.lastIndexOf('/') + 1),
    contents: file.contents,
    bytes: file.contents.byteLength,
    gzipBytes: gzipSync(file.contents, { level: 9 }).byteLength,
  }
  return { value, sources: bundledSources(result.metafile) }
}
