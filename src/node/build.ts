/**
 * The build, as its list of stages: config → content → manifest → validate → render → write.
 * `check` is the same list stopped after validate. Content and config problems come back as
 * diagnostics (exit code 1, or 2 for an unusable config); nothing is written unless every stage
 * succeeded, so a failed build never touches the last good output. docs/architecture.md says
 * what each stage hands the next.
 */
import { homedir } from 'node:os'
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path'
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostic.js'
import type { Manifest } from '../shared/manifest.js'
import { pushAll } from '../shared/push-all.js'
import { describeSiteConfig, readSiteConfig, type ConfigOverrides } from './config/read-site-config.js'
import { readCustomCss, type CustomStyles } from './config/read-custom-css.js'
import type { BuildCache } from './cache/build-cache.js'
import type { ValidationMemo } from './cache/validation-memo.js'
import type { ReaderAssets } from './write/reader-assets.js'
import { describeSiteContent, readSiteContent, type SiteContent } from './content/read-site-content.js'
import type { ResolvedConfig } from './config/resolve-config.js'
import type { RenderInput } from './render/render-pages.js'
import type { ConfigSource } from './validate/check-private-paths.js'
import { buildManifest, describeManifest } from './manifest/build-manifest.js'
import { withNavbarRoutes } from './manifest/navbar-routes.js'
import { openBuildCache } from './cache/build-cache.js'
import { createBodyFolder } from './content/page-bodies.js'
import { compilePrivatePathRules } from './manifest/private-path-rules.js'
import { themeStylesheet, type Stylesheet } from './render/theme-stylesheet.js'
import { checkOutputPaths } from './validate/check-output-paths.js'
import { privateProbes } from './validate/find-private-leaks.js'
import { describeValidation, validateSite, type ValidateInput } from './validate/validate-site.js'
import { checkHeap, heapLimitDiagnostic } from './diagnostics/heap-watch.js'
import { writeFailureDiagnostic } from './diagnostics/write-failure.js'
import { userCodeTimeLimitMs } from './workers/run-user-code.js'
import { checkFolders } from './write/check-folders.js'
import { discardSite, discardSpares, publishSite, stageSite } from './write/publish-site.js'

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
  /**
   * Where the pages sign in instead of the config's `login.baseURL` and `login.sdkURL`:
   * `docsgen serve` points them at the provider emulator it runs, leaving site.config.ts as it is.
   */
  readonly identityProvider?: { readonly baseURL: string; readonly sdkURL: string }
  /**
   * The JavaScript heap, in bytes, past which the build stops as a stage ends, with an
   * out-of-memory diagnostic naming the stage; default 90% of Node's heap limit
   * (NODE_OPTIONS=--max-old-space-size), which the stages' own loops also watch.
   */
  readonly heapLimitBytes?: number
  /** false: neither use nor keep the incremental build cache (.docsgen/cache/incremental); default true. */
  readonly cache?: boolean
  /**
   * true: the search index is given the pages once the site is validated, not while it is
   * parsed, which then has both cores: the site is ready to be rendered sooner (`docsgen serve`
   * answers its first pages from then on), and the build ends a little later. Default false.
   */
  readonly deferSearchIndex?: boolean
  /**
   * The source files changed since the last build with the cache, relative to siteDir (a watcher
   * knows them): the other Markdown files are not read to be compared. Default: every file is compared.
   */
  readonly changedPaths?: readonly string[]
  /** Settings laid over site.config.ts's (read-site-config.ts), for tools that build one site several ways. */
  readonly configOverrides?: ConfigOverrides
  /**
   * Called once a build that writes has succeeded, with what its output was made from: what
   * `docsgen serve` keeps in memory to rebuild a changed page on its own (serve/partial-rebuild.ts).
   */
  readonly onBuilt?: (site: BuiltSite) => void
  /** Called as a build that writes starts rendering, its site validated: `docsgen serve` answers its first pages from it (serve/early-pages.ts). */
  readonly onRendering?: (site: BuiltSite) => void
}

/** What a successful build made its output from (see BuildOptions.onBuilt). */
export interface BuiltSite {
  /** The config as the pages were built with it (identityProvider applied). */
  readonly config: ResolvedConfig
  readonly rules: ValidateInput['rules']
  readonly configSource: ConfigSource
  readonly content: SiteContent
  /** The content stage's problems (warnings: the build succeeded). */
  readonly contentDiagnostics: readonly Diagnostic[]
  readonly manifest: Manifest
  /** What every page was rendered with; component pages' documents as parsed (their HTML is rendered on their own). */
  readonly render: RenderInput
  /** The theme's stylesheet the pages link to. */
  readonly stylesheet: Stylesheet
}

