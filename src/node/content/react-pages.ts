/**
 * A Docusaurus site's React pages (src/pages/*.js, .jsx, .ts, .tsx): each compiled with esbuild,
 * with stand-ins for what it imports from Docusaurus (docusaurus-page-modules.ts), React from
 * docsgen's copy, class-name helpers when the site has not installed them and styles as class
 * names; then all rendered once to static HTML on a thread of their own (the pages are the site's
 * code). What a page gives `Layout` (title, description) and the links it draws come back with it.
 */
import type { Plugin } from 'esbuild'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { diagnostic, formatDiagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { SourcePosition } from '../../shared/manifest.js'
import { pushAll } from '../../shared/push-all.js'
import { commonJsRequire, compileUserModule, runCompiledModules } from '../workers/compile-user-module.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { userCodeFailure } from '../workers/user-code-failure.js'
import { classNamesModule, docusaurusModuleFor, docusaurusPageModules, linkTellingJsxRuntime, resolveClassNames, unknownDocusaurusModule, type DocusaurusPageGlobals } from './docusaurus-page-modules.js'
import { importedFile, importedFileModule } from './imported-files.js'
import { importedSvg, importedSvgModule } from './imported-svg.js'
import { noDefaultExport } from './no-default-export.js'
import { docsgenModule } from './mdx-pages.js'
import { theme } from './theme-components.js'
import type { ReactPageAnswer, ReactPageJob, RenderedReactPage } from './react-page-worker.js'

export interface ReactPagesRequest {
  readonly siteDir: string
  readonly cacheDir: string
  readonly timeLimitMs: number
  readonly site: DocusaurusPageGlobals['__docsgenSite']
  /** The pages, site-relative, with their routes. */
  readonly pages: readonly { readonly file: string; readonly route: string }[]
  /** Where each published file of static/ is served, by site-relative file: what a page may import as a URL. */
  readonly staticOfFile: readonly (readonly [string, string])[]
  /** The site's folders of pages, site-relative: an SVG there is no component a page may import (imported-svg.ts). */
  readonly sections: readonly string[]
}

/** Where a link the page drew is written in its source: the first string literal that is the link, if the page's own file has one. */
export function linkPosition(source: string, url: string): SourcePosition | undefined {
  const at = ['"', "'", '`'].map((quote) => source.indexOf(`${quote}${url}${quote}`)).filter((index) => index >= 0)
  if (at.length === 0) return undefined
  const before = source.slice(0, Math.min(...at))
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: before.length - lineStart + 1 }
}

const require = createRequire(import.meta.url)

