/**
 * The site's MDX pages: each parsed once (parse-mdx.ts), the partials they import parsed the same
 * way, all bundled with esbuild in one build (`@site/…` from the site, `@theme/…` from docsgen's
 * own components, `@docusaurus/…` stood in for as for React pages (docusaurus-page-modules.ts),
 * React from docsgen's copy, styles as empty modules) and rendered to HTML on a thread of their own (MDX is the site's code). A page's
 * headings include those of the partials it shows, where it shows them.
 */
import { build, type Message, type Plugin } from 'esbuild'
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Heading } from '../../shared/manifest.js'
import { pushAll } from '../../shared/push-all.js'
import { readTextFile } from '../files/read-text-file.js'
import { commonJsRequire, importedFileFailure } from '../workers/compile-user-module.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { runUserCode } from '../workers/run-user-code.js'
import { userCodeFailure } from '../workers/user-code-failure.js'
import { classNamesModule, docusaurusModuleFor, docusaurusPageModules, resolveClassNames, unknownDocusaurusModule, type DocusaurusSite } from './docusaurus-page-modules.js'
import type { MdxPageAnswer, MdxPageJob } from './mdx-page-worker.js'
import { mdxLinkRewriters, type MdxLinks, type MdxRewriterFor } from './mdx-link-rewriter.js'
import { moduleOf, planMdxModules, type MdxModules } from './mdx-modules.js'
import { createMdxParser, programWithLinks } from './mdx-parser.js'
import { importedFile, importedFileModule } from './imported-files.js'
import { importedSvg, importedSvgModule } from './imported-svg.js'
import { headingsOf, partialFile, partialsShown } from './mdx-partials.js'
import { parseMdx, type MdxPage } from './parse-mdx.js'
import { emptyBody, type PageBody } from './page-bodies.js'
import { parseMdxFiles } from './parse-mdx-files.js'
import type { PostExcerpt } from './post-excerpt.js'
import type { SlugStyle } from './heading-slugger.js'
import { theme } from './theme-components.js'
import type { IncludedFile } from './parsed-page.js'
import { unresolvedPackageSuggestion } from '../workers/unresolved-package.js'
import { slashRelative } from '../files/slash-path.js'

export interface MdxRequest {
  readonly siteDir: string
  readonly cacheDir: string
  readonly timeLimitMs: number
  readonly slugify: SlugStyle
  /** Front matter keys docsgen does not know are the site's own, not mistakes (acceptsCustomFrontMatter). */
  readonly customFrontMatter: boolean
  readonly site: DocusaurusSite
  /** The MDX pages, by site-relative file, with their text; `post` for a blog post (its excerpt is cut). */
  readonly pages: readonly { readonly file: string; readonly text: string; readonly post: boolean }[]
  /** Where the pages' bodies are kept (page-bodies.ts); undefined keeps none. */
  readonly bodiesDir: string | undefined
  /** How links are rewritten in a file (a page or a partial it imports). */
  readonly links: MdxLinks
  /** Threads to compile the pages on, this one included; by default one per core for a large site. */
  readonly threads?: number
}

export interface RenderedMdx {
  readonly page: MdxPage
  /** The page's headings, those of the partials it shows included. */
  readonly headings: readonly Heading[]
  readonly body: PageBody
  /** A post's excerpt. */
  readonly excerpt: PostExcerpt | undefined
  /** Files beside the pages that the page's own links reach. */
  readonly assets: readonly string[]
  /** The Markdown files it imports, and those they import (site-relative): their text is the page's, checked not to be private. */
  readonly partials: readonly IncludedFile[]
}

const require = createRequire(import.meta.url)

