/**
 * The build, as its list of stages: config → content → manifest → validate → render → write.
 * `check` is the same list stopped after validate. Content and config problems come back as
 * diagnostics (exit code 1, or 2 for an unusable config); nothing is written unless every stage
 * succeeded, so a failed build never touches the last good output. docs/architecture.md says
 * what each stage hands the next.
 */
import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostic.js'
import type { Manifest } from '../shared/manifest.js'
import { pushAll } from '../shared/push-all.js'
import { describeSiteConfig, readSiteConfig } from './config/read-site-config.js'
import { describeSiteContent, readSiteContent } from './content/read-site-content.js'
import { buildManifest, describeManifest } from './manifest/build-manifest.js'
import { compilePrivatePathRules } from './manifest/private-path-rules.js'
import { themeStylesheet } from './render/theme-stylesheet.js'
import { checkOutputPaths } from './validate/check-output-paths.js'
import { privateProbes } from './validate/find-private-leaks.js'
import { describeValidation, validateSite } from './validate/validate-site.js'
import { userCodeTimeLimitMs } from './workers/run-user-code.js'
import { checkFolders } from './write/check-folders.js'
import { discardSite, publishSite, stageSite } from './write/publish-site.js'
import { describePages, writePages } from './write/write-pages.js'

export interface BuildOptions {
  /** The folder holding `site.config.ts` and `content/`. */
  readonly siteDir: string
  /** Deployable output; default `<siteDir>/build`. */
  readonly outDir?: string
  /** Private pages, served only by the gate; default `<siteDir>/.docsgen/private`. Never inside outDir. */
  readonly privateDir?: string
  /** false: validate only (`docsgen check`). */
  readonly write?: boolean
  /** Threads to parse and render on; default one per core for large sites. */
  readonly threads?: number
  /** Build pages marked `draft: true` too (a preview, as `serve` shows them); default false. */
  readonly drafts?: boolean
  /** How long the site's own code (config, each component page) may run at each step; default 10 s. */
  readonly userCodeTimeLimitMs?: number
}

export interface StageTiming {
  readonly name: string
  readonly milliseconds: number
  readonly detail: string
}

export interface BuildResult {
  /** 0 ok, 1 content problems, 2 configuration or usage problems. */
  readonly exitCode: 0 | 1 | 2
  readonly diagnostics: readonly Diagnostic[]
  readonly stages: readonly StageTiming[]
  readonly manifest: Manifest | undefined
  readonly outDir: string
  readonly privateDir: string
  readonly pages: { readonly public: number; readonly private: number }
  readonly bytes: number
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir)
  const outDir = resolve(siteDir, options.outDir ?? 'build')
  const privateDir = resolve(siteDir, options.privateDir ?? join('.docsgen', 'private'))
  const spareDir = join(siteDir, '.docsgen', 'spare')
  const cacheDir = join(siteDir, '.docsgen', 'cache')
  const run = createRun(outDir, privateDir)
  if (run.failed(checkFolders({ siteDir, outDir, privateDir, spareDir, cacheDir, homeDir: homedir() }))) return run.result(2)

  const command = options.write === false ? 'check' : 'build'
  const { site } = await run.stage('config', () => readSiteConfig(siteDir, { timeLimitMs: options.userCodeTimeLimitMs, command }), ({ site }) => describeSiteConfig(site))
  if (!site) return run.result(2)
  const config = site.config
  const timeLimitMs = options.userCodeTimeLimitMs ?? userCodeTimeLimitMs
  const contentOptions = { threads: options.threads, drafts: options.drafts ?? false, cacheDir, timeLimitMs, loadComponents: options.write === false }
  const { content } = await run.stage('content', () => readSiteContent(siteDir, config, contentOptions), describeSiteContent)
  const rules = compilePrivatePathRules(config.login?.privatePaths ?? [])
  const { manifest } = await run.stage('manifest', () => buildManifest(content, config, rules.compiled), describeManifest)
  const configSource = { file: site.file ?? 'site.config.ts', text: site.source }
  await run.stage('validate', () => validateSite({ manifest, content, config, rules, configSource }), describeValidation)
  // Proven before anything is written, for check too; after the other problems, which explain most of these.
  if (run.failed() || run.failed(checkOutputPaths(manifest))) return run.result(1, { manifest })
  if (options.write === false) return run.result(0, { manifest })

  const stylesheet = await themeStylesheet(config.baseUrl)
  const staging = await stageSite(outDir, privateDir, spareDir)
  const probes = privateProbes(manifest, content.documents)
  const renderInput = { manifest, documents: content.documents, components: content.components, config, stylesheets: [stylesheet.href], probes }
  const folders = { publicDir: staging.public.dir, privateDir: staging.private.dir }
  const pages = await run.stage('render', () => writePages(renderInput, folders, { threads: options.threads }), describePages)
  if (run.failed()) {
    await discardSite(staging)
    return run.result(1, { manifest })
  }
  const written = ({ files, bytes }: { files: number; bytes: number }) => `${relativeOrAbsolute(siteDir, outDir)}/ (${files} files, ${(bytes / 1024).toFixed(0)} KiB)`
  const { bytes } = await run.stage('write', () => publishSite({ siteDir, manifest, config, stylesheet, staging, pages }), written)
  return run.result(0, { manifest, pages: { public: pages.written.public.length, private: pages.written.private.length }, bytes })
}

/** One build's diagnostics and stage timings; a stage's own `diagnostics`, if it has them, are kept as it ends. */
function createRun(outDir: string, privateDir: string) {
  const stages: StageTiming[] = []
  const diagnostics: Diagnostic[] = []
  const failed = (found: readonly Diagnostic[] = []) => {
    pushAll(diagnostics, found)
    return diagnostics.some((item) => item.severity === 'error')
  }
  return {
    failed,
    async stage<T extends object>(name: string, run: () => T | Promise<T>, detail: (value: T) => string): Promise<T> {
      const started = performance.now()
      const value = await run()
      stages.push({ name, milliseconds: performance.now() - started, detail: detail(value) })
      if ('diagnostics' in value) failed(value.diagnostics as readonly Diagnostic[])
      return value
    },
    result: (exitCode: 0 | 1 | 2, extra: Partial<BuildResult> = {}): BuildResult => ({
      exitCode,
      diagnostics: sortDiagnostics(diagnostics),
      stages,
      manifest: undefined,
      outDir,
      privateDir,
      pages: { public: 0, private: 0 },
      bytes: 0,
      ...extra,
    }),
  }
}

function relativeOrAbsolute(from: string, to: string): string {
  const path = relative(from, to)
  return path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path) ? to : path
}
