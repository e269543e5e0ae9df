/**
 * The site's own TypeScript (its config, its component pages) compiled with esbuild into one ES
 * module each, then imported on a thread of its own: one helper for every kind of the site's
 * code. Compile errors and source files that are not UTF-8 come back as diagnostics.
 */
import type { BuildOptions, Message, Metafile } from 'esbuild'
import { rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { diagnostic, type Diagnostic, type RuleId } from '../../shared/diagnostic.js'
import { checkBundleSources } from '../files/check-bundle-sources.js'
import { runUserCode, type UserCodeOutcome } from './run-user-code.js'
import { unresolvedPackageSuggestion } from './unresolved-package.js'
import { slashRelative, withSlashes } from '../files/slash-path.js'

export interface CompileRequest {
  readonly siteDir: string
  /** The source file, relative to the site. */
  readonly file: string
  /** Where the compiled copy will be imported from: source map paths are relative to it. */
  readonly outfile: string
  /** 'the config', 'the page': what a compile error names. */
  readonly subject: string
  readonly ruleId: RuleId
  /** esbuild options of this kind of module (plugins, jsx, which packages stay external). */
  readonly options: Pick<BuildOptions, 'plugins' | 'jsx' | 'packages' | 'loader' | 'banner' | 'define'>
}

export type Compiled = { readonly code: string; readonly metafile: Metafile; readonly diagnostics: readonly [] } | { readonly code: undefined; readonly diagnostics: readonly Diagnostic[] }

export async function compileUserModule({ siteDir, file, outfile, subject, ruleId, options }: CompileRequest): Promise<Compiled> {
  // Loaded by the first site that has code of its own: a site of Markdown alone never needs esbuild.
  const { build } = await import('esbuild')
  try {
    const result = await build({
      ...options,
      entryPoints: [join(siteDir, file)],
      outfile,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // Stack traces of throwing code then point into its source, not the compiled copy.
      sourcemap: 'inline',
      metafile: true,
    })
    const unreadable = checkBundleSources(result.metafile, siteDir)
    if (unreadable.length > 0) return { code: undefined, diagnostics: unreadable }
    return { code: result.outputFiles[0]!.text, metafile: result.metafile, diagnostics: [] }
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors ?? []
    return {
      code: undefined,
      diagnostics: errors.map((message) => {
        // esbuild names files relative to the working folder; diagnostics name them relative to the site.
        const at = message.location?.file ? slashRelative(siteDir, resolve(message.location.file)) : file
        return diagnostic({
          file: at,
          line: message.location?.line,
          column: message.location ? message.location.column + 1 : undefined,
          ruleId,
          message: at === withSlashes(file) ? `Cannot compile ${subject}: ${message.text}` : importedFileFailure(subject, message.text),
          suggestion: unresolvedPackageSuggestion(message.text),
        })
      }),
    }
  }
}

/**
 * A compile error in a file the module imports, not in the module itself: worded the same by
 * every bundler of the site's code, so a component that breaks an MDX page and a React page is
 * one diagnostic (sortDiagnostics drops the copies), not two.
 */
export function importedFileFailure(subject: string, text: string): string {
  return `Cannot compile this file, which ${subject} imports: ${text}`
}

/**
 * A `require` for the CommonJS packages a module bundles: an ES module has none, and a package
 * that requires a package left external (React: the renderer's own copy) would fail without it.
 * (`import.meta.filename`, not `.url`: scripts/compile.mjs rewrites every `.url` in src/ text.)
 */
export const commonJsRequire = { js: "import { createRequire as __docsgenCreateRequire } from 'node:module'; const require = __docsgenCreateRequire(import.meta.filename);" }

/**
 * Writes compiled modules where they are imported from, runs the worker that imports them (on
 * its own thread, within the time limit: see run-user-code.ts) and removes them again.
 */
export async function runCompiledModules<Result, Step = string>(
  modules: readonly { readonly path: string; readonly code: string }[],
  worker: URL,
  job: (moduleUrls: readonly string[]) => unknown,
  timeLimitMs: number,
): Promise<UserCodeOutcome<Result, Step>> {
  try {
    for (const module of modules) await writeFile(module.path, module.code)
    return await runUserCode<Result, Step>(worker, job(modules.map((module) => pathToFileURL(module.path).href)), timeLimitMs)
  } finally {
    await Promise.all(modules.map((module) => rm(module.path, { force: true })))
  }
}