export interface StageTiming {
  readonly name: string
  readonly milliseconds: number
  readonly detail: string
  /** The stage found errors (its line is marked as failed). */
  readonly failed: boolean
}

export interface BuildResult {
  /** 0 ok, 1 content problems, 2 configuration or usage problems. */
  readonly exitCode: 0 | 1 | 2
  readonly diagnostics: readonly Diagnostic[]
  readonly stages: readonly StageTiming[]
  readonly manifest: Manifest | undefined
  readonly outDir: string
  readonly privateDir: string
  /** Pages written to the deployable output and to the private output. */
  readonly pages: { readonly public: number; readonly private: number }
  /** Where the config sends private pages (see SiteConfig.privatePages). */
  readonly privatePages: 'gate' | 'exclude' | 'client-only'
  readonly bytes: number
  /** Whom the gate asks about a reader's token (identityProvider applied); undefined without `login`. */
  readonly login: { readonly orgID: string; readonly baseURL: string } | undefined
  /** The routes this build rendered or removed: all of them without the cache, those whose pages changed with it. */
  readonly changedRoutes: readonly string[]
  /**
   * The folders and files the site's config reads content from, relative to the site folder
   * (`../docs` for a Docusaurus config's `path: '../docs'`): what `serve` watches beside the
   * folder's usual names. Empty when the config could not be read.
   */
  readonly sourceFolders: readonly string[]
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir)
  const outDir = resolve(siteDir, options.outDir ?? 'build')
  const privateDir = resolve(siteDir, options.privateDir ?? join('.docsgen', 'private'))
  const run = createRun(outDir, privateDir, options.heapLimitBytes)
  try {
    return await runStages(options, run, { siteDir, outDir, privateDir })
  } catch (error) {
    if (error instanceof StoppedBuild) return run.result(1)
    const unwritable = writeFailureDiagnostic(error, siteDir)
    if (unwritable === undefined) throw error
    run.failed([unwritable])
    return run.result(2)
  } finally {
    await run.end()
  }
}