export async function renderMdxPages(request: MdxRequest): Promise<{ pages: Map<string, RenderedMdx>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = []
  const parsed = new Map<string, MdxPage>()
  const assets = new Map<string, readonly string[]>()
  const rewriterFor = mdxLinkRewriters(request.links)
  const pageFiles = await parseMdxFiles({ links: request.links, slugify: request.slugify, customFrontMatter: request.customFrontMatter, pages: request.pages }, request.threads)
  for (const { file, page, assets: found } of pageFiles) {
    parsed.set(file, page)
    assets.set(file, found)
  }
  // Partials are few and found only once the pages that show them are parsed: parsed here, each
  // text once (versions and copies of a docs folder repeat their partials).
  const parsePartial = createMdxParser()
  const partialsOf = (file: string, page: MdxPage) => {
    pushAll(diagnostics, page.diagnostics)
    for (const source of page.imports.values()) {
      const partial = partialFile(file, source)
      if (partial === undefined || parsed.has(partial)) continue
      const read = readTextFile(join(request.siteDir, partial), partial, { markdown: true })
      if (read.text === undefined) continue
      const parsedPartial = parsePartial(read.text, partial, rewriterFor(partial).rewrite, { slugify: request.slugify, customFrontMatter: request.customFrontMatter })
      parsed.set(partial, parsedPartial)
      partialsOf(partial, parsedPartial)
    }
  }
  for (const { file, page } of pageFiles) partialsOf(file, page)
  recompileGivenComponents(request, parsed, rewriterFor)

  const rendered = await bundleAndRender(request, parsed, diagnostics)
  const pages = new Map<string, RenderedMdx>()
  for (const { file } of request.pages) {
    const made = rendered.get(file)
    pages.set(file, { page: parsed.get(file)!, headings: headingsOf(file, parsed), body: made?.body ?? emptyBody, excerpt: made?.excerpt, assets: assets.get(file) ?? [], partials: partialsShown(file, parsed) })
  }
  return { pages, diagnostics }
}

/**
 * Files that a page may hand `components` to, compiled again with their elements kept as
 * elements (inline-static-html.ts): rare, so done here, after every file is known.
 */
function recompileGivenComponents(request: MdxRequest, parsed: Map<string, MdxPage>, rewriterFor: MdxRewriterFor): void {
  const given = new Set([...parsed].flatMap(([file, page]) => page.givesComponentsTo.map((source) => partialFile(file, source))))
  for (const file of given) {
    const page = file === undefined ? undefined : parsed.get(file)
    if (file === undefined || page?.program === undefined) continue
    const text = request.pages.find((entry) => entry.file === file)?.text ?? readTextFile(join(request.siteDir, file), file, { markdown: true }).text
    if (text !== undefined) parsed.set(file, { ...page, program: parseMdx(text, file, rewriterFor(file).rewrite, { slugify: request.slugify, customFrontMatter: request.customFrontMatter, inlineStatic: false }).program, linksApart: undefined })
  }
}

async function bundleAndRender(request: MdxRequest, parsed: ReadonlyMap<string, MdxPage>, diagnostics: Diagnostic[]): Promise<Map<string, Extract<MdxPageAnswer, { kind: 'ok' }>>> {
  const rendered = new Map<string, Extract<MdxPageAnswer, { kind: 'ok' }>>()
  const modules = planMdxModules(request.pages.map((page) => page.file), parsed, request.siteDir)
  if (modules.entries.length === 0) return rendered
  const outdir = join(request.cacheDir, `mdx-${Date.now()}-${process.pid}`)
  try {
    const pages = await bundle(request, parsed, modules, outdir, diagnostics)
    const threads = request.threads ?? availableParallelism()
    const batches = renderBatches(pages, threads)
    const answers: MdxPageAnswer[][] = []
    let next = 0
    const renderNext = async (): Promise<void> => {
      for (let index = next++; index < batches.length; index = next++) answers[index] = await renderBatch(request, batches[index]!, diagnostics)
    }
    await Promise.all(Array.from({ length: Math.min(batches.length, threads) }, renderNext))
    for (const answer of answers.flat()) {
      if (answer.kind === 'ok') rendered.set(answer.file, answer)
      else diagnostics.push(diagnostic({ file: answer.file, ...(answer.at?.file === answer.file ? { line: answer.at.line, column: answer.at.column } : {}), ruleId: 'page-render-failed', message: `The page threw while rendering: ${answer.message}` }))
    }
  } finally {
    await rm(outdir, { recursive: true, force: true })
  }
  return rendered
}

