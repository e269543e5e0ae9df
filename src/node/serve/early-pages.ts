/**
 * Pages answered while `docsgen serve`'s first build is still under way: a request for a public
 * page is rendered on its own, in memory, and the theme's stylesheet is answered beside it, so
 * the first page is served long before every page is written. They are drawn from the site
 * skimmed on the server's thread (skim-site.ts) until the build's own site is validated
 * (BuildOptions.onRendering), then from that. What else a page loads (its script, the search
 * index) waits for the build, whose end reloads every open page. Only a page's own address as
 * the build links to it is answered (other spellings, private and component pages, and a page
 * holding private text wait for the build), and nothing is written: the build owns the output folder.
 */
import type { Route } from '../../shared/manifest.js'
import type { BuiltSite } from '../build.js'
import type { renderPages } from '../render/render-pages.js'
import { requestPath } from './request-path.js'
import type { SkimmedPages, SkimmedSite } from './skim-site.js'

export interface EarlyPages {
  /** The first build's site, as it starts rendering; later builds' are ignored. */
  readonly ready: (site: BuiltSite) => Promise<void>
  /** Resolves once there is a site to answer from (skimmed or built), or the first build ended. */
  readonly started: Promise<void>
  /** The first build ended: nothing more is answered early. */
  readonly done: () => void
  /** The page or the stylesheet asked for; undefined: wait for the build. */
  readonly answer: (request: Request) => Promise<Response | undefined>
}

/** Pages as one site has them: by output file, and which are component pages. */
interface Source {
  readonly pages: SkimmedPages
  readonly byFile: ReadonlyMap<string, Route>
  readonly components: ReadonlySet<string>
  /** The pages with the one of `file` parsed whole (a skimmed site); absent: they are already. */
  readonly whole?: (file: string) => Promise<SkimmedPages | undefined>
}

/** `skim`: skims the site to answer from before the build's site is known (serve-site.ts gives skimSite). */
export function createEarlyPages(skim?: () => Promise<SkimmedSite | undefined>): EarlyPages {
  // React and the theme are loaded while the build parses on its own thread, which takes longer.
  const rendering = import('../render/render-pages.js')
  rendering.catch(() => undefined)
  let built: Source | undefined
  let skimmed: Source | undefined
  let finished = false
  let start = () => {}
  const started = new Promise<void>((resolve) => (start = resolve))
  let skimming = skim?.().catch(() => undefined)
  void skimming?.then(async (site) => {
    await rendering.catch(() => undefined)
    if (site === undefined || finished) return site?.remove()
    skimmed = { ...sourceOf(site.pages), whole: site.withPage }
    start()
  })
  return {
    async ready(site) {
      await rendering
      if (finished) return
      built = sourceOf(site)
      start()
    },
    started,
    done() {
      finished = true
      built = undefined
      skimmed = undefined
      // Its bodies are removed, and the skimmed site let go of, once the skim is done.
      void skimming?.then((site) => site?.remove())
      skimming = undefined
      start()
    },
    async answer(request) {
      const source = built ?? skimmed
      if (source === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
      const found = pageOf(source, request)
      if (found === undefined || 'stylesheet' in found) return found && answer(request, 200, 'text/css; charset=utf-8', found.stylesheet)
      const { route } = found
      const document = source.pages.content.documents.find((page) => page.route === route.path)
      const pages = source.whole && document ? await source.whole(document.file) : source.pages
      // The build may have ended while the page was parsed: its output, not this, is then served.
      if (pages === undefined || finished) return undefined
      const html = renderOne(pages, route.path, (await rendering).renderPages)
      return html === undefined ? undefined : answer(request, 200, 'text/html; charset=utf-8', html)
    },
  }
}

function sourceOf(pages: SkimmedPages): Source {
  const components = new Set(pages.content.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
  return { pages, byFile: new Map(pages.manifest.routes.map((route) => [route.file, route])), components }
}

/** The stylesheet, or the public page, a request asks for at its own address; undefined for anything else. */
function pageOf(source: Source, request: Request): { readonly stylesheet: Uint8Array } | { readonly route: Route } | undefined {
  const parsed = requestPath(new URL(request.url).pathname, source.pages.config.baseUrl)
  if (parsed.kind === 'refused') return undefined
  const relative = parsed.segments.join('/')
  const { stylesheet } = source.pages
  if (relative === stylesheet.file) return { stylesheet: stylesheet.content }
  const file = relative === '' ? 'index.html' : parsed.trailingSlash ? `${relative}/index.html` : `${relative}.html`
  const route = source.byFile.get(file)
  if (route === undefined || route.kind === 'notFound' || route.access.private || source.components.has(route.path)) return undefined
  return { route }
}

/** The page of `path` rendered alone; undefined if it holds private text. */
function renderOne(pages: SkimmedPages, path: string, render: typeof renderPages): string | undefined {
  let html: string | undefined
  const none = () => {}
  const leaks = render(pages.render, [path], { public: (_file, page) => (html = page), private: none, data: none })
  return leaks.length > 0 ? undefined : html
}

function answer(request: Request, status: number, type: string, body: string | Uint8Array): Response {
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
  return new Response(request.method === 'HEAD' ? null : typeof body === 'string' ? body : new Uint8Array(body), { status, headers })
}
