/**
 * The theme's stylesheet, minified (readers download it, and every page links it) and named after
 * a hash of its content so it can be cached forever.
 */
import { transform } from 'esbuild'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { underBaseUrl } from '../../shared/canonical-path.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'

export interface Stylesheet {
  /** Where it is written in the output (`_docsgen/styles.<hash>.css`). */
  readonly file: string
  /** Where pages link to it, under the base URL. */
  readonly href: string
  readonly content: Uint8Array
}

// The layout's styles, then those of what pages hold (admonitions, tabs, highlighted code, tags).
const stylesheetUrls = [new URL('../../client/theme/styles.css', import.meta.url), new URL('../../client/theme/content.css', import.meta.url)]

export async function themeStylesheet(baseUrl: string): Promise<Stylesheet> {
  const css = (await Promise.all(stylesheetUrls.map((url) => readFile(url, 'utf8')))).join('\n')
  const content = Buffer.from((await transform(css, { loader: 'css', minify: true })).code)
  const file = `${GENERATED_FOLDER}/styles.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.css`
  return { file, href: underBaseUrl(baseUrl, `/${file}`), content }
}
