/**
 * What a page's import of an image, a video or another file is, as Docusaurus's file loader makes
 * it: the URL the file is served at. Only a file of static/ has one (it is published as it is);
 * a file elsewhere is published only where a page links to it, so importing it is an error.
 */
import type { OnLoadResult } from 'esbuild'
import { siteHref } from '../../shared/canonical-path.js'
import { slashRelative } from '../files/slash-path.js'

/** Files a page may import as URLs (SVG is left out: Docusaurus makes it a component). */
export const importedFile = /\.(png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogv|mov|mp3|wav|ogg|m4a|flac|pdf|zip|gz|woff2?|ttf|otf|txt|csv)$/i

/** `staticOfFile`: where each published file of static/ is served, by site-relative file (a parse job's table). */
export function importedFileModule(path: string, siteDir: string, baseUrl: string, staticOfFile: ReadonlyMap<string, string>): OnLoadResult {
  const file = slashRelative(siteDir, path)
  const served = staticOfFile.get(file)
  if (served !== undefined) return { contents: `export default ${JSON.stringify(siteHref(baseUrl, served))}`, loader: 'js' }
  return { errors: [{ text: `Cannot import "${file}" as a URL: only a file of static/ can be, where it is served. Move it to static/, or show it with Markdown (![text](./file.png))` }] }
}
