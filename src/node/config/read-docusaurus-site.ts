/**
 * A Docusaurus site's folder read as it is: its config evaluated (load-docusaurus-config.ts),
 * read into docsgen's settings and folders (from-docusaurus-config.ts), and one warning saying
 * what docsgen read and what it ignored, so the author knows once, not per page.
 */
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { readTextFile } from '../files/read-text-file.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { fromDocusaurusConfig } from './from-docusaurus-config.js'
import { loadDocusaurusConfig } from './load-docusaurus-config.js'
import type { ContentFolders } from './resolve-config.js'

export type DocusaurusSite =
  | {
      readonly value: Record<string, unknown>
      readonly source: string
      readonly folders: ContentFolders
      /** The config as written (its plain data), which its pages read as `siteConfig`. */
      readonly siteConfig: Record<string, unknown>
      readonly note: Diagnostic
      readonly diagnostics?: undefined
    }
  | { readonly value?: undefined; readonly diagnostics: readonly Diagnostic[] }

/** Names listed in the note before "and N more". */
const namesShown = 40

export async function readDocusaurusSite(siteDir: string, file: string, timeLimitMs: number): Promise<DocusaurusSite> {
  const { result, loaded } = await loadDocusaurusConfig(siteDir, file, timeLimitMs)
  if (!result.loaded) return { diagnostics: result.diagnostics }
  const { value, folders, ignored, readAsClassic } = fromDocusaurusConfig(result.loaded.value as Record<string, unknown>, siteDir, loaded.stubbed)
  // What was not plain data (plugins, functions) under a key docsgen reads anyway is ignored too.
  const notPlain = loaded.notPlain.map((path) => path.replace(/^presets\[\d+\]\[1\]\./, 'presets.classic.'))
  const all = withNotPlain(ignored, notPlain)
  const reactPages = folders.pages === '' ? undefined : readReactPages(siteDir, folders.pages)
  const parts = [
    `docsgen reads ${file} as a Docusaurus site: its docs (${shown(folders.docs)}), blog (${shown(folders.blog)}), pages (${shown(folders.pages)}), static/ and sidebars in place`,
    readAsClassic === undefined ? '' : `it reads ${readAsClassic} as the classic preset (its docs, blog and pages options)`,
    ...ignoredParts(all, loaded.stubbed),
    reactPages === undefined || reactPages.count === 0 ? '' : reactPagesNote(reactPages, folders.pages),
  ]
  const note = diagnostic({
    file,
    ruleId: 'config-unknown-key',
    severity: 'warning',
    message: parts.filter(Boolean).join('; '),
    suggestion: 'Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read).',
  })
  return { value, source: result.loaded.source, folders, siteConfig: result.loaded.value as Record<string, unknown>, note }
}

/**
 * What a config's reader ignored, then what was not plain data (functions, plugins) and so ignored
 * too, unless under a key already named: an ignored key may say why after it (`plugins (among
 * them …)`), and what is under it is said with it.
 */
export function withNotPlain(ignored: readonly string[], notPlain: readonly string[]): string[] {
  const keys = ignored.map((entry) => entry.split(' (')[0]!)
  return [...new Set([...ignored, ...notPlain.filter((path) => !keys.some((key) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`)))])]
}

/** The parts of a note that name what a config's reader ignored and the packages it stood in for ('' for none). */
export function ignoredParts(ignored: readonly string[], stubbed: readonly string[]): string[] {
  return [
    ignored.length === 0 ? '' : `it ignores ${ignored.slice(0, namesShown).join(', ')}${ignored.length > namesShown ? ` and ${ignored.length - namesShown} more` : ''}`,
    stubbed.length === 0 ? '' : stubbed.length === 1 ? `it stood in for the package ${stubbed[0]}, which is not installed` : `it stood in for the packages ${stubbed.join(', ')}, which are not installed`,
  ]
}

const shown = (folder: string) => (folder === '' ? 'none' : `${folder}/`)

/** What the site's React code does that static HTML cannot: read from the pages and from src/, where Docusaurus sites keep their components. */
interface ReactPages {
  readonly count: number
  readonly styles: boolean
  readonly state: boolean
}

function readReactPages(siteDir: string, pagesFolder: string): ReactPages {
  const scripts = (folder: string) => {
    try {
      return readdirSync(join(siteDir, folder), { recursive: true }).map(String).filter((name) => /\.[jt]sx?$/.test(name) && !name.split(sep).includes('node_modules')).map((name) => join(folder, name))
    } catch {
      return []
    }
  }
  const pages = scripts(pagesFolder)
  const count = pages.filter((name) => !relative(pagesFolder, name).split(sep).some((part) => part.startsWith('_')) && !/\.(test|spec)\.[jt]sx?$|\.d\.ts$/.test(name)).length
  const texts = [...new Set([...pages, ...scripts('src')])].map((name) => readTextFile(join(siteDir, name), name, { markdown: false }).text ?? '')
  return {
    count,
    styles: texts.some((text) => /\.(css|scss|sass|less)['"]/.test(text)),
    state: texts.some((text) => /\buse(State|Reducer|Effect|LayoutEffect|SyncExternalStore)\b|\bthis\.setState\b|\bcomponentDidMount\b/.test(text)),
  }
}

function reactPagesNote({ count, styles, state }: ReactPages, folder: string): string {
  const without = [styles ? 'their CSS' : '', state ? 'their state and effects (nothing runs in the browser)' : ''].filter(Boolean).join(' or ')
  return `it draws the ${count} React ${count === 1 ? 'page' : 'pages'} of ${folder}/ once, as static HTML${without === '' ? '' : ` without ${without}`}, with stand-ins for Docusaurus's Layout, Link and context`
}
