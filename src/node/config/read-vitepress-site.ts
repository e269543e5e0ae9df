/**
 * A VitePress site's folder read as it is: `.vitepress/config.*` evaluated as a Docusaurus config
 * is (load-docusaurus-config.ts: its own thread, packages that are not installed stood in for),
 * read into docsgen's settings and folders (from-vitepress-config.ts), and one warning saying
 * what docsgen read and what it ignored.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { positionAt } from '../diagnostics/locate-in-source.js'
import { customSlugifyWarning } from './custom-slugify-warning.js'
import { fromVitepressConfig } from './from-vitepress-config.js'
import { ignoredParts, withNotPlain } from './read-docusaurus-site.js'
import { loadDocusaurusConfig, type ForeignConfig } from './load-docusaurus-config.js'
import type { ContentFolders } from './resolve-config.js'

/** VitePress's own order: by extension (js, ts, mjs, mts), `config/index.*` before `config.*` for each. */
export const vitepressConfigNames = ['js', 'ts', 'mjs', 'mts'].flatMap((extension) => [`.vitepress/config/index.${extension}`, `.vitepress/config.${extension}`])

export type VitepressSite =
  | { readonly value: Record<string, unknown>; readonly source: string; readonly folders: ContentFolders; readonly note: Diagnostic; readonly problems: readonly Diagnostic[]; readonly diagnostics?: undefined }
  | { readonly value?: undefined; readonly diagnostics: readonly Diagnostic[] }

// VitePress calls a config that is a function with the environment of `vitepress build`.
const vitepress: ForeignConfig = { name: 'VitePress', argument: { command: 'build', mode: 'production' }, passConfig: true }

const themeEntries = ['index.ts', 'index.mts', 'index.js', 'index.mjs'].map((name) => `.vitepress/theme/${name}`)

/**
 * The style sheets a custom theme's entry imports by a relative path (`import './custom.css'`, as
 * VitePress's guide extends its default theme): laid over docsgen's theme as customCss. The
 * theme's components are not run. An import of a sheet that is missing or outside the site is a
 * problem at its line in the entry.
 */
function themeStyleSheets(siteDir: string): { sheets: string[]; problems: Diagnostic[] } {
  // A plain file only: reading a named pipe would never end.
  const entry = themeEntries.find((name) => statSync(join(siteDir, name), { throwIfNoEntry: false })?.isFile() === true)
  if (entry === undefined) return { sheets: [], problems: [] }
  // Block comments blanked, their lines kept: an import in one is no import.
  const text = readFileSync(join(siteDir, entry), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
  const sheets: string[] = []
  const problems: Diagnostic[] = []
  for (const match of text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+\.css)['"]/gm)) {
    const sheet = posix.join(posix.dirname(entry), match[1]!)
    const outside = sheet === '..' || sheet.startsWith('../')
    if (!outside && existsSync(join(siteDir, sheet))) {
      sheets.push(sheet)
      continue
    }
    const offset = match.index! + match[0].indexOf(match[1]!) - 1
    problems.push(
      diagnostic({
        file: entry,
        ...positionAt(text, offset),
        ruleId: 'custom-css-invalid',
        message: `The theme imports ${match[1]}, ${outside ? 'which is outside the site folder' : 'which does not exist'}`,
        suggestion: "Import a sheet of the site's own, by its path from the theme's folder.",
      }),
    )
  }
  return { sheets, problems }
}

export function findVitepressConfig(siteDir: string): string | undefined {
  // A plain file only: a folder or a named pipe under that name is no config.
  return vitepressConfigNames.find((name) => statSync(join(siteDir, name), { throwIfNoEntry: false })?.isFile() === true)
}

export async function readVitepressSite(siteDir: string, file: string, timeLimitMs: number): Promise<VitepressSite> {
  const { result, loaded } = await loadDocusaurusConfig(siteDir, file, timeLimitMs, vitepress)
  if (!result.loaded) return { diagnostics: result.diagnostics }
  const config = result.loaded.value as Record<string, unknown>
  const { value, folders, ignored } = fromVitepressConfig(config, siteDir)
  const { sheets, problems } = themeStyleSheets(siteDir)
  if (loaded.notPlain.includes('markdown.anchor.slugify')) problems.push(customSlugifyWarning(siteDir, file, loaded.sources, attributeDelimitersOf(value)))
  if (sheets.length > 0) value.customCss = sheets
  const all = withNotPlain(ignored, loaded.notPlain)
  const parts = [
    `docsgen reads ${file} as a VitePress site: every .md of ${folders.docs === '.' ? 'the site folder' : `${folders.docs}/`} as a page at the route VitePress gives it, ${folders.static}/ published as it is, the nav and sidebar, VitePress's Markdown${sheets.length > 0 ? `, the style sheets its theme imports (${sheets.join(', ')})` : ''}`,
    config.cleanUrls === true ? '' : 'its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page)',
    ...ignoredParts(all, loaded.stubbed),
  ]
  const note = diagnostic({
    file,
    ruleId: 'config-unknown-key',
    severity: 'warning',
    message: parts.filter(Boolean).join('; '),
    suggestion: 'Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read).',
  })
  return { value, source: result.loaded.source, folders, note, problems }
}

/** markdown.attrs's delimiters as read (from-vitepress-config.ts), markdown-it-attrs's braces by default. */
function attributeDelimitersOf(value: Record<string, unknown>): { left: string; right: string } {
  const attrs = (value.markdown as { attrs?: { leftDelimiter?: string; rightDelimiter?: string } } | undefined)?.attrs
  return { left: attrs?.leftDelimiter ?? '{', right: attrs?.rightDelimiter ?? '}' }
}
