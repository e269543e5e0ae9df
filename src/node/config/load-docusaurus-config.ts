/**
 * Evaluates a Docusaurus config (`docusaurus.config.js|ts|mjs|…`) the way site.config.ts is
 * evaluated (compiled by the user-code path, on its own thread, within the time limit), with
 * one difference: a Docusaurus site's folder rarely has its packages installed, so a package
 * import that does not resolve from the site (a theme, a plugin, `prism-react-renderer`) loads
 * a stand-in that accepts any use, and is named in what docsgen says it ignored.
 */
import type { Plugin } from 'esbuild'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { diagnostic } from '../../shared/diagnostic.js'
import { bundleSiteSources } from '../files/bundle-site-sources.js'
import { readTextFile } from '../files/read-text-file.js'
import { compileUserModule, runCompiledModules } from '../workers/compile-user-module.js'
import { fileScopeDefine, fileScopePlugin } from '../workers/file-scope-plugin.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { userCodeFailure } from '../workers/user-code-failure.js'
import type { DocusaurusConfigAnswer, DocusaurusConfigJob } from './docusaurus-config-worker.js'
import { standInKey } from './docusaurus-stand-in.js'
import type { LoadConfigResult } from './load-config.js'

export const docusaurusConfigNames = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts'] as const

export interface DocusaurusLoaded {
  /** The paths of what was not plain data (plugins, functions), as the config writes them. */
  readonly notPlain: readonly string[]
  /** The packages stood in for. */
  readonly stubbed: readonly string[]
  /** The site's own files the config is made of (it and what it imports), site-relative: where its settings are written. */
  readonly sources: readonly string[]
}

/** An import of a package that is not installed: the thread's stand-in (docusaurus-config-worker.ts), which accepts any use. */
const stubModule = `module.exports = globalThis.${standInKey}`

/**
 * node:module with a `createRequire` whose require stands in for packages that are not installed,
 * as the config's own `require` does (docusaurus-config-worker.ts): an ES module config makes
 * its require with `createRequire(import.meta.url)`, and `require.resolve('a-theme/theme.css')`
 * would throw without its package.
 */
const moduleModule = `import * as real from 'node:module'
export * from 'node:module'
export default real.default
const missing = (name, error) => !/^[./]/.test(name) && error?.code === 'MODULE_NOT_FOUND'
export function createRequire(from) {
  const required = real.createRequire(from)
  const standIn = globalThis.require
  const resolve = (name, options) => {
    try { return required.resolve(name, options) } catch (error) { if (!missing(name, error)) throw error; return standIn.resolve(name) }
  }
  return Object.assign((name) => {
    try { return required(name) } catch (error) { if (!missing(name, error)) throw error; return standIn(name) }
  }, { resolve, cache: required.cache, main: required.main, extensions: required.extensions })
}`

export function findDocusaurusConfig(siteDir: string): string | undefined {
  return docusaurusConfigNames.find((name) => existsSync(join(siteDir, name)))
}

/** Whose config it is: how it is named in messages and run (a VitePress config is called with its environment, its wrappers stood in for). */
export interface ForeignConfig {
  readonly name: 'Docusaurus' | 'VitePress'
  readonly argument?: unknown
  readonly passConfig?: boolean
  /**
   * Whether the config runs in the site folder, as `docusaurus build` is run from it: a path it
   * makes relative to the working folder (`path.resolve('src/css/custom.css')`) is then the
   * site's, wherever docsgen was started. (`vitepress build docs` runs from the folder above.)
   */
  readonly inSiteFolder?: boolean
}

const docusaurus: ForeignConfig = { name: 'Docusaurus', inSiteFolder: true }