async function runStages(options: BuildOptions, run: Run, { siteDir, outDir, privateDir }: { siteDir: string; outDir: string; privateDir: string }): Promise<BuildResult> {
  const spareDir = join(siteDir, '.docsgen', 'spare')
  const cacheDir = join(siteDir, '.docsgen', 'cache')
  const folders = { siteDir, outDir, privateDir, spareDir, cacheDir, homeDir: homedir() }
  if (run.failed(checkFolders(folders))) return run.result(2)

  const { site, styles } = await run.stage('config', () => readConfigAndStyles(siteDir, privateDir, options), ({ site }) => describeSiteConfig(site))
  if (!site) return run.result(2)
  // A config read whole with a problem of its own (its style sheets cannot be bundled): the content is still read and
  // checked, as by `check`, so that every problem is reported at once; nothing is written.
  const configFailed = run.failed()
  const writes = options.write !== false && !configFailed
  // Now that the config says where pages and published files are read from, the written folders are kept apart from those too.
  const folderProblems = checkFolders({ ...folders, sources: sourcesOf(site.config) })
  run.failed(folderProblems)
  if (folderProblems.some((problem) => problem.severity === 'error')) return run.result(2)
  const login = site.config.login && options.identityProvider ? { ...site.config.login, ...options.identityProvider } : site.config.login
  let config: ResolvedConfig = { ...site.config, login }
  run.remember({ sourceFolders: sourceFoldersOf(config) })
  const timeLimitMs = options.userCodeTimeLimitMs ?? userCodeTimeLimitMs
  const rules = compilePrivatePathRules(config.login?.privatePaths ?? [])
  // An incremental build keeps what it parses, indexes and renders (build-cache.ts); a check keeps nothing.
  // Whatever else decides the output is part of the key: the config's text, overrides, drafts.
  const cacheKey = JSON.stringify([site.source, site.versionsSource, site.config, options.configOverrides ?? null, options.drafts ?? false]) // the config as read too: it may import modules
  const cache = writes && options.cache !== false ? openBuildCache(cacheDir, cacheKey, options.changedPaths) : undefined
  // Spares the cache knows nothing of, when it can link every page from the last output, are moved aside, and staging folders
  // builds that were stopped left behind; those are removed in the background.
  if (writes) discardSpares(spareDir, cache !== undefined && cache.ledgers.lastRoutes.length > 0 && !cache.ledgers.sparesKnown, [outDir, privateDir])
  // The runtime's bundle and the search index are made while the site is parsed and rendered
  // (loaded only by a build that writes, as is rendering below).
  const startReader = !writes ? undefined : (await import('./write/reader-assets.js')).startReaderAssets
  const reader = startReader && run.background(startReader(config, rules.compiled, cacheDir, options.deferSearchIndex ?? false, cache?.search))
  // Pages' bodies wait on disk to be rendered (page-bodies.ts), in the cache when there is one.
  const bodies = reader && !cache ? run.atEnd(createBodyFolder(cacheDir)) : undefined
  const contentOptions = { threads: options.threads, drafts: options.drafts ?? false, cacheDir, timeLimitMs, loadComponents: !reader, bodiesDir: bodies?.dir, onDocument: reader?.addDocument, cache: cache?.parse, changedFiles: cache?.changedFiles }
  const { content, diagnostics: contentDiagnostics } = await run.stage('content', () => readSiteContent(siteDir, config, contentOptions), describeSiteContent)
  const configSource = { file: site.file ?? 'site.config.ts', text: site.source }
  const { manifest } = await run.stage('manifest', () => buildManifest(content, config, rules.compiled), describeManifest)
  config = withNavbarRoutes(config, content.documents, manifest)
  // Kept from the last build while all it is made of but the pages' bodies is as it was (validation-memo.ts).
  const memo = cache?.validation({ content, config, configSource })
  const validation = await run.stage('validate', () => memo?.recall() ?? validateSite({ manifest, content, config, rules, configSource }), describeValidation)
  memo?.save(validation)
  // Proven before anything is written, for check too; after the other problems, which explain most of these.
  if (run.failed() || run.failed(checkOutputPaths(manifest))) return run.result(configFailed ? 2 : 1, { manifest })
  if (!reader) return run.result(0, { manifest })
  const built = { config, rules, configSource, content, contentDiagnostics, manifest }
  return renderAndPublish({ options, run, siteDir, outDir, privateDir, spareDir, styles, login }, built, { reader, cache, memo })
}

/** The config stage: the site's config, and its own style sheets bundled (read-custom-css.ts). */
async function readConfigAndStyles(siteDir: string, privateDir: string, options: BuildOptions) {
  const read = await readSiteConfig(siteDir, { timeLimitMs: options.userCodeTimeLimitMs, command: options.write === false ? 'check' : 'build', overrides: options.configOverrides })
  if (!read.site) return { ...read, styles: undefined }
  const custom = await readCustomCss(siteDir, read.site.config, { file: read.site.file ?? 'site.config.ts', text: read.site.source }, privateDir)
  return { site: read.site, styles: custom.styles, diagnostics: [...read.diagnostics, ...custom.diagnostics] }
}

interface RenderContext {
  readonly options: BuildOptions
  readonly run: Run
  readonly siteDir: string
  readonly outDir: string
  readonly privateDir: string
  readonly spareDir: string
  readonly styles: CustomStyles | undefined
  readonly login: ResolvedConfig['login']
}

