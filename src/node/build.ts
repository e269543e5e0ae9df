/**
 * The build, as its list of stages: config → content → manifest → validate → render → write.
 * `check` is the same list stopped after validate. Content and config problems come back as
 * diagnostics (exit code 1, or 2 for an unusable config); nothing is written unless every stage
 * succeeded, so a failed build never touches the last good output.
 */
import { transform } from 'esbuild'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { siteHref, underBaseUrl } from '../shared/canonical-path.js'
import { diagnostic, sortDiagnostics, type Diagnostic } from '../shared/diagnostic.js'
import type { Manifest } from '../shared/manifest.js'
import { pushAll } from '../shared/push-all.js'
import { loadConfig } from './config/load-config.js'
import { resolveConfig, type ResolvedConfig } from './config/resolve-config.js'
import { checkFileNames } from './content/check-file-names.js'
import { loadComponentPages } from './content/load-component-pages.js'
import { parseContent } from './content/parse-content.js'
import { readContent } from './content/read-content.js'
import { buildManifest } from './manifest/build-manifest.js'
import { compilePrivatePathRules } from './manifest/private-path-rules.js'
import { publicManifest } from './manifest/public-manifest.js'
import { renderSite } from './render/render-pages.js'
import { privateProbes } from './validate/find-private-leaks.js'
import { validateSite } from './validate/validate-site.js'
import { checkFolders } from './write/check-folders.js'
import { checkOutputPaths } from './write/check-output-paths.js'
import { userCodeTimeLimitMs } from './workers/run-user-code.js'
import { createFileWriter, createStaging, discardStaging, swapIn, sweepStaging } from './write/write-site.js'
import { bundleClient } from './bundle/bundle-client.js'
import { GENERATED_FOLDER } from '../shared/page-data.js'
import { createPageViews } from './render/page-views.js'
import { checkReservedPaths } from './validate/check-reserved-paths.js'
import { readerAssets } from './write/reader-assets.js'

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

const stylesheetUrl = new URL('../client/theme/styles.css', import.meta.url)

