/**
 * What crawlers and browsers ask every site for at fixed places: `robots.txt` (pointing at the
 * sitemap) and a favicon (the configured one, else docsgen's own). A file of the site's `static/`
 * folder at the same place wins: the site meant it.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { underBaseUrl } from '../../shared/canonical-path.js'
import type { Manifest } from '../../shared/manifest.js'
import { GENERATED_FOLDER } from '../../shared/page-data.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

const defaultFaviconUrl = new URL('../../client/theme/favicon.svg', import.meta.url)

export interface SeoFiles {
  readonly files: readonly { readonly file: string; readonly content: string | Uint8Array }[]
  /** The favicon's href, for every page's head. */
  readonly favicon: string
}

export async function seoFiles(manifest: Manifest, config: Pick<ResolvedConfig, 'url' | 'baseUrl' | 'favicon'>): Promise<SeoFiles> {
  const taken = new Set(manifest.assets.map((asset) => asset.file))
  const files: { file: string; content: string | Uint8Array }[] = []
  if (!taken.has('robots.txt')) {
    const sitemap = config.url === undefined || taken.has('sitemap.xml') ? '' : `Sitemap: ${config.url}${underBaseUrl(config.baseUrl, '/sitemap.xml')}\n`
    files.push({ file: 'robots.txt', content: `User-agent: *\nAllow: /\n${sitemap}` })
  }
  if (config.favicon !== undefined) return { files, favicon: underBaseUrl(config.baseUrl, config.favicon) }
  const icon = await readFile(defaultFaviconUrl)
  const file = `${GENERATED_FOLDER}/favicon-${createHash('sha256').update(icon).digest('hex').slice(0, 10)}.svg`
  files.push({ file, content: icon })
  return { files, favicon: underBaseUrl(config.baseUrl, `/${file}`) }
}