/** The render, search and write stages of a site validated: pages into the staging folders, then swapped in. */
async function renderAndPublish(
  { options, run, siteDir, outDir, privateDir, spareDir, styles, login }: RenderContext,
  { config, rules, configSource, content, contentDiagnostics, manifest }: Omit<BuiltSite, 'render' | 'stylesheet'>,
  { reader, cache, memo }: { reader: ReaderAssets; cache: BuildCache | undefined; memo: ValidationMemo | undefined },
): Promise<BuildResult> {
  // Rendering (React's server renderer and the theme) is loaded only by a build that writes.
  const { describePages, writePages } = await import('./write/write-pages.js')
  const stylesheet = await themeStylesheet(config.baseUrl, styles)
  // Without the last output's ledger every page is rendered (none is kept or linked).
  const staging = await stageSite(outDir, privateDir, spareDir, { routes: manifest.routes.length, renderAll: cache === undefined || cache.ledgers.lastRoutes.length === 0 })
  // A site that publishes its private pages (client-only) has nothing to keep out of the public output.
  const probes = config.privatePages === 'client-only' ? [] : privateProbes(manifest, content.documents)
  const signInShellScript = config.privatePages === 'gate' && manifest.privatePaths.length > 0 ? await (await import('./bundle/bundle-sign-in-shell.js')).bundleSignInShell() : undefined
  const head = await reader.head({ manifest, stylesheet })
  const renderInput = { manifest, documents: content.documents, components: content.components, config, probes, signInShellScript, ...head }
  const built: BuiltSite = { config, rules, configSource, content, contentDiagnostics, manifest, render: renderInput, stylesheet }
  options.onRendering?.(built)
  // The search index is completed and written while the pages render.
  const indexed = reader.files({ manifest, documents: content.documents, probes, dir: staging.public.dir })
  const global = cache?.globalInputs([config, renderInput.stylesheets, renderInput.runtime, renderInput.favicon, probes])
  // What every page's inputs are made of besides its own (page-inputs.ts): while it is as it was, only pages whose own inputs changed are looked at.
  const siteInputs = cache?.siteInputs(global!, manifest, memo?.inputs())
  const ledger = cache?.ledgers.pageLedger(global!, { public: staging.public.reused, private: staging.private.reused }, { publicDir: outDir, privateDir }, siteInputs!)
  const folders = { publicDir: staging.public.dir, privateDir: staging.private.dir, ledger }
  // A stage that stops the build (out of memory) leaves no staging folder behind.
  const discardOnStop = async (error: unknown): Promise<never> => {
    await discardSite(staging)
    throw error
  }
  const pages = await run.stage('render', () => writePages(renderInput, folders, { threads: options.threads }), describePages).catch(discardOnStop)
  const readerFiles = await run.stage('search', () => indexed, (files) => files.summary).catch(discardOnStop)
  if (run.failed()) {
    await discardSite(staging)
    return run.result(1, { manifest })
  }
  const written = ({ files, bytes }: { files: number; bytes: number }) => `${relativeOrAbsolute(siteDir, outDir)}/ (${files} files, ${(bytes / 1024).toFixed(0)} KiB)`
  const publish = { siteDir, spareDir, manifest, config, stylesheet, staging, pages, reader: readerFiles, probes, head, documents: content.documents, ledger: ledger && { pages: ledger, site: siteInputs! } }
  const published = await run.stage('write', () => publishSite(publish), written).catch(discardOnStop)
  if (run.failed()) return run.result(1, { manifest })
  const routes = new Set(manifest.routes.map((route) => route.path))
  const files = { public: [...pages.ledger.public, ...published.ledger.public], private: [...pages.ledger.private, ...published.ledger.private] }
  cache?.ledgers.save({ ...pages.ledger, ...files }, [...routes], siteInputs!)
  const changedRoutes = [...pages.rendered, ...(cache?.ledgers.lastRoutes ?? []).filter((path) => !routes.has(path))]
  const counts = { public: pages.written.public.length, private: pages.written.private.length }
  const gateLogin = login && { orgID: login.orgID, baseURL: login.baseURL }
  options.onBuilt?.(built)
  return run.result(0, { manifest, pages: counts, privatePages: config.privatePages, bytes: published.bytes, login: gateLogin, changedRoutes })
}

/** A stage ran out of memory: its diagnostic is kept, and the build ends there. */
class StoppedBuild extends Error {}

type Run = ReturnType<typeof createRun>

/**
 * One build's diagnostics and stage timings; a stage's own `diagnostics`, if it has them, are
 * kept as it ends. A stage that runs out of memory (heap-watch.ts) is marked failed with a
 * diagnostic saying how much it held, and the build stops. Work started in the background is
 * cancelled when the run ends (it is done by then if the build got to use it).
 */
