/**
 * Finds and evaluates `site.config.ts` (or .mts, .js, .mjs). TypeScript needs compiling on Node
 * 20, so the file is bundled with esbuild (which we already ship for the client), written beside
 * the original (so its own imports resolve as written) and imported once, on a thread of its own
 * with a time limit; only its default export comes back, as plain data. `import { defineConfig }
 * from 'docsgen'` resolves to our identity helper without needing docsgen installed in the site.
 */
import type { Plugin } from 'esbuild'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import { locateKeyPath } from '../diagnostics/locate-in-source.js'
import { readTextFile } from '../files/read-text-file.js'
import { compileUserModule, runCompiledModules } from '../workers/compile-user-module.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { userCodeTimeLimitMs } from '../workers/run-user-code.js'
import { userCodeFailure } from '../workers/user-code-failure.js'
import type { ConfigAnswer, ConfigJob } from './config-worker.js'

export const configFileNames = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'] as const

export interface LoadedConfig {
  /** Config file relative to the site folder, or undefined when the site has none. */
  readonly file: string | undefined
  readonly source: string
  /** The default export, not yet validated. */
  readonly value: unknown
}

export type LoadConfigResult = { loaded: LoadedConfig; diagnostics: [] } | { loaded: undefined; diagnostics: Diagnostic[] }

/** Evaluates the config on its own thread (see run-user-code.ts), within `timeLimitMs`. */
export async function loadConfig(siteDir: string, timeLimitMs = userCodeTimeLimitMs): Promise<LoadConfigResult> {
  const file = configFileNames.find((name) => existsSync(join(siteDir, name)))
  if (file === undefined) return { loaded: { file: undefined, source: '', value: {} }, diagnostics: [] }
  return loadDataModule(siteDir, file, { subject: 'config', ruleId: 'config-invalid', timeLimitMs, suggestion: failureSuggestion })
}

export interface DataModuleOptions {
  /** What the file is, in messages ("config", "sidebars file"). */
  readonly subject: string
  readonly ruleId: RuleId
  readonly timeLimitMs: number
  readonly suggestion: (kind: 'threw' | 'out-of-memory' | 'timed-out' | 'exited') => string
}

/**
 * Evaluates a module of the site's own (the config, the sidebars file) on its own thread within
 * the time limit; its default export (or `module.exports`) comes back as plain data.
 */
export async function loadDataModule(siteDir: string, file: string, options: DataModuleOptions): Promise<LoadConfigResult> {
  const read = readTextFile(join(siteDir, file), file, { markdown: false })
  if (read.diagnostic) return { loaded: undefined, diagnostics: [read.diagnostic] }
  const source = read.text
  const { subject, ruleId, timeLimitMs } = options

  const temporary = join(siteDir, `${file}.timestamp-${Date.now()}-${process.pid}.mjs`)
  const compiled = await compileUserModule({ siteDir, file, outfile: temporary, subject: `the ${subject}`, ruleId, options: { plugins: [docsgenPlugin] } })
  if (compiled.code === undefined) return { loaded: undefined, diagnostics: [...compiled.diagnostics] }
  const job = ([moduleUrl]: readonly string[]): ConfigJob => ({ moduleUrl: moduleUrl!, file })
  const outcome = await runCompiledModules<ConfigAnswer>([{ path: temporary, code: compiled.code }], siblingModule('config-worker', import.meta.url), job, timeLimitMs)
  if (outcome.kind !== 'done') {
    const failure = userCodeFailure(outcome, {
      siteDir,
      file,
      subject: `The ${subject}`,
      action: 'loading',
      timeLimitMs,
      ruleId,
      stopped: `The ${subject} stopped before exporting a value (a top-level await that never settles?)`,
      throwsAt: 'any-file',
      suggestion: options.suggestion,
    })
    return { loaded: undefined, diagnostics: [failure] }
  }
  const { value, problems } = outcome.result
  if (problems.length === 0) return { loaded: { file, source, value }, diagnostics: [] }
  return {
    loaded: undefined,
    diagnostics: problems.map((problem) => diagnostic({ file, ruleId, message: problem.message, suggestion: problem.suggestion, ...locateKeyPath(source, problem.path) })),
  }
}

/**
 * `import { defineConfig } from 'docsgen'` resolves to the identity helper without docsgen
 * installed in the site; other packages stay external and load from the site's node_modules.
 */
const docsgenPlugin: Plugin = {
  name: 'docsgen-config',
  setup(builder) {
    builder.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-config' }))
    builder.onLoad({ filter: /.*/, namespace: 'docsgen-config' }, () => ({ contents: 'export function defineConfig(config) { return config }', loader: 'js' }))
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path === 'docsgen' ? undefined : { path: args.path, external: true }))
  },
}

function failureSuggestion(kind: 'threw' | 'out-of-memory' | 'timed-out' | 'exited'): string {
  if (kind === 'threw') return 'Fix the error in the config file; it must evaluate without throwing.'
  if (kind === 'out-of-memory') return 'Look for data that grows without end; a config holds a few settings.'
  if (kind === 'timed-out') return 'Look for an endless loop or a wait that never ends; a config must evaluate in moments.'
  return 'A config must evaluate to its default export without ending the process.'
}
