/**
 * Finds and evaluates `site.config.ts` (or .mts, .js, .mjs). TypeScript needs compiling on Node
 * 20, so the file is bundled with esbuild (which we already ship for the client), written beside
 * the original (so its own imports resolve as written) and imported once. `import { defineConfig }
 * from 'docsgen'` resolves to our identity helper without needing docsgen installed in the site.
 */
import { build, type Message } from 'esbuild'
import { existsSync } from 'node:fs'
import { readFile, unlink, writeFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

export const configFileNames = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'] as const

export interface LoadedConfig {
  /** Config file relative to the site folder, or undefined when the site has none. */
  readonly file: string | undefined
  readonly source: string
  /** The default export, not yet validated. */
  readonly value: unknown
}

export type LoadConfigResult = { loaded: LoadedConfig; diagnostics: [] } | { loaded: undefined; diagnostics: Diagnostic[] }

export async function loadConfig(siteDir: string): Promise<LoadConfigResult> {
  const file = configFileNames.find((name) => existsSync(join(siteDir, name)))
  if (file === undefined) return { loaded: { file: undefined, source: '', value: {} }, diagnostics: [] }
  const absolute = join(siteDir, file)
  const source = await readFile(absolute, 'utf8')

  let code: string
  try {
    const result = await build({
      entryPoints: [absolute],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
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

  const temporary = join(siteDir, `${file}.timestamp-${Date.now()}-${process.pid}.mjs`)
  await writeFile(temporary, code)
  try {
    const module = (await import(pathToFileURL(temporary).href)) as { default?: unknown }
    return { loaded: { file, source, value: module.default }, diagnostics: [] }
  } catch (error) {
    return {
      loaded: undefined,
      diagnostics: [
        diagnostic({
          file,
          ruleId: 'config-invalid',
          message: `The config threw while loading: ${error instanceof Error ? error.message : String(error)}`,
          suggestion: 'Fix the error in the config file; it must evaluate without throwing.',
        }),
      ],
    }
  } finally {
    await unlink(temporary).catch(() => {})
  }
}