/**
 * The pages' modules, written by esbuild to `outdir` (a site's programs together are far larger
 * than its texts: none is held here), with source maps beside them for the places of errors in
 * the site's own code.
 */
async function bundle(request: MdxRequest, parsed: ReadonlyMap<string, MdxPage>, modules: MdxModules, outdir: string, diagnostics: Diagnostic[]): Promise<MdxPageJob['pages']> {
  try {
    const result = await build({
      entryPoints: modules.entries,
      outdir,
      bundle: true,
      splitting: true,
      outExtension: { '.js': '.mjs' },
      write: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'silent',
      metafile: true,
      sourcemap: 'linked',
      sourcesContent: false,
      banner: commonJsRequire,
      // As Docusaurus resolves them: a page outside the site folder (docs at '../docs') may import the site's packages.
      nodePaths: [join(request.siteDir, 'node_modules')],
      plugins: [mdxPlugin(request, parsed, modules.shared)],
    })
    const urls = new Map(Object.entries(result.metafile.outputs).flatMap(([path, output]) => (output.entryPoint === undefined ? [] : [[output.entryPoint.replace(/^mdx:/, 'mdx-page:'), pathToFileURL(join(process.cwd(), path)).href]])))
    const posts = new Set(request.pages.filter((page) => page.post).map((page) => page.file))
    return [...modules.pages].flatMap(([file, { entry, links }]) => (urls.has(entry) ? [{ file, moduleUrl: urls.get(entry)!, post: posts.has(file), links }] : []))
  } catch (error) {
    const filesOf = (entry: string) => modules.filesOf.get(entry) ?? []
    const importPlaces = (file: string) => parsed.get(file)?.importPlaces
    pushAll(diagnostics, ((error as { errors?: Message[] }).errors ?? []).flatMap((message) => bundleDiagnostics(message, request.siteDir, modules.pages.keys().next().value!, filesOf, importPlaces)))
    return []
  }
}

/**
 * A thread keeps every module it imports: the pages are rendered in batches that import at most
 * this many (pages that share a module count once), each batch on a thread of its own, as many at
 * once as the build has threads (a page that ends, stalls or fills its thread costs only its batch).
 */
const modulesPerRenderThread = 200
/**
 * A site of few modules (versions of one text share theirs) is still rendered on every thread:
 * rendering its pages is the work, not loading modules. A thread takes about a tenth of a
 * second to start, a page a millisecond or two to render.
 */
const pagesPerRenderThreadMinimum = 100

/**
 * The pages, in order, cut into batches of at most `modulesPerRenderThread` modules, and into at
 * least as many batches as there are `threads` (of at least `pagesPerRenderThreadMinimum` pages).
 */
function renderBatches(pages: MdxPageJob['pages'], threads: number): MdxPageJob['pages'][] {
  const pagesPerBatch = Math.ceil(pages.length / Math.max(1, Math.min(threads, Math.floor(pages.length / pagesPerRenderThreadMinimum))))
  const batches: MdxPageJob['pages'][number][][] = []
  let modules = new Set<string>()
  for (const page of pages) {
    if (batches.length === 0 || batches[batches.length - 1]!.length === pagesPerBatch || (modules.size === modulesPerRenderThread && !modules.has(page.moduleUrl))) {
      batches.push([])
      modules = new Set()
    }
    modules.add(page.moduleUrl)
    batches[batches.length - 1]!.push(page)
  }
  return batches
}

