/** The theme's stylesheet, named after a hash of its content so it can be cached forever. */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { underBaseUrl } from '../../shared/canonical-path.js'

export interface Stylesheet {
  /** Where it is written in the output (`assets/styles.<hash>.css`). */
  readonly file: string
  /** Where pages link to it, under the base URL. */
  readonly href: string
  readonly content: Uint8Array
}

// The layout's styles, then those of what pages hold (admonitions, tabs, highlighted code, tags).
const stylesheetUrls = [new URL('../../client/theme/styles.css', import.meta.url), new URL('../../client/theme/content.css', import.meta.url)]

export async function themeStylesheet(baseUrl: string): Promise<Stylesheet> {
  const content = Buffer.concat(await Promise.all(stylesheetUrls.map((url) => readFile(url))))
  const file = `assets/styles.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.css`
  return { file, href: underBaseUrl(baseUrl, `/${file}`), content }
}
