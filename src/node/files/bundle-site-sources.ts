/**
 * The site's own source files esbuild read for a bundle (the config and what it imports),
 * site-relative with forward slashes: not its packages, not what plugins made.
 */
import type { Metafile } from 'esbuild'
import { relative, resolve, sep } from 'node:path'
import { isInside } from './is-inside.js'
import { withSlashes } from './slash-path.js'

export function bundleSiteSources(metafile: Metafile, siteDir: string): { path: string; file: string }[] {
  return Object.keys(metafile.inputs).flatMap((input) => {
    // Inputs from plugins are named `namespace:path`; files are paths relative to the working folder.
    if (/^[\w-]+:/.test(input)) return []
    const path = resolve(input)
    const file = relative(siteDir, path)
    if (!isInside(siteDir, path) || file.split(sep).includes('node_modules')) return []
    return [{ path, file: withSlashes(file) }]
  })
}
