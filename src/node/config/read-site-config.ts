/** The config stage: `site.config.ts` loaded (on its own thread) and resolved, or every problem with it. */
import type { Diagnostic } from '../../shared/diagnostic.js'
import { loadConfig } from './load-config.js'
import { resolveConfig, type ResolvedConfig } from './resolve-config.js'

export interface SiteConfigFile {
  readonly config: ResolvedConfig
  /** The config file, relative to the site; undefined when the site has none and defaults apply. */
  readonly file: string | undefined
  readonly source: string
}

export async function readSiteConfig(siteDir: string, timeLimitMs: number | undefined): Promise<{ site: SiteConfigFile | undefined; diagnostics: readonly Diagnostic[] }> {
  const loaded = await loadConfig(siteDir, timeLimitMs)
  if (!loaded.loaded) return { site: undefined, diagnostics: loaded.diagnostics }
  const { file, source, value } = loaded.loaded
  const resolved = resolveConfig(value, file ?? 'site.config.ts', source)
  return { site: resolved.config ? { config: resolved.config, file, source } : undefined, diagnostics: resolved.diagnostics }
}

/** The config stage's line: which file, or that defaults are used, and how many private rules. */
export function describeSiteConfig(site: SiteConfigFile | undefined): string {
  if (!site) return 'invalid'
  return `${site.file ?? 'site.config.ts'}, ${site.config.login?.privatePaths.length ?? 0} private rules`
}
