/**
 * Manifest → HTML for every route, handed to the write stage page by page as it is rendered.
 * Public routes get their full page in the public output; private routes get theirs in the
 * private output only (privatePages 'gate'), nowhere ('exclude'), or in the public output like
 * any page ('client-only'). Nothing of a private route, not even a file named after it, goes to
 * the public output: every path under a private rule is answered with the one sign-in shell
 * (renderShell). Every public page is checked for private text and paths before it is handed on.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page, pageFrameKey, pageFrameOf } from '../../client/theme/Page.js'
import { PageRegion } from '../../client/theme/PageRegion.js'
import { siteHref } from '../../shared/canonical-path.js'
import type { Diagnostic } from '../../shared/diagnostic.js'
import { escapeHtml } from '../../shared/escape-html.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import { pageDataFile, type PageData } from '../../shared/page-data.js'
import { PRIVATE_SHELL_TITLE, type PageProps, type PageView, type SidebarViewItem } from '../../shared/page-view.js'
import { SIGN_IN_SHELL_DATA_ID, type SignInShellData } from '../../client/shell/sign-in-shell.js'
import { pushAll } from '../../shared/push-all.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { createBodyReader } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import { checkHeap } from '../diagnostics/heap-watch.js'
import { findLeaks, type LeakProbe } from '../validate/find-private-leaks.js'
import { htmlDocument, type DocumentInput } from './html-document.js'
import { createBlogBodies } from './blog-bodies.js'
import { blogFeedFiles } from './blog-feeds.js'
import { createPageData, createPrivatePageData } from './page-data.js'
import { ownInputs, pageInputs } from './page-inputs.js'
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
  /** The not-found page's script that shows the sign-in shell for private paths (privatePages 'gate'). */
  readonly signInShellScript?: string
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
   * made from those inputs. `own`: the part of them the manifest does not hold (ownInputs).
   */
  readonly unchanged?: (route: Route, inputs: string, sidebar: SidebarBranch | undefined, own: string) => boolean
  /**
   * Asked first, for an incremental build: whether the route's files are known to hold what it
   * renders from its own inputs alone (the manifest and the config being as the last build
   * had them), so its other inputs need not be worked out. False: `unchanged` is asked.
   */
  readonly keptAsBefore?: (route: Route, own: string) => boolean
}

/** Renders the given routes (default: all) on this thread; returns the private text found in public pages. */
export function renderPages(input: RenderInput, only: readonly string[] | undefined, output: PageOutput): Diagnostic[] {
  const views = createPageViews(input.manifest, input.config)
  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const publicSidebarMarkup = createSidebarMarkup()
  const privateSidebarMarkup = createSidebarMarkup()
  const diagnostics: Diagnostic[] = []
  const href = (path: string, hash?: string) => siteHref(input.config.baseUrl, path, hash)

  /** What the gate answers a reader allowed to read a private route: its page data, the sidebar its readers may see inline. */
  const privateData = (route: Route): string => {
    const page = views.privateView(route, bodyOf(route))
    const site = views.navbarFor(route)
    const { html } = documentHtml(route, page, views.privateSidebar(route), privateSidebarMarkup, 'private')
    return JSON.stringify(createPrivatePageData({ route, page, site, html, build: input.runtime?.config.build ?? '' }))
  }

  const blog = createBlogBodies(new Map(input.manifest.routes.map((route) => [route.path, route])), documents, input.config, href)
  const bodyOf = (route: Route): string => {
    if (route.kind === 'redirect')
      return `<p>The documentation starts at <a href="${escapeHtml(href(route.redirectTo!))}">${escapeHtml(route.redirectTo!)}</a>.</p>`
    const document = documents.get(route.path)
    const body = document ? bodies.read(document.body) : ''
    return blog.bodyOf(route, body) ?? body
  }

  const documentHtml = createDocumentHtml(input, views, href, blog.isBlogRoute)

  const wanted = only === undefined ? undefined : new Set(only)
  const published = input.config.privatePages === 'client-only'
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
    // Made once for the page's inputs and its markup: the same items give the same branch without drawing it again.
    let publicItems: readonly SidebarViewItem[] | undefined
    const publicSidebar = () => (publicItems ??= views.publicSidebar(route))
    if (output.unchanged) {
      const own = ownInputs(documents.get(route.path), blog.bodyOf(route, ''))
      if (output.keptAsBefore?.(route, own)) return
      const markups = { public: publicSidebarMarkup, private: privateSidebarMarkup }
      const { inputs, branch } = pageInputs(route, own, views, markups, publicSidebar())
      if (output.unchanged(route, inputs, branch, own)) return
    }
    if (route.access.private && !published) {
      if (input.config.privatePages === 'gate') output.private(pageDataFile(route.path)!, privateData(route))
      return
    }
    const body = bodyOf(route)
    const view = views.publicView(route, body)
    // A component page may export its own description (the home page's, instead of the tagline); a React page may name itself.
    const document = documents.get(route.path)
    const described = document?.kind === 'component-page' && document.description !== undefined ? { ...view, description: document.description } : view
    const publicView = document?.titled ? { ...described, titled: true } : described
    const { html, sidebar } = documentHtml(route, publicView, publicSidebar(), publicSidebarMarkup, 'public')
    // A page's own body is the author's (their links are theirs); a redirect's is ours.
    pushAll(diagnostics, findLeaks(route.file, html, input.probes, route.kind === 'redirect' ? '' : body))
    output.public(route.file, html)
    const redirectTo = route.redirectTo && href(route.redirectTo)
    const data = input.runtime && createPageData({ route, page: publicView, site: views.navbarFor(route), html, sidebar, redirectTo, build: input.runtime.config.build })
    if (data) output.data(data, sidebar?.branch)
  }
}