export async function loadDocusaurusConfig(siteDir: string, file: string, timeLimitMs: number, foreign = docusaurus): Promise<{ result: LoadConfigResult; loaded: DocusaurusLoaded }> {
  const subject = `the ${foreign.name} config`
  const stubbed = new Set<string>()
  const read = readTextFile(join(siteDir, file), file, { markdown: false })
  if (read.diagnostic) return { result: { loaded: undefined, diagnostics: [read.diagnostic] }, loaded: { notPlain: [], stubbed: [], sources: [] } }
  const temporary = join(siteDir, `${file}.timestamp-${Date.now()}-${process.pid}.mjs`)
  const compiled = await compileUserModule({ siteDir, file, outfile: temporary, subject, ruleId: 'config-invalid', options: { plugins: [standInPlugin(siteDir, stubbed), fileScopePlugin], define: fileScopeDefine } })
  if (compiled.code === undefined) return { result: { loaded: undefined, diagnostics: [...compiled.diagnostics] }, loaded: { notPlain: [], stubbed: [...stubbed], sources: [] } }
  const job = ([moduleUrl]: readonly string[]): DocusaurusConfigJob => ({ moduleUrl: moduleUrl!, file, path: join(siteDir, file), argument: foreign.argument, passConfig: foreign.passConfig, cwd: foreign.inSiteFolder ? siteDir : undefined })
  const outcome = await runCompiledModules<DocusaurusConfigAnswer>([{ path: temporary, code: compiled.code }], siblingModule('docusaurus-config-worker', import.meta.url), job, timeLimitMs)
  if (outcome.kind !== 'done') {
    const failure = userCodeFailure(outcome, {
      siteDir,
      file,
      subject: `The ${foreign.name} config`,
      action: 'loading',
      timeLimitMs,
      ruleId: 'config-invalid',
      stopped: `The ${foreign.name} config stopped before exporting a value (a top-level await that never settles?)`,
      throwsAt: 'any-file',
      suggestion: (kind) =>
        kind === 'threw'
          ? `docsgen runs the ${foreign.name} config without its packages installed; install them (npm install) or write a site.config.ts.`
          : 'A config must evaluate to its settings in moments, without ending the process.',
    })
    return { result: { loaded: undefined, diagnostics: [failure] }, loaded: { notPlain: [], stubbed: [...stubbed], sources: [] } }
  }
  const { value, problems } = outcome.result
  for (const name of outcome.result.stubbed) stubbed.add(name)
  if (value === undefined || value === null || typeof value !== 'object')
    return {
      result: { loaded: undefined, diagnostics: [diagnostic({ file, ruleId: 'config-invalid', message: `The ${foreign.name} config exports no config object`, suggestion: 'Export the config: module.exports = config, or export default config.' })] },
      loaded: { notPlain: [], stubbed: [...stubbed], sources: [] },
    }
  return { result: { loaded: { file, source: read.text, value }, diagnostics: [] }, loaded: { notPlain: problems.map((problem) => problem.path), stubbed: [...stubbed].sort(), sources: bundleSiteSources(compiled.metafile, siteDir).map((source) => source.file) } }
}

/** Packages resolve from the site's own node_modules when installed, else load the stand-in. */
function standInPlugin(siteDir: string, stubbed: Set<string>): Plugin {
  const require = createRequire(join(siteDir, 'docusaurus.config.js'))
  const resolves = (name: string) => {
    try {
      require.resolve(name)
      return true
    } catch {
      return false
    }
  }
  return {
    name: 'docsgen-docusaurus-config',
    setup(builder) {
      builder.onResolve({ filter: /^(node:)?module$/ }, (args) => (args.namespace === 'docsgen-module' ? { path: 'node:module', external: true } : { path: 'module', namespace: 'docsgen-module' }))
      builder.onLoad({ filter: /.*/, namespace: 'docsgen-module' }, () => ({ contents: moduleModule, loader: 'js' }))
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || resolves(args.path)) return { path: args.path, external: true }
        stubbed.add(args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]!)
        return { path: args.path, namespace: 'docsgen-stand-in' }
      })
      builder.onLoad({ filter: /.*/, namespace: 'docsgen-stand-in' }, () => ({ contents: stubModule, loader: 'js' }))
    },
  }
}
