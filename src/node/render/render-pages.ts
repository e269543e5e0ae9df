/**
 * Manifest → HTML for every route, handed to the write stage page by page as it is rendered.
 * Public routes get their full page; private routes get a shell for the public output and their
 * full page for the private output only. Bodies of private pages never pass through the public
 * branch, and every public page is checked for private text before it is handed on.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../client/theme/Page.js'
import { siteHref } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { PageData } from '../../shared/page-data.js'
import type { PageView, SidebarViewItem } from '../../shared/page-view.js'
import { pushAll } from '../../shared/push-all.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { createBodyReader } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import { checkHeap } from '../diagnostics/heap-watch.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { htmlDocument, type DocumentInput } from './html-document.js'
import { createPageData } from './page-data.js'
import { pageInputs } from './page-inputs.js'
import { createPageViews } from './page-views.js'
import { createSidebarMarkup, type SidebarBranch, type SidebarMarkup } from './sidebar-markup.js'

export interface RenderInput {
  readonly manifest: Manifest
  /** Every document, component pages with their rendered HTML. */
  readonly documents: readonly ContentDocument[]
  readonly config: ResolvedConfig
  readonly stylesheets: readonly string[]
  /** The browser runtime every page loads, and the settings it reads (none: pages without scripts, and no page data). */
  readonly runtime?: DocumentInput['runtime']
  readonly favicon?: string
  /** Distinctive text of private pages that no public page may contain. */
  readonly probes: readonly LeakProbe[]
}

/** Where rendered pages go, by output: the write stage writes them as they come. */
export interface PageOutput {
  readonly public: (file: string, html: string) => void
  readonly private: (file: string, html: string) => void
  /** The data client navigation loads for a public route, when pages load the runtime, and its sidebar's branch. */
  readonly data: (data: PageData, sidebar: SidebarBranch | undefined) => void
  /**
   * For an incremental build: whether the route's files already hold what its inputs
   * (page-inputs.ts) render, so there is nothing to render; if not, the writes that follow are
   * made from those inputs.
   */
  readonly unchanged?: (route: Route, inputs: string, sidebar: SidebarBranch | undefined) => boolean
}

/** Renders the given routes (default: all) on this thread; returns the private text found in public pages. */
export function renderPages(input: RenderInput, only: readonly string[] | undefined, output: PageOutput): Diagnostic[] {
  const views = createPageViews(input.manifest, input.config)
  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const publicSidebarMarkup = createSidebarMarkup()
  const fullSidebarMarkup = createSidebarMarkup()
  const diagnostics: Diagnostic[] = []
  const href = (path: string, hash?: string) => siteHref(input.config.baseUrl, path, hash)

  const bodyOf = (route: Route): string => {
    if (route.kind === 'redirect')
      return `<p>The documentation starts at <a href="${escapeHtml(href(route.redirectTo!))}">${escapeHtml(route.redirectTo!)}</a>.</p>`
    const document = documents.get(route.path)
    return document ? bodies.read(document.body) : ''
  }

  const documentHtml = (
    route: Route,
    page: PageView,
    sidebar: readonly SidebarViewItem[] | undefined,
    markup: ReturnType<typeof createSidebarMarkup>,
  ): { html: string; sidebar: SidebarMarkup | undefined } => {
    const drawn = sidebar === undefined || sidebar.length === 0 ? undefined : markup(sidebar, href(route.path))
    const html = htmlDocument({
      site: views.site,
      page,
      body: renderToStaticMarkup(createElement(Page, { site: views.navbarFor(route), page, sidebar, sidebarHtml: drawn?.html })),
      stylesheets: input.stylesheets,
      runtime: input.runtime,
      favicon: input.favicon,
      redirectTo: route.kind === 'redirect' ? href(route.redirectTo!) : undefined,
      noIndex: route.access.private || route.kind === 'notFound',
    })
    return { html, sidebar: drawn }
  }

  const wanted = only === undefined ? undefined : new Set(only)
  const bodies = createBodyReader()
  try {
    for (const route of input.manifest.routes) renderRoute(route)
  } finally {
    bodies.close()
  }
  return diagnostics

  function renderRoute(route: Route): void {
    if (wanted && !wanted.has(route.path)) return
    checkHeap()
    if (output.unchanged) {
      const markups = { public: publicSidebarMarkup, full: fullSidebarMarkup }
      const { inputs, branch } = pageInputs(route, documents.get(route.path), views, markups)
      if (output.unchanged(route, inputs, branch)) return
    }
    const view = views.publicView(route, route.access.private ? '' : bodyOf(route))
    // A component page may export its own description (the home page's, instead of the tagline).
    const document = route.access.private ? undefined : documents.get(route.path)
    const publicView = document?.kind === 'component-page' && document.description !== undefined ? { ...view, description: document.description } : view
    const { html, sidebar } = documentHtml(route, publicView, views.publicSidebar(route), publicSidebarMarkup)
    pushAll(diagnostics, findLeaks(route.file, html, input.probes))
    output.public(route.file, html)
    const redirectTo = route.redirectTo && href(route.redirectTo)
    const data = input.runtime && createPageData({ route, page: publicView, site: views.navbarFor(route), html, sidebar, redirectTo, build: input.runtime.config.build })
    if (data) output.data(data, sidebar?.branch)
    if (route.access.private) output.private(route.file, documentHtml(route, views.privateView(route, bodyOf(route)), views.fullSidebar(route), fullSidebarMarkup).html)
  }
}