/** The answers of one batch's thread; a failed thread is a diagnostic on the page it was rendering. */
async function renderBatch(request: MdxRequest, pages: MdxPageJob['pages'], diagnostics: Diagnostic[]): Promise<MdxPageAnswer[]> {
  const job: MdxPageJob = { siteDir: request.siteDir, site: request.site, bodiesDir: request.bodiesDir, pages }
  const outcome = await runUserCode<MdxPageAnswer[], string>(siblingModule('mdx-page-worker', import.meta.url), job, request.timeLimitMs)
  if (outcome.kind === 'done') return outcome.result
  const file = outcome.step ?? pages[0]!.file
  diagnostics.push(userCodeFailure(outcome, { siteDir: request.siteDir, file, subject: 'The page', action: 'rendering', timeLimitMs: request.timeLimitMs, ruleId: 'page-render-failed', stopped: 'The page stopped its thread while rendering', throwsAt: 'this-file', suggestion: () => 'An MDX page must render in moments, without ending the process.' }))
  return []
}

/** A module of docsgen's own theme components (client/mdx), as TypeScript from src/ or compiled from dist/. */
export const docsgenModule = (name: string) => fileURLToPath(new URL(`../../client/mdx/${name}${import.meta.url.endsWith('.ts') ? '.tsx' : '.js'}`, import.meta.url))

