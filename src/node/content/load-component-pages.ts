/**
 * Standalone pages written as React components (`content/pages/*.tsx`): compiled with esbuild,
 * checked to have a default export (spec 000 §8: a page lacking one is an error), and rendered to
 * HTML. Loading and rendering run the site's code, so they happen on a thread of their own with a
 * time limit (see run-user-code.ts); only HTML comes back. A build loads and renders each page on
 * one thread, at the render stage; `check`, which renders nothing, loads them at the content
 * stage instead, so that a page that throws or stalls while loading fails it too.
 */
import { build } from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { SiteView } from '../../shared/page-view.js'
import { pushAll } from '../../shared/push-all.js'
import { checkBundleSources } from '../files/check-bundle-sources.js'
import { siblingModule } from '../workers/run-in-worker.js'
import { runUserCode, userCodeMemoryLimitMb, type UserCodeOutcome } from '../workers/run-user-code.js'
import { describeThrown, thrownAt } from '../workers/user-code-thread.js'
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
  try {
    const result = await build({
      entryPoints: [join(siteDir, file)],
      // Not written: named so that source map paths are relative to where the copy is imported from.
      outfile: join(cacheDir, 'page.mjs'),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      logLevel: 'silent',
      sourcemap: 'inline',
      metafile: true,
    })
    const unreadable = checkBundleSources(result.metafile, siteDir, '')
    pushAll(diagnostics, unreadable)
    // Known without running the page: whether it has a default export at all.
    const hasDefault = Object.values(result.metafile.outputs).some((output) => output.exports.includes('default'))
    if (!hasDefault) diagnostics.push(noDefaultExport(file))
    return unreadable.length === 0 && hasDefault ? result.outputFiles[0]!.text : undefined
  } catch (error) {
    for (const message of (error as { errors?: import('esbuild').Message[] }).errors ?? [])
      diagnostics.push(
        diagnostic({
          file,
          line: message.location?.line,
          column: message.location ? message.location.column + 1 : undefined,
          ruleId: 'page-render-failed',
          message: `Cannot compile the page: ${message.text}`,
        }),
      )
    return undefined
  }
}

/** Loads (and renders, with `render`) the pages on their thread; problems go to `diagnostics`. */
async function runPages(components: ComponentPages, render: ComponentPageJob['render'], diagnostics: Diagnostic[]): Promise<ComponentPageAnswer[]> {
  await mkdir(components.cacheDir, { recursive: true })
  const stamp = `${Date.now()}-${process.pid}`
  const pages = components.pages.map((page) => ({ file: page.file, path: join(components.cacheDir, `${page.relative.replace(/[^\w.-]+/g, '_')}.${stamp}.mjs`) }))
  try {
    for (const [index, page] of pages.entries()) await writeFile(page.path, components.pages[index]!.code)
    const job: ComponentPageJob = { siteDir: components.siteDir, pages: pages.map((page) => ({ file: page.file, moduleUrl: pathToFileURL(page.path).href })), render }
    const outcome = await runUserCode<ComponentPageAnswer[], ComponentPageStep>(siblingModule('component-page-worker', import.meta.url), job, components.timeLimitMs)
    if (outcome.kind !== 'done') {
      diagnostics.push(failureDiagnostic(outcome, components))
      return []
    }
    for (const answer of outcome.result) if (answer.kind !== 'ok') diagnostics.push(answerDiagnostic(answer))
    return outcome.result
  } finally {
    await Promise.all(pages.map((page) => rm(page.path, { force: true })))
  }
}

function noDefaultExport(file: string): Diagnostic {
  return diagnostic({
    file,
    line: 1,
    column: 1,
    ruleId: 'page-default-export',
    message: 'The page has no default export, so there is nothing to render',
    suggestion: 'Export the page component as the default: `export default function Page() { … }`.',
  })
}

function answerDiagnostic(answer: Exclude<ComponentPageAnswer, { kind: 'ok' }>): Diagnostic {
  if (answer.kind === 'no-default-export') return noDefaultExport(answer.file)
  const place = answer.at?.file === answer.file ? { line: answer.at.line, column: answer.at.column } : {}
  return diagnostic({ file: answer.file, ...place, ruleId: 'page-render-failed', message: `The page threw while ${answer.action}: ${answer.message}` })
}

/** The page thread stopped: a page ran past the time or memory limit, ended the thread, or threw from a timer. */
function failureDiagnostic(outcome: Exclude<UserCodeOutcome<unknown, ComponentPageStep>, { kind: 'done' }>, components: ComponentPages): Diagnostic {
  const file = outcome.step?.file ?? components.pages[0]!.file
  const action = outcome.step?.action ?? 'loading'
  const suggestion = 'A page must load and render in moments, without ending the process or throwing later.'
  if (outcome.kind === 'timed-out')
    return diagnostic({ file, ruleId: 'page-render-failed', message: `The page did not finish ${action} within ${components.timeLimitMs / 1000} s`, suggestion })
  if (outcome.kind === 'out-of-memory')
    return diagnostic({ file, ruleId: 'page-render-failed', message: `The page used more than ${userCodeMemoryLimitMb} MB of memory while ${action}`, suggestion })
  if (outcome.kind === 'threw') {
    const at = thrownAt(outcome.error, components.siteDir)
    const place = at?.file === file ? { line: at.line, column: at.column } : {}
    return diagnostic({ file, ...place, ruleId: 'page-render-failed', message: `The page threw while ${action}: ${describeThrown(outcome.error)}`, suggestion })
  }
  const message = outcome.exitCalled ? `The page called process.exit(${outcome.code}) while ${action}` : `The page stopped its thread while ${action}`
  return diagnostic({ file, ruleId: 'page-render-failed', message, suggestion })
}
