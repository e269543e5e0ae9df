/**
 * Manifest → HTML for every route, written as it is rendered. Public routes get their full page;
 * private routes get a shell in the public output and their full page in the private output
 * only. Bodies of private pages never pass through the public branch, and every public page is
 * checked for private text before it is written.
 */
import { availableParallelism } from 'node:os'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../client/theme/Page.js'
import { siteHref } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { PageView, SidebarViewItem } from '../../shared/page-view.js'
import { pushAll } from '../../shared/push-all.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { renderComponentPages, type ComponentPages } from '../content/load-component-pages.js'
import type { ContentDocument } from '../content/parse-content.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { htmlDocument, type DocumentInput } from '../write/html-document.js'
import { createPageData } from '../write/write-page-data.js'
import { createFileWriter } from '../write/write-site.js'
import { runInWorker, siblingModule } from '../workers/run-in-worker.js'
import { createPageViews } from './page-views.js'
import { createSidebarMarkup } from './sidebar-markup.js'

export interface RenderInput {
  readonly manifest: Manifest
  /** Every document, component pages with their rendered HTML. */
  readonly documents: readonly ContentDocument[]
  readonly config: ResolvedConfig
  readonly stylesheets: readonly string[]
  /** The browser runtime every page loads, and the settings it reads (none: pages without scripts). */
  readonly runtime?: DocumentInput['runtime']
  readonly favicon?: string
  /** Distinctive text of private pages that no public page may contain. */
  readonly probes: readonly LeakProbe[]
  /** Folders pages are written to (staging folders). */
  readonly publicDir: string
  readonly privateDir: string
}

export interface RenderResult {
  readonly bytes: number
  /** Every page written, relative to its folder: the rest of a reused staging folder is swept. */
  readonly written: { readonly public: readonly string[]; readonly private: readonly string[] }
  readonly diagnostics: readonly Diagnostic[]
}

/** Renders and writes the given routes (default: all) on this thread. */
export function renderPages(input: RenderInput, only?: readonly string[]): RenderResult {
  const views = createPageViews(input.manifest, input.config)
  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const publicWriter = createFileWriter(input.publicDir)
  const privateWriter = createFileWriter(input.privateDir)
  const publicSidebarMarkup = createSidebarMarkup()
  const fullSidebarMarkup = createSidebarMarkup()
  const diagnostics: Diagnostic[] = []
  const href = (path: string, hash?: string) => siteHref(input.config.baseUrl, path, hash)

  const bodyOf = (route: Route): string => {
    if (route.kind === 'redirect')
      return `<p>The documentation starts at <a href="${escapeHtml(href(route.redirectTo!))}">${escapeHtml(route.redirectTo!)}</a>.</p>`
    return documents.get(route.path)?.html ?? ''
  }

  const documentHtml = (
    route: Route,
    page: PageView,
    sidebar: readonly SidebarViewItem[] | undefined,
    markup: ReturnType<typeof createSidebarMarkup>,
  ): string => {
    const sidebarHtml = sidebar === undefined || sidebar.length === 0 ? undefined : markup(sidebar, href(route.path))
    return htmlDocument({
      site: views.site,
      page,
      body: renderToStaticMarkup(createElement(Page, { site: views.navbarFor(route), page, sidebar, sidebarHtml })),
      stylesheets: input.stylesheets,
      runtime: input.runtime,
      favicon: input.favicon,
      redirectTo: route.kind === 'redirect' ? href(route.redirectTo!) : undefined,
      noIndex: route.access.private || route.kind === 'notFound',
    })
  }

  const wanted = only === undefined ? undefined : new Set(only)
  for (const route of input.manifest.routes) {
    if (wanted && !wanted.has(route.path)) continue
    const view = views.publicView(route, route.access.private ? '' : bodyOf(route))
    // A component page may export its own description (the home page's, instead of the tagline).
    const document = route.access.private ? undefined : documents.get(route.path)
    const publicView = document?.kind === 'component-page' && document.description !== undefined ? { ...view, description: document.description } : view
    const html = documentHtml(route, publicView, views.publicSidebar(route), publicSidebarMarkup)
    pushAll(diagnostics, findLeaks(route.file, html, input.probes))
    publicWriter.write(route.file, html)
    const data = input.runtime && createPageData({ route, page: publicView, site: views.navbarFor(route), html, redirectTo: route.redirectTo && href(route.redirectTo), build: input.runtime.config.build })
    if (data) {
      pushAll(diagnostics, findLeaks(data.file, data.content, input.probes))
      publicWriter.write(data.file, data.content)
    }
    if (route.access.private)
      privateWriter.write(route.file, documentHtml(route, views.privateView(route, bodyOf(route)), views.fullSidebar(route), fullSidebarMarkup))
  }
  return {
    bytes: publicWriter.written().bytes,
    written: { public: publicWriter.written().paths, private: privateWriter.written().paths },
    diagnostics,
  }
}

/** What a render thread receives: the input and the routes it renders. */
export type RenderJob = RenderInput & { readonly routes: readonly string[] }

// As for parsing (see parse-content.ts): a worker's start-up only pays off on large sites.
const routesPerThreadMinimum = 2500

/**
 * Renders every route, on several threads for large sites, split by body size. Component pages
 * render on their own thread (see load-component-pages.ts) while this one renders the rest.
 */
export async function renderSite(
  { components, ...input }: RenderInput & { readonly components: ComponentPages },
  options: { threads?: number } = {},
): Promise<RenderResult> {
  const componentRoutes = new Set(input.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
  const pending = renderComponentPages(components, createPageViews(input.manifest, input.config).site, input.config.baseUrl)
  const rest = await renderAll(input, input.manifest.routes.filter((route) => !componentRoutes.has(route.path)), options)
  const rendered = await pending
  const documents = input.documents.map((document) => (document.kind === 'component-page' ? { ...document, html: rendered.html.get(document.file) ?? '', description: rendered.descriptions.get(document.file) } : document))
  const pages = renderPages({ ...input, documents }, [...componentRoutes])
  return merge([{ ...pages, diagnostics: [...rendered.diagnostics, ...pages.diagnostics] }, rest])
}

async function renderAll(input: RenderInput, routes: readonly Route[], options: { threads?: number }): Promise<RenderResult> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.floor(routes.length / routesPerThreadMinimum) || 1))
  if (threads === 1 && options.threads === undefined) return renderPages(input, routes.map((route) => route.path))

  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const shares: string[][] = Array.from({ length: options.threads ?? threads }, () => [])
  const sizes = shares.map(() => 0)
  const weight = (path: string) => (documents.get(path)?.html.length ?? 0) + 4000
  for (const route of [...routes].sort((a, b) => weight(b.path) - weight(a.path))) {
    const smallest = sizes.indexOf(Math.min(...sizes))
    shares[smallest]!.push(route.path)
    sizes[smallest]! += weight(route.path)
  }
  const [own = [], ...others] = shares
  // Start the workers before rendering this thread's share, so they run at the same time.
  const pending = others.map((share) =>
    runInWorker<RenderResult>(siblingModule('render-worker', import.meta.url), {
      ...input,
      documents: share.flatMap((path) => documents.get(path) ?? []),
      routes: share,
    } satisfies RenderJob),
  )
  return merge([renderPages(input, own), ...(await Promise.all(pending))])
}

function merge(results: readonly RenderResult[]): RenderResult {
  return {
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    written: { public: results.flatMap((result) => result.written.public), private: results.flatMap((result) => result.written.private) },
    diagnostics: results.flatMap((result) => result.diagnostics),
  }
}
