/**
 * The thread of a Docusaurus site's React pages: imports each compiled page and renders it once
 * to static HTML, with the site and the page's route where the Docusaurus stand-ins read them
 * (docusaurus-page-modules.ts). Runs under runUserCode, so a page cannot end, stall or outlive
 * the build.
 */
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { workerData } from 'node:worker_threads'
import { describeThrown, thrownAt, userCodeThread } from '../workers/user-code-thread.js'
import type { DocusaurusPageGlobals } from './docusaurus-page-modules.js'
import { isComponent } from './is-component.js'

export interface ReactPageJob {
  readonly siteDir: string
  readonly site: DocusaurusPageGlobals['__docsgenSite']
  readonly pages: readonly { readonly file: string; readonly route: string; readonly moduleUrl: string }[]
}

export interface RenderedReactPage {
  readonly html: string
  readonly title: string | undefined
  readonly description: string | undefined
  /** The links the page draws with `Link` or a plain `<a>`, as written. */
  readonly links: readonly string[]
  /** The anchors links may name: every id it draws, and those it collects with `useBrokenLinks` (drawn only in the browser). */
  readonly anchors: readonly string[]
}

export type ReactPageAnswer =
  | { readonly file: string; readonly kind: 'ok'; readonly page: RenderedReactPage }
  | { readonly file: string; readonly kind: 'no-default-export' }
  | { readonly file: string; readonly kind: 'threw'; readonly message: string; readonly at: ReturnType<typeof thrownAt> }

const job = workerData as ReactPageJob
const thread = userCodeThread<ReactPageAnswer[], string>()
const globals = globalThis as unknown as DocusaurusPageGlobals
Object.assign(globals, { __docsgenSite: job.site })
// Started from a function, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
void renderPages()

async function renderPages(): Promise<void> {
  const answers: ReactPageAnswer[] = []
  for (const page of job.pages) answers.push(await renderPage(page))
  thread.done(answers)
}

async function renderPage({ file, route, moduleUrl }: ReactPageJob['pages'][number]): Promise<ReactPageAnswer> {
  thread.step(file)
  try {
    const module = (await import(moduleUrl)) as { default?: unknown }
    if (!isComponent(module.default)) return { file, kind: 'no-default-export' }
    const drawn: DocusaurusPageGlobals['__docsgenPage'] = { route, links: [], anchors: [] }
    globals.__docsgenPage = drawn
    // Docusaurus gives a page the site config as its `config` prop.
    const html = renderToStaticMarkup(createElement(module.default as ComponentType<{ config: object }>, { config: job.site.siteConfig }))
    return { file, kind: 'ok', page: { html, title: drawn.title, description: drawn.description, links: drawn.links, anchors: [...drawnIds(html), ...drawn.anchors] } }
  } catch (error) {
    return { file, kind: 'threw', message: describeThrown(error), at: thrownAt(error, job.siteDir) }
  }
}

/** The ids of the elements in React's markup (its attributes are always double-quoted, with `&`, `"`, `<`, `>` and `'` escaped). */
function drawnIds(html: string): string[] {
  const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#x27;': "'" }
  return [...html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)].map((match) => match[1]!.replace(/&(?:amp|quot|lt|gt|#x27);/g, (entity) => entities[entity]!)).filter((id) => id !== '')
}