function mdxPlugin(request: MdxRequest, parsed: ReadonlyMap<string, MdxPage>, shared: readonly string[]): Plugin {
  return {
    name: 'docsgen-mdx',
    setup(build) {
      // docsgen's own names for modules, given as entries or written into shared modules (mdx-modules.ts): a page that writes one imports nothing by it.
      const ours = (args: { kind: string; namespace: string }) => args.kind === 'entry-point' || args.namespace === 'mdx-text'
      build.onResolve({ filter: /^mdx-page:/ }, (args) => (ours(args) ? { path: args.path.slice('mdx-page:'.length), namespace: 'mdx' } : undefined))
      build.onResolve({ filter: /^mdx-text:/ }, (args) => (ours(args) ? { path: args.path.slice('mdx-text:'.length), namespace: 'mdx-text' } : undefined))
      // A shared module imports nothing relative to a page, and packages only as the site's folder finds them.
      build.onLoad({ filter: /.*/, namespace: 'mdx-text' }, (args) => ({ contents: shared[Number(args.path)]!, loader: 'js', resolveDir: request.siteDir }))
      // A partial of its own, shown by a shared module.
      build.onResolve({ filter: /^mdx-file:/ }, (args) => (ours(args) ? { path: args.path.slice('mdx-file:'.length), namespace: 'mdx' } : undefined))
      build.onResolve({ filter: /\.mdx?$/ }, (args) => {
        const from = args.namespace === 'mdx' ? args.importer : slashRelative(request.siteDir, args.importer)
        const file = partialFile(from, args.path)
        if (file !== undefined && parsed.get(file)?.program !== undefined) return { path: file, namespace: 'mdx' }
        return { errors: [{ text: `Cannot import "${args.path}": no such Markdown file in the site, or it does not compile` }] }
      })
      build.onResolve({ filter: /^@site\// }, (args) => build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: request.siteDir, kind: args.kind }))
      build.onResolve({ filter: /^@theme\// }, async (args) => {
        const name = args.path.slice('@theme/'.length)
        if (theme.includes(name)) return { path: docsgenModule(name) }
        // One docsgen does not draw may be the site's own, swizzled into src/theme/ as Docusaurus finds it.
        if (/^[\w-]+(\/[\w-]+)*$/.test(name)) {
          const own = await build.resolve(`./src/theme/${name}`, { resolveDir: request.siteDir, kind: args.kind })
          if (own.errors.length === 0) return own
        }
        if (docusaurusModuleFor(args.path) !== undefined) return { path: docusaurusModuleFor(args.path), namespace: 'docusaurus' }
        return { errors: [{ text: `"${args.path}" is not one of the theme components docsgen provides (${theme.map((entry) => `@theme/${entry}`).join(', ')}), nor in the site's src/theme/` }] }
      })
      // Docusaurus's modules, as its pages import them: by their default exports (docusaurus-page-modules.ts).
      build.onResolve({ filter: /^@docusaurus\// }, (args) => (args.path in docusaurusPageModules ? { path: args.path, namespace: 'docusaurus' } : { errors: [{ text: unknownDocusaurusModule(args.path) }] }))
      // The site's own copy when it has one; else one that joins class names the same way, as for React pages.
      build.onResolve({ filter: /^(clsx|classnames)$/ }, (args) => resolveClassNames(build, args))
      build.onLoad({ filter: /.*/, namespace: 'docusaurus' }, (args) => ({ contents: docusaurusPageModules[args.path] ?? classNamesModule, loader: 'js', resolveDir: request.siteDir }))
      // One React for the pages and the renderer: docsgen's, whether or not the site installed its own.
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: require.resolve(args.path), external: true }))
      // An image, video or other file a page imports is its URL, as Docusaurus's file loader makes it: a file of static/ where it is served.
      const served = new Map(request.links.staticOfFile)
      build.onLoad({ filter: importedFile, namespace: 'file' }, (args) => importedFileModule(args.path, request.siteDir, request.links.baseUrl, served))
      // An SVG is a component that draws it, as Docusaurus's SVGR makes it.
      build.onLoad({ filter: importedSvg, namespace: 'file' }, (args) => importedSvgModule(args.path, request.siteDir, served, request.links.sections))
      build.onResolve({ filter: /\.(css|scss|sass|less)$/ }, (args) => ({ path: args.path, namespace: 'style' }))
      build.onLoad({ filter: /.*/, namespace: 'style' }, (args) => ({ contents: args.path.includes('.module.') ? 'export default new Proxy({}, { get: (_, key) => String(key) })' : '', loader: 'js' }))
      build.onLoad({ filter: /.*/, namespace: 'mdx' }, (args) => {
        const program = programWithLinks(parsed.get(args.path)!)!
        return { contents: moduleOf(program, headingsOf(args.path, parsed)), loader: 'js', resolveDir: join(request.siteDir, dirname(args.path)) }
      })
    },
  }
}

/**
 * A bundling error, on the site's file it is in, or on each page whose module it is in: at the
 * page's import of the module it names, when it is about one (`importPlaces`).
 */
function bundleDiagnostics(message: Message, siteDir: string, fallback: string, filesOf: (entry: string) => string[], importPlaces: (file: string) => MdxPage['importPlaces'] | undefined): Diagnostic[] {
  const location = message.location
  const inPage = location?.file.startsWith('mdx:') ?? false
  const inShared = location?.file.startsWith('mdx-text:') ?? false
  const files = !location?.file ? [fallback] : inShared ? filesOf(location.file) : [inPage ? location.file.slice('mdx:'.length) : slashRelative(siteDir, location.file)]
  const inSiteFile = location !== null && location !== undefined && !inPage && !inShared
  const text = inSiteFile ? importedFileFailure('the page', message.text) : `Cannot build the page: ${message.text}`
  // Places inside a compiled page are places in its generated code, where the module an import names is quoted.
  const named = location && !inSiteFile ? /^(["'])(.*)\1$/.exec(location.lineText.slice(location.column, location.column + location.length))?.[2] : undefined
  const placeIn = (file: string) => (inSiteFile ? { line: location.line, column: location.column + 1 } : named === undefined ? {} : (importPlaces(file)?.get(named) ?? {}))
  return files.map((file) => diagnostic({ file, ...placeIn(file), ruleId: 'page-render-failed', message: text, suggestion: unresolvedPackageSuggestion(message.text) }))
}