/** The pages that rendered, by file; a page that does not compile or throws is a diagnostic instead. */
export async function renderReactPages(request: ReactPagesRequest): Promise<{ pages: Map<string, RenderedReactPage>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = []
  const pages = new Map<string, RenderedReactPage>()
  const compiled: { file: string; route: string; code: string }[] = []
  const plugin = docusaurusPlugin(request, new Map(request.staticOfFile))
  for (const page of request.pages) {
    const result = await compileUserModule({
      siteDir: request.siteDir,
      file: page.file,
      outfile: join(request.cacheDir, 'page.mjs'),
      subject: 'the page',
      ruleId: 'page-render-failed',
      options: { jsx: 'automatic', loader: { '.js': 'jsx' }, plugins: [plugin], banner: commonJsRequire },
    })
    // A component two pages import is compiled with each: its problem is told once.
    const told = new Set(diagnostics.map(formatDiagnostic))
    pushAll(diagnostics, result.diagnostics.filter((found) => !told.has(formatDiagnostic(found))))
    if (result.code !== undefined) compiled.push({ ...page, code: result.code })
  }
  if (compiled.length === 0) return { pages, diagnostics }
  await mkdir(request.cacheDir, { recursive: true })
  const stamp = `${Date.now()}-${process.pid}`
  const modules = compiled.map((page, index) => ({ path: join(request.cacheDir, `react-page-${index}.${stamp}.mjs`), code: page.code }))
  const job = (urls: readonly string[]): ReactPageJob => ({ siteDir: request.siteDir, site: request.site, pages: compiled.map((page, index) => ({ file: page.file, route: page.route, moduleUrl: urls[index]! })) })
  const outcome = await runCompiledModules<ReactPageAnswer[], string>(modules, siblingModule('react-page-worker', import.meta.url), job, request.timeLimitMs)
  if (outcome.kind !== 'done') {
    const file = outcome.step ?? compiled[0]!.file
    diagnostics.push(userCodeFailure(outcome, { siteDir: request.siteDir, file, subject: 'The page', action: 'rendering', timeLimitMs: request.timeLimitMs, ruleId: 'page-render-failed', stopped: 'The page stopped its thread while rendering', throwsAt: 'this-file', suggestion: () => 'A page must render in moments, without ending the process.' }))
    return { pages, diagnostics }
  }
  for (const answer of outcome.result) {
    if (answer.kind === 'ok') pages.set(answer.file, answer.page)
    else if (answer.kind === 'no-default-export') diagnostics.push(noDefaultExport(answer.file))
    else diagnostics.push(diagnostic({ file: answer.file, ...(answer.at?.file === answer.file ? { line: answer.at.line, column: answer.at.column } : {}), ruleId: 'page-render-failed', message: `The page threw while rendering: ${answer.message}` }))
  }
  return { pages, diagnostics }
}

function docusaurusPlugin({ siteDir, site: { baseUrl }, sections }: ReactPagesRequest, staticOfFile: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'docsgen-docusaurus-pages',
    setup(build) {
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        const stoodIn = docusaurusModuleFor(args.path)
        if (stoodIn !== undefined) return { path: stoodIn, namespace: 'docusaurus' }
        const name = args.path.slice('@theme/'.length)
        if (args.path.startsWith('@theme/') && theme.includes(name)) return { path: docsgenModule(name) }
        return { errors: [{ text: unknownDocusaurusModule(args.path) }] }
      })
      build.onResolve({ filter: /^@site\// }, (args) => build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: siteDir, kind: args.kind }))
      // The site's own copy when it has one; else one that joins class names the same way.
      build.onResolve({ filter: /^(clsx|classnames)$/ }, (args) => resolveClassNames(build, args))
      // The pages' JSX tells the page the links it draws with a plain <a>; the runtime it calls is React's.
      build.onResolve({ filter: /^react\/jsx-runtime$/ }, (args) => (args.namespace === 'docusaurus' ? undefined : { path: 'jsx-runtime', namespace: 'docusaurus' }))
      // One React for the pages and the renderer: docsgen's, whether or not the site installed its own.
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: require.resolve(args.path), external: true }))
      build.onLoad({ filter: importedFile, namespace: 'file' }, (args) => importedFileModule(args.path, siteDir, baseUrl, staticOfFile))
      build.onLoad({ filter: importedSvg, namespace: 'file' }, (args) => importedSvgModule(args.path, siteDir, staticOfFile, sections))
      build.onResolve({ filter: /\.(css|scss|sass|less)$/ }, (args) => ({ path: args.path, namespace: 'style' }))
      // A CSS module's classes are their own names; the styles themselves are not published.
      build.onLoad({ filter: /.*/, namespace: 'style' }, (args) => ({ contents: /\.module\.\w+$/.test(args.path) ? 'export default new Proxy({}, { get: (_, key) => typeof key === "string" ? key : undefined })' : '', loader: 'js' }))
      build.onLoad({ filter: /.*/, namespace: 'docusaurus' }, (args) => ({ contents: args.path === 'jsx-runtime' ? linkTellingJsxRuntime : (docusaurusPageModules[args.path] ?? classNamesModule), loader: 'js', resolveDir: siteDir }))
    },
  }
}
