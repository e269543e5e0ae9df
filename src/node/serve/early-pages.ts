/**
 * Pages answered while `docsgen serve`'s first build is still rendering: once its site is
 * validated (BuildOptions.onRendering), a request for a public page is rendered on its own, in
 * memory, and the theme's stylesheet is answered beside it, so the first page is served long
 * before every page is written. What else a page loads (its script, the search index) waits for
 * the build, whose end reloads every open page. Only a page's own address as the build links to
 * it is answered (other spellings, private and component pages, and a page holding private text
 * wait for the build), and nothing is written: the build owns the output folder.
 */
import type { Route } from '../../shared/manifest.js'
import type { BuiltSite } from '../build.js'
import type { renderPages } from '../render/render-pages.js'
import { requestPath } from './request-path.js'

export interface EarlyPages {
  /** The first build's site, as it starts rendering; later builds' are ignored. */
  readonly ready: (site: BuiltSite) => Promise<void>
  /** Resolves once there is a site to answer from. */
  readonly started: Promise<void>
  /** The first build ended: nothing more is answered early. */
  readonly done: () => void
  /** The page or the stylesheet asked for; undefined: wait for the build. */
  readonly answer: (request: Request) => Response | undefined
}

export function createEarlyPages(): EarlyPages {
  // React and the theme are loaded while the build parses on its own thread, which takes longer:
  // the first page is then rendered as soon as the site is validated.
  const rendering = import('../render/render-pages.js')
  rendering.catch(() => undefined)
  let site: { readonly built: BuiltSite; readonly byFile: ReadonlyMap<string, Route>; readonly components: ReadonlySet<string>; readonly render: typeof renderPages } | undefined
  let finished = false
  let start = () => {}
  const started = new Promise<void>((resolve) => (start = resolve))
  return {
    async ready(built) {
      const { renderPages: render } = await rendering
      if (finished) return
      const components = new Set(built.content.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
      site = { built, byFile: new Map(built.manifest.routes.map((route) => [route.file, route])), components, render }
      start()
    },
    started,
    done() {
      finished = true
      site = undefined
      start()
    },
    answer(request) {
      if (site === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
      const parsed = requestPath(new URL(request.url).pathname, site.built.config.baseUrl)
      if (parsed.kind === 'refused') return undefined
      const relative = parsed.segments.join('/')
      const { stylesheet } = site.built
      if (relative === stylesheet.file) return answer(request, 200, 'text/css; charset=utf-8', stylesheet.content)
      const file = relative === '' ? 'index.html' : parsed.trailingSlash ? `${relative}/index.html` : `${relative}.html`
      const route = site.byFile.get(file)
      if (route === undefined || route.kind === 'notFound' || route.access.private || site.components.has(route.path)) return undefined
      let html: string | undefined
      const none = () => {}
      const leaks = site.render(site.built.render, [route.path], { public: (_file, page) => (html = page), private: none, data: none })
      return html === undefined || leaks.length > 0 ? undefined : answer(request, 200, 'text/html; charset=utf-8', html)
    },
  }
}

function answer(request: Request, status: number, type: string, body: string | Uint8Array): Response {
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }
  return new Response(request.method === 'HEAD' ? null : typeof body === 'string' ? body : new Uint8Array(body), { status, headers })
}
