/**
 * A page drawn by the real theme (Page + htmlDocument) in a happy-dom window, with the platform
 * the runtime gets: storage that works or refuses everything, a fetch answered from a table of
 * files, and the warnings logged. Nothing is installed as a global.
 */
import { Window } from 'happy-dom'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Page } from '../../../src/client/theme/Page.js'
import type { Platform } from '../../../src/client/runtime/platform.js'
import { createSafeStorage, warnOnce } from '../../../src/client/runtime/safe-storage.js'
import type { PageProps } from '../../../src/shared/page-view.js'
import type { RuntimeConfig } from '../../../src/shared/runtime-config.js'
import { htmlDocument } from '../../../src/node/render/html-document.js'
import { createPageData } from '../../../src/node/render/page-data.js'
import { createSidebarMarkup, type SidebarMarkup } from '../../../src/node/render/sidebar-markup.js'
import { siteHref } from '../../../src/shared/canonical-path.js'
import type { Route } from '../../../src/shared/manifest.js'
import type { PageData } from '../../../src/shared/page-data.js'
import { samplePage, sampleSidebar, sampleSite } from '../theme/sample-props.js'

export const sampleConfig = (overrides: Partial<RuntimeConfig> = {}): RuntimeConfig => ({
  baseUrl: '/',
  privatePatterns: ['^(?:\\/docs\\/Private(?:\\/.*|$))$'],
  searchModule: '/_docsgen/search/search.js',
  docsVersion: 'current',
  build: 'build-1',
  respectPrefersColorScheme: false,
  ...overrides,
})

/** A page's props with the defaults, and its sidebar drawn as the build draws it (once per branch, its link marked). */
function pageProps(props: Partial<PageProps>): { full: PageProps; sidebar: SidebarMarkup | undefined } {
  const full: PageProps = { site: sampleSite(), page: samplePage(), sidebar: sampleSidebar(), ...props }
  const drawn = full.sidebar !== undefined && full.sidebar.length > 0 && full.page.layout === 'docs' && full.page.kind !== 'notFound'
  const sidebar = drawn ? createSidebarMarkup()('sample', full.sidebar!, siteHref(full.site.baseUrl, full.page.path)) : undefined
  return { full: { ...full, sidebarHtml: sidebar?.html }, sidebar }
}

/** The full HTML document of a page, as the build writes it. */
export function pageHtml(props: Partial<PageProps> = {}, config: RuntimeConfig = sampleConfig()): string {
  const { full } = pageProps(props)
  return htmlDocument({
    site: full.site,
    page: full.page,
    body: renderToStaticMarkup(createElement(Page, full)),
    stylesheets: [],
    redirectTo: undefined,
    noIndex: false,
    runtime: { script: '/_docsgen/runtime-TEST.js', config },
  })
}

export type Answer = { status?: number; body: unknown } | Error

export interface RuntimePage {
  readonly window: Window
  readonly document: Document
  readonly platform: Platform
  readonly warnings: string[]
  /** URLs fetched, in order. */
  readonly fetched: string[]
  /** Answers by URL (path and query); a missing one is a 404. */
  readonly answers: Map<string, Answer | (() => Promise<Answer>)>
  /** Modules "imported" by URL. */
  readonly modules: Map<string, unknown>
  close(): Promise<void>
}

export function openRuntimePage(html: string, options: { url?: string; storage?: 'available' | 'blocked'; width?: number } = {}): RuntimePage {
  const window = new Window({
    url: options.url ?? 'http://site.test/docs/Sanctum/Development/Setup%20an%20Apache2%20Server',
    width: options.width ?? 1280,
    height: 800,
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  })
  window.document.write(html)
  const warnings: string[] = []
  const fetched: string[] = []
  const answers = new Map<string, Answer | (() => Promise<Answer>)>()
  const modules = new Map<string, unknown>()
  const warn = (message: string) => void warnings.push(message)
  const unavailable = warnOnce(warn)
  const blocked = () => {
    throw new Error('SecurityError: storage is disabled')
  }
  const platform: Platform = {
    window: window as unknown as globalThis.Window,
    document: window.document as unknown as Document,
    fetch: async (url) => {
      fetched.push(url)
      const entry = answers.get(url) ?? publishedBranches.get(url.slice(url.indexOf('_docsgen/')))
      const answer = typeof entry === 'function' ? await entry() : entry
      if (answer instanceof Error) throw answer
      if (answer === undefined) return new Response('not found', { status: 404 })
      return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status ?? 200 })
    },
    local: createSafeStorage(options.storage === 'blocked' ? blocked : () => window.localStorage as unknown as Storage, unavailable),
    session: createSafeStorage(options.storage === 'blocked' ? blocked : () => window.sessionStorage as unknown as Storage, unavailable),
    warn,
    importModule: async (url) => {
      if (!modules.has(url)) throw new Error(`no module ${url}`)
      return modules.get(url)
    },
  }
  return { window, document: platform.document, platform, warnings, fetched, answers, modules, close: () => window.happyDOM.close() }
}

/** Lets pending promises and their follow-ups run. */
export async function settle(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round++) await new Promise((resolve) => setImmediate(resolve))
}

/** Lets work run until `done()` holds, for work that takes real time (a dynamic import from disk); gives up after `ms`. */
export async function settleUntil(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** A click as a browser dispatches it. */
export function click(page: RuntimePage, element: Element | null, init: { button?: number; ctrlKey?: boolean } = {}): boolean {
  if (!element) throw new Error('click: no element')
  const event = new page.window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })
  return element.dispatchEvent(event as unknown as Event)
}

export function key(page: RuntimePage, target: EventTarget, keyName: string, init: { ctrlKey?: boolean; metaKey?: boolean } = {}): boolean {
  const event = new page.window.KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init })
  return target.dispatchEvent(event as unknown as Event)
}

/**
 * Sidebar lists named by page data made here, by file: every runtime page answers them under
 * any base URL, as the build publishes each branch's list with its pages. A test's own answer wins.
 */
const publishedBranches = new Map<string, Answer>()

/** The page data the build would publish for a page drawn with these props (its sidebar's list is then published too). */
export function pageDataOf(props: Partial<PageProps> = {}, config: RuntimeConfig = sampleConfig(), redirectTo?: string): PageData {
  const { full, sidebar } = pageProps(props)
  if (sidebar) publishedBranches.set(sidebar.branch.file, { body: { format: 1, html: sidebar.branch.html } })
  const route: Route = {
    path: full.page.path,
    kind: redirectTo ? 'redirect' : full.page.kind === 'notFound' ? 'notFound' : full.page.kind,
    title: full.page.title,
    description: full.page.description,
    source: undefined,
    file: 'page.html',
    access: { private: false },
    headings: [],
    sidebar: undefined,
    redirectTo: undefined,
  }
  return createPageData({ route, page: full.page, site: full.site, html: pageHtml(props, config), sidebar, redirectTo, build: config.build })!
}