/** A route's whole HTML document with its sidebar drawn by `markup`, and the sidebar as drawn. */
function createDocumentHtml(input: RenderInput, views: ReturnType<typeof createPageViews>, href: (path: string) => string, isBlogRoute: (route: Route) => boolean) {
  const signInShell = signInShellMarkup(input)
  // Blog pages name the blog's feeds in their head.
  const feeds = blogFeedFiles(input.manifest, input.config).map((feed) => ({ ...feed, title: input.config.blog.feedOptions.title ?? `${input.config.title} Blog` }))
  const pageBody = createPageBody()
  return (
    route: Route,
    page: PageView,
    sidebar: readonly SidebarViewItem[] | undefined,
    markup: ReturnType<typeof createSidebarMarkup>,
    side: 'public' | 'private',
  ): { html: string; sidebar: SidebarMarkup | undefined } => {
    const drawn = sidebar === undefined || sidebar.length === 0 ? undefined : markup(views.sidebarSet(route, side), sidebar, href(route.path))
    const html = htmlDocument({
      site: views.site,
      page,
      body: pageBody({ site: views.navbarFor(route), page, sidebar, sidebarHtml: drawn?.html }),
      stylesheets: input.stylesheets,
      runtime: input.runtime,
      favicon: input.favicon,
      redirectTo: route.kind === 'redirect' ? href(route.redirectTo!) : undefined,
      noIndex: route.access.private || route.kind === 'notFound',
      bodyEnd: route.kind === 'notFound' ? signInShell : undefined,
      feeds: isBlogRoute(route) ? feeds : undefined,
    })
    return { html, sidebar: drawn }
  }
}

/**
 * What Page renders, with the markup around the page region (navbar, footer: the same on most
 * pages) rendered once per frame (pageFrameKey) and only the region for each page. React drew
 * the frame again for every page, a third of the render stage's React time. The last few frames
 * are kept: a versioned site's navbar differs on every page (its version menu links the page).
 */
function createPageBody(): (props: PageProps) => string {
  const frames = new Map<string, ReturnType<typeof pageFrameOf>>()
  return (props) => {
    const key = pageFrameKey(props.site, props.page.path)
    const frame = frames.get(key)
    if (frame !== undefined) return `${frame.before}${renderToStaticMarkup(createElement(PageRegion, props))}${frame.after}`
    const body = renderToStaticMarkup(createElement(Page, props))
    if (frames.size >= framesKept) frames.delete(frames.keys().next().value!)
    frames.set(key, pageFrameOf(body))
    return body
  }
}

const framesKept = 8

/** The data and script that make the not-found page the sign-in shell for private paths. */
function signInShellMarkup({ signInShellScript, manifest, config }: RenderInput): string | undefined {
  if (signInShellScript === undefined || manifest.privatePaths.length === 0) return undefined
  const data: SignInShellData = {
    baseUrl: config.baseUrl,
    patterns: manifest.privatePaths.map((rule) => rule.pattern),
    heading: PRIVATE_SHELL_TITLE,
    title: `${PRIVATE_SHELL_TITLE} | ${config.title}`,
  }
  // JSON inside <script>: "<" escaped, so no text of it can close the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${SIGN_IN_SHELL_DATA_ID}">${json}</script>\n<script>${signInShellScript}</script>\n`
}

/** The sign-in shell: the one page answered for every path under a private rule, naming none of them. */
export function renderShell(input: Pick<RenderInput, 'manifest' | 'config' | 'stylesheets' | 'runtime' | 'favicon'>): string {
  const views = createPageViews(input.manifest, input.config)
  const page = views.shellView()
  return htmlDocument({
    site: views.site,
    page,
    body: renderToStaticMarkup(createElement(Page, { site: views.site, page, sidebar: undefined })),
    stylesheets: input.stylesheets,
    runtime: input.runtime,
    favicon: input.favicon,
    redirectTo: undefined,
    noIndex: true,
  })
}
