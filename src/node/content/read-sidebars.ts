/**
 * A Docusaurus sidebars file beside the config (`sidebars.ts`, `sidebars.js`, …), evaluated like
 * the config: on its own thread, within the time limit, its export as plain data. What it says is
 * read into the sidebar by the manifest stage (sidebar-from-file.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { loadDataModule } from '../config/load-config.js'
import type { ResolvedVersion } from '../config/resolve-versions.js'
import { readJsonFile } from '../files/read-json-file.js'

export const sidebarsFileNames = ['sidebars.ts', 'sidebars.mts', 'sidebars.js', 'sidebars.mjs', 'sidebars.cjs'] as const

export interface SidebarsFile {
  /** Relative to the site folder. */
  readonly file: string
  readonly source: string
  /** The export, not yet read. */
  readonly value: unknown
}

/**
 * `named` is the file a Docusaurus config names (its `sidebarPath`: a module or JSON), false for
 * none; undefined looks for sidebars.ts and its kin.
 */
export async function readSidebars(siteDir: string, timeLimitMs: number, named?: string | false): Promise<{ sidebars: SidebarsFile | undefined; diagnostics: readonly Diagnostic[] }> {
  const file = named === undefined ? sidebarsFileNames.find((name) => existsSync(join(siteDir, name))) : named || undefined
  if (file === undefined) return { sidebars: undefined, diagnostics: [] }
  if (file.endsWith('.json')) {
    const read = readJsonFile(siteDir, file, 'sidebar-invalid', 'Write the sidebars as JSON: an object of sidebars, such as { "docs": ["intro"] }.')
    return read.diagnostic ? { sidebars: undefined, diagnostics: [read.diagnostic] } : { sidebars: { file, source: read.text, value: read.value }, diagnostics: [] }
  }
  const { loaded, diagnostics } = await loadDataModule(siteDir, file, { subject: 'sidebars file', ruleId: 'sidebar-invalid', timeLimitMs, suggestion })
  return { sidebars: loaded && { file, source: loaded.source, value: loaded.value }, diagnostics }
}

function suggestion(kind: 'threw' | 'out-of-memory' | 'timed-out' | 'exited'): string {
  if (kind === 'threw') return 'Fix the error in the sidebars file; it must evaluate without throwing.'
  if (kind === 'timed-out') return 'Look for an endless loop or a wait that never ends; a sidebars file must evaluate in moments.'
  return 'A sidebars file must evaluate to its sidebars (module.exports or export default) in moments, without ending the process.'
}

/** The sidebars of each released version (versioned_sidebars/version-1.0-sidebars.json), by version name; a version without one uses its folders' sidebar. */
export function readVersionedSidebars(siteDir: string, versions: readonly ResolvedVersion[]): { sidebars: ReadonlyMap<string, SidebarsFile>; diagnostics: readonly Diagnostic[] } {
  const sidebars = new Map<string, SidebarsFile>()
  const diagnostics: Diagnostic[] = []
  for (const { name, sidebarsFile: file } of versions) {
    if (file === undefined || !existsSync(join(siteDir, file))) continue
    const read = readJsonFile(siteDir, file, 'sidebar-invalid', 'Write the sidebars of the version as JSON, as `docusaurus docs:version` writes them.')
    if (read.diagnostic) diagnostics.push(read.diagnostic)
    else sidebars.set(name, { file, source: read.text, value: read.value })
  }
  return { sidebars, diagnostics }
}
