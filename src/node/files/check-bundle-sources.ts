/**
 * The site's own source files that esbuild read for a bundle (the config and what it imports, a
 * component page and its modules), read again as content is read: esbuild turns bytes that are
 * not UTF-8 into U+FFFD without a word, and a config's title would be published so.
 */
import type { Metafile } from 'esbuild'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { bundleSiteSources } from './bundle-site-sources.js'
import { readTextFile } from './read-text-file.js'

/** Problems with the bundle's source files (its entry included). */
export function checkBundleSources(metafile: Metafile, siteDir: string): Diagnostic[] {
  return bundleSiteSources(metafile, siteDir).flatMap(({ path, file }) => readTextFile(path, file, { markdown: false }).diagnostic ?? [])
}
