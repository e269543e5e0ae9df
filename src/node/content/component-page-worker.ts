/**
 * The component pages' thread: imports each compiled page, checks it default-exports a
 * component and, when asked, renders it to HTML with the props it gets ({ site, href }). Runs
 * under runUserCode, so a page cannot end, stall or outlive the build.
 */
import { createElement, type ComponentType, type ReactElement } from 'react'
import { workerData } from 'node:worker_threads'
import { siteHref } from '../../shared/canonical-path.js'
import type { ComponentPageProps, SiteView } from '../../shared/page-view.js'
import { describeThrown, thrownAt, userCodeThread } from '../workers/user-code-thread.js'
import { isComponent } from './is-component.js'

export interface ComponentPageJob {
  readonly siteDir: string
  /** Each page's source file (site-relative) and compiled module. */
  readonly pages: readonly { readonly file: string; readonly moduleUrl: string }[]
  /** Render too, with these props; otherwise only load and check each page. */
  readonly render?: { readonly site: SiteView; readonly baseUrl: string }
}

export type ComponentPageStep = { readonly file: string; readonly action: 'loading' | 'rendering' }

export type ComponentPageAnswer =
  | { readonly file: string; readonly kind: 'ok'; readonly html: string; readonly description?: string }
  | { readonly file: string; readonly kind: 'no-default-export' }
  | { readonly file: string; readonly kind: 'threw'; readonly action: 'loading' | 'rendering'; readonly message: string; readonly at: ReturnType<typeof thrownAt> }

const job = workerData as ComponentPageJob
const thread = userCodeThread<ComponentPageAnswer[], ComponentPageStep>()
// Started from a function, not at the module's top level: Node 24 (V8) aborts the process when a
// worker ends while its entry module, bundled in dist/bin, is still evaluating asynchronously.
void runPages()

async function runPages(): Promise<void> {
  const renderToStaticMarkup = job.render ? (await import('react-dom/server')).renderToStaticMarkup : undefined
  const answers: ComponentPageAnswer[] = []
  for (const page of job.pages) answers.push(await runPage(page.file, page.moduleUrl, renderToStaticMarkup))
  thread.done(answers)
}

async function runPage(file: string, moduleUrl: string, renderToStaticMarkup: ((element: ReactElement) => string) | undefined): Promise<ComponentPageAnswer> {
  let action: ComponentPageStep['action'] = 'loading'
  try {
    thread.step({ file, action })
    const module = (await import(moduleUrl)) as { default?: unknown; description?: unknown }
    if (!isComponent(module.default)) return { file, kind: 'no-default-export' }
    if (!renderToStaticMarkup || !job.render) return { file, kind: 'ok', html: '' }
    action = 'rendering'
    thread.step({ file, action })
    const { site, baseUrl } = job.render
    const props: ComponentPageProps = { site, href: (path, hash) => siteHref(baseUrl, path, hash) }
    const html = renderToStaticMarkup(createElement(module.default as ComponentType<ComponentPageProps>, props))
    // `export const description = '…'`: the page's own description for its head.
    return typeof module.description === 'string' ? { file, kind: 'ok', html, description: module.description } : { file, kind: 'ok', html }
  } catch (error) {
    return { file, kind: 'threw', action, message: describeThrown(error), at: thrownAt(error, job.siteDir) }
  }
}