function createRun(outDir: string, privateDir: string, heapLimitBytes: number | undefined) {
  const stages: StageTiming[] = []
  const diagnostics: Diagnostic[] = []
  const removals: (() => void)[] = []
  const background: { cancel: () => void | Promise<void> }[] = []
  const cancelled: (void | Promise<void>)[] = []
  let remembered: Partial<BuildResult> = {}
  const failed = (found: readonly Diagnostic[] = []) => {
    pushAll(diagnostics, found)
    return diagnostics.some((item) => item.severity === 'error')
  }
  return {
    failed,
    /** What every result from now on says (learnt from the config). */
    remember: (known: Partial<BuildResult>) => {
      remembered = { ...remembered, ...known }
    },
    /** Keeps what `held.remove()` removes when the build ends, whatever happens. */
    atEnd<T extends { readonly remove: () => void }>(held: T): T {
      removals.push(held.remove)
      return held
    },
    /** Removes what was held, once the background work cancelled has stopped (it may be writing into the cache folder). */
    end: async () => {
      await Promise.all(cancelled.splice(0))
      for (const remove of removals.splice(0)) remove()
    },
    background<T extends { cancel: () => void | Promise<void> }>(work: T): T {
      background.push(work)
      return work
    },
    async stage<T extends object>(name: string, run: () => T | Promise<T>, detail: (value: T) => string): Promise<T> {
      const started = performance.now()
      const errorsBefore = diagnostics.filter((item) => item.severity === 'error').length
      let value: T
      try {
        value = await run()
        checkHeap(heapLimitBytes)
      } catch (error) {
        const outOfMemory = heapLimitDiagnostic(name, error)
        if (!outOfMemory) throw error
        diagnostics.push(outOfMemory)
        stages.push({ name, milliseconds: performance.now() - started, detail: 'stopped: out of memory', failed: true })
        throw new StoppedBuild(outOfMemory.message)
      }
      if ('diagnostics' in value) pushAll(diagnostics, value.diagnostics as readonly Diagnostic[])
      const errorsAfter = diagnostics.filter((item) => item.severity === 'error').length
      const timing = { name, milliseconds: performance.now() - started, detail: detail(value), failed: errorsAfter > errorsBefore }
      stages.push(timing)
      publishStage(timing, started)
      return value
    },
    result: (exitCode: 0 | 1 | 2, extra: Partial<BuildResult> = {}): BuildResult => {
      for (const work of background) cancelled.push(work.cancel())
      return {
        exitCode,
        diagnostics: sortDiagnostics(diagnostics),
        stages,
        manifest: undefined,
        outDir,
        privateDir,
        pages: { public: 0, private: 0 },
        privatePages: 'gate',
        bytes: 0,
        login: undefined,
        changedRoutes: [],
        sourceFolders: [],
        ...remembered,
        ...extra,
      }
    },
  }
}

/** The folders (and sidebars file) the config reads: each version's docs, the blog, the pages, the folders of the site's style sheets. */
function sourceFoldersOf(config: ResolvedConfig): string[] {
  const { folders } = config
  const named = [...config.docs.versions.map((version) => version.folder), folders.docs, folders.blog, folders.pages, typeof folders.sidebars === 'string' ? folders.sidebars : '', ...config.customCss.map(sheetFolder)]
  return [...new Set(named.filter((folder) => folder !== ''))]
}

/**
 * Each stage is also a measure on Node's performance timeline (`docsgen:content`…), with the
 * memory in use as it ended and the process's peak so far (the stage where the peak grows is the
 * one that needed it): profilers show the stages, and `npm run bench` reads them from the CLI as
 * people run it. Only the last build's measures are kept, so a long-lived process does not collect them.
 */
function publishStage(timing: StageTiming, started: number): void {
  const name = `docsgen:${timing.name}`
  performance.clearMeasures(name)
  const memory = { heapUsedBytes: process.memoryUsage().heapUsed, peakRssBytes: process.resourceUsage().maxRSS * 1024 }
  performance.measure(name, { start: started, duration: timing.milliseconds, detail: { ...timing, ...memory } })
}

/** The folders the config reads pages from (each version's docs, the blog, the pages) and the one it publishes as it is. */
function sourcesOf(config: ResolvedConfig): { content: string[]; static: string } {
  const { folders } = config
  const content = [...config.docs.versions.map((version) => version.folder), folders.docs, folders.blog, folders.pages].filter((folder) => folder !== '')
  return { content: [...new Set(content)], static: folders.static ?? 'static' }
}

/** A style sheet's folder, where the sheets it imports usually are; a sheet at the site's top, itself. */
function sheetFolder(sheet: string): string {
  const folder = posix.dirname(sheet)
  return folder === '.' ? sheet : folder
}

function relativeOrAbsolute(from: string, to: string): string {
  const path = relative(from, to)
  return path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path) ? to : path
}
