/**
 * Finds and evaluates `site.config.ts` (or .mts, .js, .mjs). TypeScript needs compiling on Node
 * 20, so the file is bundled with esbuild (which we already ship for the client), written beside
 * the original (so its own imports resolve as written) and imported once, on a thread of its own
 * with a time limit; only its default export comes back, as plain data. `import { defineConfig }
 * from 'docsgen'` resolves to our identity helper without needing docsgen installed in the site.
 */
import { build, type Message } from 'esbuild'
import { existsSync } from 'node:fs'
import { unlink, writeFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { locateKeyPath } from '../diagnostics/locate-in-source.js'
import { checkBundleSources } from '../files/check-bundle-sources.js'
import { readTextFile } from '../files/read-text-file.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { runUserCode, userCodeMemoryLimitMb, userCodeTimeLimitMs, type UserCodeOutcome } from '../workers/run-user-code.js'
import { describeThrown, thrownAt } from '../workers/user-code-thread.js'
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
  const absolute = join(siteDir, file)
  const read = readTextFile(absolute, file, { markdown: false })
  if (read.diagnostic) return { loaded: undefined, diagnostics: [read.diagnostic] }
  const source = read.text

  const temporary = join(siteDir, `${file}.timestamp-${Date.now()}-${process.pid}.mjs`)
  let code: string
  try {
    const result = await build({
      entryPoints: [absolute],
      // Not written: named so that source map paths are relative to where the copy is imported from.
      outfile: temporary,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // Stack traces of a throwing config then point into its source, not the compiled copy.
      sourcemap: 'inline',
      metafile: true,
      plugins: [
        {
          name: 'docsgen-config',
          setup(builder) {
            builder.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-config' }))
            builder.onLoad({ filter: /.*/, namespace: 'docsgen-config' }, () => ({
              contents: 'export function defineConfig(config) { return config }',
              loader: 'js',
            }))
            // Other packages stay external and load from the site's node_modules at import time.
            builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path === 'docsgen' ? undefined : { path: args.path, external: true }))
          },
        },
      ],
    })
    code = result.outputFiles[0]!.text
    const unreadable = checkBundleSources(result.metafile, siteDir, absolute)
    if (unreadable.length > 0) return { loaded: undefined, diagnostics: unreadable }
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? []
    return {
      loaded: undefined,
      diagnostics: errors.map((message) =>
        diagnostic({
          // esbuild names files relative to the working folder; diagnostics name them relative to the site.
          file: message.location?.file ? relative(siteDir, resolve(message.location.file)).split(sep).join('/') : file,
          line: message.location?.line,
          column: message.location === null || message.location === undefined ? undefined : message.location.column + 1,
          ruleId: 'config-invalid',
          message: `Cannot compile the config: ${message.text}`,
        }),
      ),
    }
  }

  await writeFile(temporary, code)
  try {
    const outcome = await runUserCode<ConfigAnswer>(siblingModule('config-worker', import.meta.url), { moduleUrl: pathToFileURL(temporary).href, file } satisfies ConfigJob, timeLimitMs)
    if (outcome.kind !== 'done') return { loaded: undefined, diagnostics: [failureDiagnostic(outcome, file, siteDir, timeLimitMs)] }
    const { value, problems } = outcome.result
    if (problems.length === 0) return { loaded: { file, source, value }, diagnostics: [] }
    return {
      loaded: undefined,
      diagnostics: problems.map((problem) =>
        diagnostic({ file, ruleId: 'config-invalid', message: problem.message, suggestion: problem.suggestion, ...locateKeyPath(source, problem.path) }),
      ),
    }
  } finally {
    await unlink(temporary).catch(() => {})
  }
}

/** Why the config gave no value: it threw, ended its thread, or ran past the time or memory limit. */
function failureDiagnostic(outcome: Exclude<UserCodeOutcome<unknown>, { kind: 'done' }>, file: string, siteDir: string, timeLimitMs: number): Diagnostic {
  if (outcome.kind === 'threw')
    return diagnostic({
      file,
      ...thrownAt(outcome.error, siteDir),
      ruleId: 'config-invalid',
      message: `The config threw while loading: ${describeThrown(outcome.error)}`,
      suggestion: 'Fix the error in the config file; it must evaluate without throwing.',
    })
  if (outcome.kind === 'out-of-memory')
    return diagnostic({
      file,
      ruleId: 'config-invalid',
      message: `The config used more than ${userCodeMemoryLimitMb} MB of memory while loading`,
      suggestion: 'Look for data that grows without end; a config holds a few settings.',
    })
  if (outcome.kind === 'timed-out')
    return diagnostic({
      file,
      ruleId: 'config-invalid',
      message: `The config did not finish loading within ${timeLimitMs / 1000} s`,
      suggestion: 'Look for an endless loop or a wait that never ends; a config must evaluate in moments.',
    })
  return diagnostic({
    file,
    ruleId: 'config-invalid',
    message: outcome.exitCalled
      ? `The config called process.exit(${outcome.code}) while loading`
      : `The config stopped before exporting a value (a top-level await that never settles?)`,
    suggestion: 'A config must evaluate to its default export without ending the process.',
  })
}
