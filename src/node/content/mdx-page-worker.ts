/**
 * The MDX pages' thread: imports each compiled page and renders it to HTML, with Docusaurus's
 * built-in components at hand for pages that use them without importing them, and keeps the
 * HTML in a body file of its own (page-bodies.ts): sent back, a large site's HTML cost this thread
 * and the main one more than writing it. Runs under runUserCode (MDX is the site's code), so a
 * page cannot end, stall or outlive the build.
 */
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { workerData } from 'node:worker_threads'
import { builtInComponents } from '../../client/mdx/built-in-components.js'
import type { DocusaurusSite } from './docusaurus-page-modules.js'
import { createBodyWriter, type PageBody } from './page-bodies.js'
import { cutMdxExcerpt, type PostExcerpt } from './post-excerpt.js'
import type { ModuleLinks } from './mdx-modules.js'
import { describeThrown, thrownAt, userCodeThread } from '../workers/user-code-thread.js'

export interface MdxPageJob {
  readonly siteDir: string
  readonly site: DocusaurusSite
  /** Where bodies are kept; undefined keeps none (a check renders nothing). */
  readonly bodiesDir: string | undefined
  /** `post`: a blog post, whose excerpt is cut at its truncation marker (post-excerpt.ts). `links`: the page's URLs by module, when its module is shared with other pages of its text and reads them (mdx-modules.ts). */
  readonly pages: readonly { readonly file: string; readonly moduleUrl: string; readonly post: boolean; readonly links?: ModuleLinks }[]
}

export type MdxPageAnswer =
  | { readonly file: string; readonly kind: 'ok'; readonly body: PageBody; readonly excerpt?: PostExcerpt }
  | { readonly file: string; readonly kind: 'threw'; readonly message: string; readonly at: ReturnType<typeof thrownAt> }

const job = workerData as MdxPageJob
const thread = userCodeThread<MdxPageAnswer[], string>()
;(globalThis as { __docsgenSite?: DocusaurusSite }).__docsgenSite = job.site
// Started from a function, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
void renderPages()

async function renderPages(): Promise<void> {
  const answers: MdxPageAnswer[] = []
  const bodies = createBodyWriter(job.bodiesDir)
  for (const page of job.pages) {
    thread.step(page.file)
    // Read while the page renders, which is at once (renderToStaticMarkup).
    ;(globalThis as { __docsgenLinks?: ModuleLinks }).__docsgenLinks = page.links
    try {
      const module = (await import(page.moduleUrl)) as { default: ComponentType<{ components: object }> }
      const html = renderToStaticMarkup(createElement(module.default, { components: builtInComponents }))
      const { html: body, excerpt } = page.post ? cutMdxExcerpt(html) : { html, excerpt: undefined }
      answers.push({ file: page.file, kind: 'ok', body: bodies.write(body), ...(excerpt ? { excerpt } : {}) })
    } catch (error) {
      answers.push({ file: page.file, kind: 'threw', message: describeThrown(error), at: thrownAt(error, job.siteDir) })
    }
  }
  bodies.close()
  thread.done(answers)
}
