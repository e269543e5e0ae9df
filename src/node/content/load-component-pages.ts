/**
 * Standalone pages written as React components (`content/pages/*.tsx`): compiled with esbuild,
 * checked to have a default export (a page lacking one is an error), and rendered to
 * HTML. Loading and rendering run the site's code, so they happen on a thread of their own with a
 * time limit (see run-user-code.ts); only HTML comes back. A build loads and renders each page on
 * one thread, at the render stage; `check`, which renders nothing, loads them at the content
 * stage instead, so that a page that throws or stalls while loading fails it too.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { SiteView } from '../../shared/page-view.js'
import { pushAll } from '../../shared/push-all.js'
import { compileUserModule, runCompiledModules } from '../workers/compile-user-module.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { userCodeFailure } from '../workers/user-code-failure.js'
import { noDefaultExport } from './no-default-export.js'
import type { ComponentPageAnswer, ComponentPageJob, ComponentPageStep } from './component-page-worker.js'
import type { ContentDocument } from './parse-content.js'

/** The component pages that compiled (and, when asked to load them, loaded), ready to render. */
export interface ComponentPages {
  readonly siteDir: string
  /** Where compiled pages are written to be imported: inside the site, so `react` resolves from its node_modules. */
  readonly cacheDir: string
  readonly timeLimitMs: number
  readonly pages: readonly { readonly file: string; readonly relative: string; readonly code: string }[]
}

export async function loadComponentPages(
  siteDir: string,
  documents: readonly ContentDocument[],
  cacheDir: string,
  options: { readonly timeLimitMs: number; readonly load: boolean },
): Promise<{ components: ComponentPages; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = []
  const compiled: { file: string; relative: string; code: string }[] = []
  for (const page of documents.filter((document) => document.kind === 'component-page')) {
    const code = await compilePage(siteDir, page.file, cacheDir, diagnostics)
    if (code !== undefined) compiled.push({ file: page.file, relative: page.relative, code })
  }
  const loaded = { siteDir, cacheDir, timeLimitMs: options.timeLimitMs, pages: compiled }
  if (compiled.length === 0 || !options.load) return { components: loaded, diagnostics }
  const answers = await runPages(loaded, undefined, diagnostics)
  const ok = new Set(answers.filter((answer) => answer.kind === 'ok').map((answer) => answer.file))
  return { components: { ...loaded, pages: compiled.filter((page) => ok.has(page.file)) }, diagnostics }
}

/** Renders every loaded component page with its props; HTML by source file. */
export async function renderComponentPages(
  components: ComponentPages,
  site: SiteView,
  baseUrl: string,
): Promise<{ html: Map<string, string>; descriptions: Map<string, string>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = []
  const html = new Map<string, string>()
  const descriptions = new Map<string, string>()
  if (components.pages.length === 0) return { html, descriptions, diagnostics }
  for (const answer of await runPages(components, { site, baseUrl }, diagnostics)) {
    if (answer.kind !== 'ok') continue
    html.set(answer.file, answer.html)
    if (answer.description !== undefined) descriptions.set(answer.file, answer.description)
  }
  return { html, descriptions, diagnostics }
}

async function compilePage(siteDir: string, file: string, cacheDir: string, diagnostics: Diagnostic[]): Promise<string | undefined> {
  const compiled = await compileUserModule({
    siteDir,
    file,
    outfile: join(cacheDir, 'page.mjs'),
    subject: 'the page',
    ruleId: 'page-render-failed',
    options: { jsx: 'automatic', packages: 'external' },
  })
  pushAll(diagnostics, compiled.diagnostics)
  if (compiled.code === undefined) return undefined
  // Known without running the page: whether it has a default export at all.
  const hasDefault = Object.values(compiled.metafile.outputs).some((output) => output.exports.includes('default'))
  if (!hasDefault) diagnostics.push(noDefaultExport(file))
  return hasDefault ? compiled.code : undefined
}

/** Loads (and renders, with `render`) the pages on their thread; problems go to `diagnostics`. */
async function runPages(components: ComponentPages, render: ComponentPageJob['render'], diagnostics: Diagnostic[]): Promise<ComponentPageAnswer[]> {
  await mkdir(components.cacheDir, { recursive: true })
  const stamp = `${Date.now()}-${process.pid}`
  const modules = components.pages.map((page) => ({ path: join(components.cacheDir, `${page.relative.replace(/[^\w.-]+/g, '_')}.${stamp}.mjs`), code: page.code }))
  const job = (moduleUrls: readonly string[]): ComponentPageJob => ({ siteDir: components.siteDir, pages: components.pages.map((page, index) => ({ file: page.file, moduleUrl: moduleUrls[index]! })), render })
  const outcome = await runCompiledModules<ComponentPageAnswer[], ComponentPageStep>(modules, siblingModule('component-page-worker', import.meta.url), job, components.timeLimitMs)
  if (outcome.kind !== 'done') {
    const file = outcome.step?.file ?? components.pages[0]!.file
    const suggestion = 'A page must load and render in moments, without ending the process or throwing later.'
    const action = outcome.step?.action ?? 'loading'
    diagnostics.push(
      userCodeFailure(outcome, { siteDir: components.siteDir, file, subject: 'The page', action, timeLimitMs: components.timeLimitMs, ruleId: 'page-render-failed', stopped: `The page stopped its thread while ${action}`, throwsAt: 'this-file', suggestion: () => suggestion }),
    )
    return []
  }
  for (const answer of outcome.result) if (answer.kind !== 'ok') diagnostics.push(answerDiagnostic(answer))
  return outcome.result
}

function answerDiagnostic(answer: Exclude<ComponentPageAnswer, { kind: 'ok' }>): Diagnostic {
  if (answer.kind === 'no-default-export') return noDefaultExport(answer.file)
  const place = answer.at?.file === answer.file ? { line: answer.at.line, column: answer.at.column } : {}
  return diagnostic({ file: answer.file, ...place, ruleId: 'page-render-failed', message: `The page threw while ${answer.action}: ${answer.message}` })
}
