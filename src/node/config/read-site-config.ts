/**
 * The config stage: `site.config.ts` loaded (on its own thread) and resolved, or every problem
 * with it. A folder with neither a config nor content/ is no site at all (a typo such as
 * `contents/`, or the wrong folder): that is said, not built into an empty site.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { readJsonFile } from '../files/read-json-file.js'
import { loadConfig } from './load-config.js'
import { userCodeTimeLimitMs } from '../workers/run-user-code.js'
import { findDocusaurusConfig } from './load-docusaurus-config.js'
import { readDocusaurusSite } from './read-docusaurus-site.js'
import { findVitepressConfig, readVitepressSite } from './read-vitepress-site.js'
import { resolveConfig, type ContentFolders, type ResolvedConfig } from './resolve-config.js'

export interface SiteConfigFile {
  readonly config: ResolvedConfig
  /** The config file, relative to the site; undefined when the site has none and defaults apply. */
  readonly file: string | undefined
  readonly source: string
  /** The text of versions.json ('' without one): it decides routes as much as the config does. */
  readonly versionsSource: string
}

/**
 * Settings laid over the config file's by a tool (the harness, for one scenario): each top-level
 * key replaces the file's, except that an object (such as `login`) is merged into the file's one.
 */
export type ConfigOverrides = Readonly<Record<string, unknown>>

export async function readSiteConfig(
  siteDir: string,
  { timeLimitMs, command, overrides }: { timeLimitMs: number | undefined; command: 'build' | 'check'; overrides?: ConfigOverrides | undefined },
): Promise<{ site: SiteConfigFile | undefined; diagnostics: readonly Diagnostic[] }> {
  const loaded = await loadConfig(siteDir, timeLimitMs)
  if (!loaded.loaded) return { site: undefined, diagnostics: loaded.diagnostics }
  let { file, source, value: exported } = loaded.loaded
  let folders: ContentFolders | undefined
  let siteConfig: Record<string, unknown> | undefined
  const notes: Diagnostic[] = []
  // A folder with no site.config.ts but a Docusaurus config is read as the Docusaurus site it is.
  const docusaurus = file === undefined ? findDocusaurusConfig(siteDir) : undefined
  // And one with a VitePress config as the VitePress site it is.
  const vitepress = file === undefined && docusaurus === undefined ? findVitepressConfig(siteDir) : undefined
  if (docusaurus !== undefined) {
    const read = await readDocusaurusSite(siteDir, docusaurus, timeLimitMs ?? userCodeTimeLimitMs)
    if (!read.value) return { site: undefined, diagnostics: read.diagnostics }
    ;({ value: exported, source, folders, siteConfig } = read)
    file = docusaurus
    notes.push(read.note)
  } else if (vitepress !== undefined) {
    const read = await readVitepressSite(siteDir, vitepress, timeLimitMs ?? userCodeTimeLimitMs)
    if (!read.value) return { site: undefined, diagnostics: read.diagnostics }
    ;({ value: exported, source, folders } = read)
    file = vitepress
    notes.push(read.note, ...read.problems)
  } else if (file === undefined && !existsSync(join(siteDir, 'content'))) return { site: undefined, diagnostics: [noSite(siteDir, command)] }
  const value = overrides === undefined ? exported : withOverrides(exported, overrides)
  const versions = readVersionNames(siteDir)
  if (versions.diagnostic) return { site: undefined, diagnostics: [versions.diagnostic] }
  const resolved = resolveConfig(value, file ?? 'site.config.ts', source, { versionNames: versions.names, folders, siteConfig, docusaurus: docusaurus !== undefined })
  return {
    site: resolved.config ? { config: resolved.config, file, source, versionsSource: versions.text } : undefined,
    diagnostics: [...notes, ...resolved.diagnostics],
  }
}

/** The names in versions.json (newest first), as Docusaurus writes it; none when the site has none. */
export function readVersionNames(siteDir: string): { names: readonly string[]; text: string; diagnostic?: Diagnostic | undefined } {
  if (!existsSync(join(siteDir, 'versions.json'))) return { names: [], text: '' }
  const suggestion = 'Write versions.json as a list of version names, newest first, such as ["2.0", "1.0"].'
  const read = readJsonFile(siteDir, 'versions.json', 'config-invalid', suggestion)
  if (read.diagnostic) return { names: [], text: '', diagnostic: read.diagnostic }
  const names = Array.isArray(read.value) ? read.value : undefined
  const wrong = names === undefined ? read.value : names.find((name) => typeof name !== 'string' || !/^[\w.-]+$/.test(name) || /^\.+$/.test(name) || name === 'current')
  if (names === undefined || wrong !== undefined)
    return { names: [], text: '', diagnostic: diagnostic({ file: 'versions.json', ruleId: 'config-invalid', message: `versions.json must list version names (letters, digits, ".", "-", "_"; not "current"), got ${JSON.stringify(wrong)}`, suggestion }) }
  return { names: names as string[], text: read.text }
}

/** The config stage's line: which file, or that defaults are used, and how many private rules. */
export function describeSiteConfig(site: SiteConfigFile | undefined): string {
  if (!site) return 'invalid'
  return `${site.file ?? 'no site.config.ts: defaults'}, ${site.config.login?.privatePaths.length ?? 0} private rules`
}

function noSite(siteDir: string, command: 'build' | 'check'): Diagnostic {
  // Docusaurus 1 (siteConfig.js, its docs in ../docs, a React server rendering of its own) is a site docsgen does not read.
  if (existsSync(join(siteDir, 'siteConfig.js')))
    return diagnostic({
      file: 'siteConfig.js',
      ruleId: 'site-empty',
      message: `${siteDir} is a Docusaurus 1 site (siteConfig.js), which docsgen does not read: it reads Docusaurus 2 and later (docusaurus.config.js) and VitePress sites as they are`,
      suggestion: `Move the site to Docusaurus 2 or later (its migration guide keeps the docs and sidebars), or lay it out as a docsgen site (its docs in content/docs/, its settings in site.config.ts), then run docsgen ${command} again.`,
    })
  const found = existsSync(join(siteDir, 'static')) ? 'it has static/ but neither content/ nor site.config.ts, and static/ alone holds no pages' : 'it has neither content/ nor site.config.ts'
  return diagnostic({
    file: '.',
    ruleId: 'site-empty',
    message: `No content found in ${siteDir}: ${found}`,
    suggestion: `Run docsgen in the site's folder or name it (docsgen ${command} path/to/site); a site has its pages in content/docs/ (docs) and content/pages/ (pages), and its settings in site.config.ts.`,
  })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function withOverrides(value: unknown, overrides: ConfigOverrides): Record<string, unknown> {
  const merged: Record<string, unknown> = isRecord(value) ? { ...value } : {}
  for (const [key, override] of Object.entries(overrides)) {
    const current = merged[key]
    merged[key] = isRecord(current) && isRecord(override) ? { ...current, ...override } : override
  }
  return merged
}
