/**
 * The theme's stylesheet, minified (readers download it, and every page links it), the site's own
 * sheets after it (customCss: read-custom-css.ts), named after a hash of its content so it can be
 * cached forever.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { underBaseUrl } from '../../shared/canonical-path.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import { prebuilt, type Made } from '../bundle/prebuilt-bundle.js'
import type { CustomStyles } from '../config/read-custom-css.js'

export interface Stylesheet {
  /** Where it is written in the output (`_docsgen/styles.<hash>.css`). */
  readonly file: string
  /** Where pages link to it, under the base URL. */
  readonly href: string
  readonly content: Uint8Array
  /** The images and fonts the site's own sheets name, written beside it. */
  readonly assets: CustomStyles['assets']
}

/**
 * The theme's style sheets, in cascade order: the layout's (colours and base, navbar, docs layout,
 * article, other pages, then phones, which override them), then those of what pages hold
 * (admonitions, tabs, highlighted code, tags).
 */
export const stylesheetUrls = ['base', 'navbar', 'docs-layout', 'article', 'pages', 'mobile', 'content', 'code'].map((name) => new URL(`../../client/theme/${name}.css`, import.meta.url))

export async function themeStylesheet(baseUrl: string, custom?: CustomStyles): Promise<Stylesheet> {
  // No site setting reaches the minified styles: made when docsgen was compiled (prebuilt-bundle.ts) or afresh.
  const theme = await prebuilt('stylesheet', minifiedStyles)
  // Later in the cascade, the site's sheets win over the theme's rules of equal weight, after the Infima
  // properties they may read; their imports come first, or a browser ignores them.
  const content = Buffer.from(custom === undefined ? theme : `${custom.imports}${theme}\n${await prebuilt('infima-compat', minifiedInfimaCompat)}${custom.css}`)
  const file = `${GENERATED_FOLDER}/styles.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.css`
  return { file, href: underBaseUrl(baseUrl, `/${file}`), content, assets: custom?.assets ?? [] }
}

export async function minifiedStyles(): Promise<Made<string>> {
  const { transform } = await import('esbuild')
  const css = (await Promise.all(stylesheetUrls.map((url) => readFile(url, 'utf8')))).join('\n')
  return { value: (await transform(css, { loader: 'css', minify: true })).code, sources: stylesheetUrls.map((url) => fileURLToPath(url)) }
}

/** Infima's properties a Docusaurus site's own sheets read, minified; laid before a site's sheets only. */
export async function minifiedInfimaCompat(): Promise<Made<string>> {
  const { transform } = await import('esbuild')
  const url = new URL('../../client/theme/infima-compat.css', import.meta.url)
  return { value: (await transform(await readFile(url, 'utf8'), { loader: 'css', minify: true })).code, sources: [fileURLToPath(url)] }
}
