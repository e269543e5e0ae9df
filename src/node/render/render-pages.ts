/**
 * Manifest → HTML for every route. Public routes get their full page; private routes get a
 * shell in the public output and their full page in the private output only. Bodies of
 * private pages never pass through the public branch.
 */
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

export function renderPages(input: RenderInput): RenderedSite {
  const views = createPageViews(input.manifest, input.config)
  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const publicPages: RenderedPage[] = []
  const privatePages: RenderedPage[] = []
  const diagnostics: Diagnostic[] = []

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

  for (const route of input.manifest.routes) {
    if (route.access.private) {
      publicPages.push({ route, file: route.file, html: document(route, views.publicView(route, ''), views.publicSidebar(route)) })
      privatePages.push({ route, file: route.file, html: document(route, views.privateView(route, bodyOf(route)), views.fullSidebar(route)) })
    } else {
      publicPages.push({ route, file: route.file, html: document(route, views.publicView(route, bodyOf(route)), views.publicSidebar(route)) })
    }
  }
  return { publicPages, privatePages, diagnostics }
}
