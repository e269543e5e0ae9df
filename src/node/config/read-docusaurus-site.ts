/**
 * A Docusaurus site's folder read as it is: its config evaluated (load-docusaurus-config.ts),
 * read into docsgen's settings and folders (from-docusaurus-config.ts), and one warning saying
 * what docsgen read and what it ignored, so the author knows once, not per page.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { fromDocusaurusConfig } from './from-docusaurus-config.js'
import { loadDocusaurusConfig } from './load-docusaurus-config.js'
import type { ContentFolders } from './resolve-config.js'

export type DocusaurusSite =
  | { readonly value: Record<string, unknown>; readonly source: string; readonly folders: ContentFolders; readonly note: Diagnostic; readonly diagnostics?: undefined }
  | { readonly value?: undefined; readonly diagnostics: readonly Diagnostic[] }

/** Names listed in the note before "and N more". */
const namesShown = 40

export async function readDocusaurusSite(siteDir: string, file: string, timeLimitMs: number): Promise<DocusaurusSite> {
  const { result, loaded } = await loadDocusaurusConfig(siteDir, file, timeLimitMs)
  if (!result.loaded) return { diagnostics: result.diagnostics }
  const { value, folders, ignored } = fromDocusaurusConfig(result.loaded.value as Record<string, unknown>, siteDir)
  // What was not plain data (plugins, functions) under a key docsgen reads anyway is ignored too.
  const notPlain = loaded.notPlain.map((path) => path.replace(/^presets\[\d+\]\[1\]\./, 'presets.classic.'))
  const all = [...new Set([...ignored, ...notPlain.filter((path) => !ignored.some((key) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`)))])]
  const reactPages = folders.pages === '' ? 0 : countReactPages(join(siteDir, folders.pages))
  const parts = [
    `docsgen reads ${file} as a Docusaurus site: its docs (${shown(folders.docs)}), blog (${shown(folders.blog)}), pages (${shown(folders.pages)}), static/ and sidebars in place`,
    all.length === 0 ? '' : `it ignores ${all.slice(0, namesShown).join(', ')}${all.length > namesShown ? ` and ${all.length - namesShown} more` : ''}`,
    loaded.stubbed.length === 0 ? '' : loaded.stubbed.length === 1 ? `it stood in for the package ${loaded.stubbed[0]}, which is not installed` : `it stood in for the packages ${loaded.stubbed.join(', ')}, which are not installed`,
    reactPages === 0 ? '' : `it does not build the ${reactPages} React ${reactPages === 1 ? 'page' : 'pages'} of ${folders.pages}/ (they use Docusaurus's theme)`,
  ]
  const note = diagnostic({
    file,
    ruleId: 'config-unknown-key',
    severity: 'warning',
    message: parts.filter(Boolean).join('; '),
    suggestion: 'Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read).',
  })
  return { value, source: result.loaded.source, folders, note }
}

const shown = (folder: string) => (folder === '' ? 'none' : `${folder}/`)

function countReactPages(folder: string): number {
  try {
    return readdirSync(folder, { recursive: true }).filter((name) => /(^|\/)[^_/][^/]*\.(jsx?|tsx?)$/.test(String(name))).length
  } catch {
    return 0
  }
}
