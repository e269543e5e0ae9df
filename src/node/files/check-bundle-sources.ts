/**
 * The site's own source files that esbuild read for a bundle (the config and what it imports, a
 * component page and its modules), read again as content is read: esbuild turns bytes that are
 * not UTF-8 into U+FFFD without a word, and a config's title would be published so.
 */
import type { Metafile } from 'esbuild'
import { relative, resolve, sep } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { readTextFile } from './read-text-file.js'
import { isInside } from './is-inside.js'

/** Problems with the bundle's source files (its entry included). */
export function checkBundleSources(metafile: Metafile, siteDir: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  for (const input of Object.keys(metafile.inputs)) {
    // Inputs from plugins are named `namespace:path`; files are paths relative to the working folder.
    if (/^[\w-]+:/.test(input)) continue
    const path = resolve(input)
    const file = relative(siteDir, path)
    if (!isInside(siteDir, path) || file.split(sep).includes('node_modules')) continue
    const read = readTextFile(path, file.split(sep).join('/'), { markdown: false })
    if (read.diagnostic) diagnostics.push(read.diagnostic)
  }
  return diagnostics
}
