/**
 * Manifest → HTML for every route. Public routes get their full page; private routes get a
 * shell in the public output and their full page in the private output only. Bodies of
 * private pages never pass through the public branch.
 */
import { availableParallelism } from 'node:os'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../client/theme/Page.js'
import { routeHref } from '../../shared/canonical-path.js'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { PageComponent } from '../content/load-component-pages.js'
import type { ContentDocument } from '../content/parse-content.js'
import { escapeHtml, htmlDocument } from '../write/html-document.js'
import { runInWorker, siblingModule } from '../workers/run-in-worker.js'
import { createPageViews } from './page-views.js'

export interface RenderedPage {
  readonly route: Route
  /** Relative to the output folder it belongs to. */
  readonly file: string
  readonly html: string
}

export interface RenderedSite {
  /** Goes to the deployable folder. */
  readonly publicPages: readonly RenderedPage[]
  /** Goes to the private folder, served only by the gate. */
  readonly privatePages: readonly RenderedPage[]
  readonly diagnostics: readonly Diagnostic[]
}

export interface RenderInput {
  readonly manifest: Manifest
  readonly documents: readonly ContentDocument[]
  readonly components: ReadonlyMap<string, PageComponent>
  readonly config: ResolvedConfig
  readonly stylesheets: readonly string[]
}

/** Renders the given routes (default: all) on this thread. */
export function renderPages(input: RenderInput, only?: readonly string[]): RenderedSite {
  const views = createPageViews(input.manifest, input.config)
  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const publicPages: RenderedPage[] = []
  const privatePages: RenderedPage[] = []
  const diagnostics: Diagnostic[] = []
  const wanted = new Set(only)

  const bodyOf = (route: Route): string => {
    if (route.kind === 'redirect')
      return `<p>The documentation starts at <a href="${escapeHtml(routeHref(route.redirectTo!))}">${escapeHtml(route.redirectTo!)}</a>.</p>`
    const document = documents.get(route.path)
    if (!document) return ''
    if (document.kind !== 'component-page') return document.html
    const component = input.components.get(document.file)
    if (!component) return ''
    try {
      return renderToStaticMarkup(createElement(component, { site: views.site }))
    } catch (error) {
      diagnostics.push(
        diagnostic({ file: document.file, ruleId: 'page-render-failed', message: `The page threw while rendering: ${(error as Error).message}` }),
      )
      return ''
    }
  }

  const document = (route: Route, page: ReturnType<typeof views.publicView>, sidebar: ReturnType<typeof views.publicSidebar>) =>
    htmlDocument({
      site: views.site,
      page,
      body: renderToStaticMarkup(createElement(Page, { site: views.navbarFor(route), page, sidebar })),
      stylesheets: input.stylesheets,
      redirectTo: route.kind === 'redirect' ? routeHref(route.redirectTo!) : undefined,
      noIndex: route.access.private || route.kind === 'notFound',
    })

  const selected = only === undefined ? input.manifest.routes : input.manifest.routes.filter((route) => wanted.has(route.path))
  for (const route of selected) {
    if (route.access.private) {
      publicPages.push({ route, file: route.file, html: document(route, views.publicView(route, ''), views.publicSidebar(route)) })
      privatePages.push({ route, file: route.file, html: document(route, views.privateView(route, bodyOf(route)), views.fullSidebar(route)) })
    } else {
      publicPages.push({ route, file: route.file, html: document(route, views.publicView(route, bodyOf(route)), views.publicSidebar(route)) })
    }
  }
  return { publicPages, privatePages, diagnostics }
}

/** What a render thread receives: everything but component pages, which only the main thread holds. */
export interface RenderJob {
  readonly manifest: Manifest
  readonly documents: readonly ContentDocument[]
  readonly config: ResolvedConfig
  readonly stylesheets: readonly string[]
  readonly routes: readonly string[]
}

const routesPerThreadMinimum = 100

/**
 * Renders every route, on several threads for large sites. Component pages stay on this thread
 * (their modules cannot be sent to a worker); the rest is split by body size.
 */
export async function renderSite(input: RenderInput, options: { threads?: number } = {}): Promise<RenderedSite> {
  const routes = input.manifest.routes
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.floor(routes.length / routesPerThreadMinimum) || 1))
  if (threads === 1 && options.threads === undefined) return renderPages(input)

  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const pinned = routes.filter((route) => documents.get(route.path)?.kind === 'component-page').map((route) => route.path)
  const shares: string[][] = Array.from({ length: options.threads ?? threads }, () => [])
  const sizes = shares.map(() => 0)
  for (const route of [...routes].sort((a, b) => (documents.get(b.path)?.html.length ?? 0) - (documents.get(a.path)?.html.length ?? 0))) {
    if (pinned.includes(route.path)) continue
    const smallest = sizes.indexOf(Math.min(...sizes))
    shares[smallest]!.push(route.path)
    sizes[smallest]! += (documents.get(route.path)?.html.length ?? 0) + 4000
  }
  const [own = [], ...others] = shares
  // Start the workers before rendering this thread's share, so they run at the same time.
  const pending = others.map((share) =>
    runInWorker<RenderedSite>(siblingModule('render-worker', import.meta.url), {
      manifest: input.manifest,
      documents: share.flatMap((path) => documents.get(path) ?? []),
      config: input.config,
      stylesheets: input.stylesheets,
      routes: share,
    } satisfies RenderJob),
  )
  const results = [renderPages(input, [...pinned, ...own]), ...(await Promise.all(pending))]
  return {
    publicPages: results.flatMap((result) => result.publicPages),
    privatePages: results.flatMap((result) => result.privatePages),
    diagnostics: results.flatMap((result) => result.diagnostics),
  }
}