export async function build(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir)
  const outDir = resolve(siteDir, options.outDir ?? 'build')
  const privateDir = resolve(siteDir, options.privateDir ?? join('.docsgen', 'private'))
  const stages: StageTiming[] = []
  const diagnostics: Diagnostic[] = []
  const result = (exitCode: 0 | 1 | 2, extra: Partial<BuildResult> = {}): BuildResult => ({
    exitCode,
    diagnostics: sortDiagnostics(diagnostics),
    stages,
    manifest: undefined,
    outDir,
    privateDir,
    pages: { public: 0, private: 0 },
    bytes: 0,
    ...extra,
  })
  const stage = async <T>(name: string, run: () => T | Promise<T>, detail: (value: T) => string): Promise<T> => {
    const started = performance.now()
    const value = await run()
    stages.push({ name, milliseconds: performance.now() - started, detail: detail(value) })
    return value
  }

  // The browser runtime is bundled by esbuild's own process while the site is read and parsed.
  const clientBundle = options.write === false ? undefined : bundleClient()
  clientBundle?.catch(() => undefined)
  const spares = join(siteDir, '.docsgen', 'spare')
  const cacheDir = join(siteDir, '.docsgen', 'cache')
  diagnostics.push(...checkFolders({ siteDir, outDir, privateDir, spareDir: spares, cacheDir, homeDir: homedir() }))
  if (hasErrors(diagnostics)) return result(2)

  // 1. config
  const config = await stage(
    'config',
    async () => {
      const loaded = await loadConfig(siteDir, options.userCodeTimeLimitMs)
      if (!loaded.loaded) {
        pushAll(diagnostics, loaded.diagnostics)
        return undefined
      }
      const resolved = resolveConfig(loaded.loaded.value, loaded.loaded.file ?? 'site.config.ts', loaded.loaded.source)
      pushAll(diagnostics, resolved.diagnostics)
      return resolved.config ? { config: resolved.config, file: loaded.loaded.file ?? 'site.config.ts', source: loaded.loaded.source } : undefined
    },
    (value) => (value ? `${value.file === undefined ? 'defaults' : value.file}, ${value.config.login?.privatePaths.length ?? 0} private rules` : 'invalid'),
  )
  if (!config) return result(2)

  // 2. content
  const content = await stage(
    'content',
    async () => {
      const { files, diagnostics: unreadable } = await readContent(siteDir)
      pushAll(diagnostics, unreadable)
      pushAll(diagnostics, checkFileNames(files))
      const parsed = await parseContent(files, config.config, { threads: options.threads })
      const components = await loadComponentPages(siteDir, parsed.documents, cacheDir, {
        timeLimitMs: options.userCodeTimeLimitMs ?? userCodeTimeLimitMs,
        load: options.write === false,
      })
      pushAll(diagnostics, parsed.diagnostics)
      pushAll(diagnostics, components.diagnostics)
      return { ...parsed, components: components.components }
    },
    (value) => `${value.documents.filter((document) => document.kind === 'doc').length} docs, ${value.documents.filter((document) => document.kind !== 'doc').length} pages`,
  )

  // 3. manifest
  const rules = compilePrivatePathRules(config.config.login?.privatePaths ?? [])
  const manifest = await stage(
    'manifest',
    () => {
      const built = buildManifest(content, config.config, rules.compiled)
      pushAll(diagnostics, built.diagnostics)
      return built.manifest
    },
    (value) => `${value.routes.length} routes, ${value.routes.filter((route) => route.access.private).length} private`,
  )

  // 4. validate
  await stage(
    'validate',
    () => {
      const found = validateSite({
        manifest,
        documents: content.documents,
        assetFiles: content.assetFiles,
        config: config.config,
        rules,
        configSource: { file: config.file, text: config.source },
      })
      pushAll(diagnostics, found)
      return found
    },
    (found) => `${content.documents.reduce((sum, document) => sum + document.links.length, 0)} links, ${found.length} problems`,
  )
  // Proven before anything is written, for check too; after the other problems, which explain most of these.
  diagnostics.push(...checkReservedPaths(manifest))
  if (!hasErrors(diagnostics)) diagnostics.push(...checkOutputPaths(manifest))
  if (hasErrors(diagnostics)) return result(1, { manifest })
  if (options.write === false) return result(0, { manifest })

  // 5. render, writing each page into staging folders as it is rendered
  // Published minified: readers download it, and every page links it.
  const stylesheet = Buffer.from((await transform(await readFile(stylesheetUrl, 'utf8'), { loader: 'css', minify: true })).code)
  const stylesheetFile = `${GENERATED_FOLDER}/styles.${createHash('sha256').update(stylesheet).digest('hex').slice(0, 10)}.css`
  const probes = privateProbes(manifest, content.documents)
  const reader = await readerAssets(manifest, config.config, content.documents, probes, stylesheetFile, await clientBundle!)
  const staging = { public: await createStaging(outDir, join(spares, 'public')), private: await createStaging(privateDir, join(spares, 'private')) }
  const rendered = await stage(
    'render',
    () =>
      renderSite(
        {
          manifest,
          documents: content.documents,
          components: content.components,
          config: config.config,
          stylesheets: [underBaseUrl(config.config.baseUrl, `/${stylesheetFile}`)],
          runtime: reader.runtime,
          favicon: reader.seo.favicon,
          probes,
          publicDir: staging.public.dir,
          privateDir: staging.private.dir,
        },
        { threads: options.threads },
      ),
    (value) => `${value.written.public.filter((file) => file.endsWith('.html')).length} public pages, ${value.written.private.length} private`,
  )
  pushAll(diagnostics, rendered.diagnostics)
  const readerFiles = await stage('search', () => reader.files(createPageViews(manifest, config.config)), (value) => value.summary)
  pushAll(diagnostics, readerFiles.diagnostics)
  if (hasErrors(diagnostics)) {
    await Promise.all([discardStaging(staging.public), discardStaging(staging.private)])
    return result(1, { manifest })
  }

  // 6. write what is site-wide, then swap both folders in
  const { bytes } = await stage(
    'write',
    async () => {
      const publicWriter = createFileWriter(staging.public.dir)
      for (const file of publicFiles(manifest, config.config, stylesheetFile, stylesheet)) publicWriter.write(file.file, file.content)
      for (const file of readerFiles.files) publicWriter.write(file.file, file.content)
      const privateWriter = createFileWriter(staging.private.dir)
      privateWriter.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`)
      for (const asset of manifest.assets) (asset.access.private ? privateWriter : publicWriter).write(asset.file, readFileSync(join(siteDir, asset.source)))
      await sweepStaging(staging.public, [...rendered.written.public, ...publicWriter.written().paths])
      await sweepStaging(staging.private, [...rendered.written.private, ...privateWriter.written().paths])
      await swapIn(staging.public)
      await swapIn(staging.private)
      return { files: rendered.written.public.length + publicWriter.written().files, bytes: rendered.bytes + publicWriter.written().bytes }
    },
    ({ files, bytes }) => `${relativeOrAbsolute(siteDir, outDir)}/ (${files} files, ${(bytes / 1024).toFixed(0)} KiB)`,
  )
  return result(0, { manifest, pages: { public: rendered.written.public.filter((file) => file.endsWith('.html')).length, private: rendered.written.private.length }, bytes })
}

function publicFiles(manifest: Manifest, config: ResolvedConfig, stylesheetFile: string, stylesheet: Uint8Array): { file: string; content: string | Uint8Array }[] {
  const files: { file: string; content: string | Uint8Array }[] = [{ file: stylesheetFile, content: stylesheet }]
  files.push({ file: `${GENERATED_FOLDER}/manifest.json`, content: `${JSON.stringify(publicManifest(manifest), null, 2)}\n` })
  if (config.url !== undefined) files.push({ file: 'sitemap.xml', content: sitemap(manifest, config.url, config.baseUrl) })
  return files
}

/** Public, indexable routes only: private routes, redirects and the 404 page stay out. */
function sitemap(manifest: Manifest, origin: string, baseUrl: string): string {
  const base = origin.replace(/\/$/, '')
  const entries = manifest.routes
    .filter((route) => !route.access.private && route.kind !== 'redirect' && route.kind !== 'notFound')
    .map((route) => `  <url><loc>${base}${siteHref(baseUrl, route.path).replace(/&/g, '&amp;')}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((item) => item.severity === 'error')
}

function relativeOrAbsolute(from: string, to: string): string {
  const path = relative(from, to)
  return path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path) ? to : path
}
