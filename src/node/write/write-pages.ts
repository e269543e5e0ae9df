/**
 * Every page into the staging folders, written as it is rendered (by any thread), so a build
 * never holds the whole site in memory. Large sites render on several threads, split by body
 * size; component pages render on their own thread (see load-component-pages.ts) while this one
 * renders the rest.
 */
import { availableParallelism } from 'node:os'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Route } from '../../shared/manifest.js'
import { pageDataFile, type PageData, type SidebarData } from '../../shared/page-data.js'
import { pushAll } from '../../shared/push-all.js'
import { renderComponentPages, type ComponentPages } from '../content/load-component-pages.js'
import { bodySize, emptyBody } from '../content/page-bodies.js'
import { renderPages, type RenderInput } from '../render/render-pages.js'
import { createPageViews } from '../render/page-views.js'
import type { SidebarBranch } from '../render/sidebar-markup.js'
import { findLeaks } from '../validate/find-private-leaks.js'
import { runInWorker, siblingModule } from '../workers/run-in-worker.js'
import { createFileWriter } from './write-site.js'

/** The staging folders pages are written to. */
export interface PageFolders {
  readonly publicDir: string
  readonly privateDir: string
}

export interface WrittenPages {
  readonly bytes: number
  /** Every page and page data file written, relative to its folder: the rest of a reused staging folder is swept. */
  readonly written: { readonly public: readonly string[]; readonly private: readonly string[]; readonly data: readonly string[] }
  readonly diagnostics: readonly Diagnostic[]
}

/** What a page thread receives: the input, the folders and the routes it renders. */
export type WritePagesJob = RenderInput & PageFolders & { readonly routes: readonly string[] }

// As for parsing (see parse-content.ts): a worker's start-up only pays off on large sites.
const routesPerThreadMinimum = 2500

export async function writePages(
  { components, ...input }: RenderInput & { readonly components: ComponentPages },
  folders: PageFolders,
  options: { threads?: number } = {},
): Promise<WrittenPages> {
  const componentRoutes = new Set(input.documents.filter((document) => document.kind === 'component-page').map((document) => document.route))
  const pending = renderComponentPages(components, createPageViews(input.manifest, input.config).site, input.config.baseUrl)
  const rest = await writeAll(input, folders, input.manifest.routes.filter((route) => !componentRoutes.has(route.path)), options)
  const rendered = await pending
  const documents = input.documents.map((document) =>
    document.kind === 'component-page' ? { ...document, body: { html: rendered.html.get(document.file) ?? '' }, description: rendered.descriptions.get(document.file) } : document,
  )
  const pages = writeRoutes({ ...input, documents }, folders, [...componentRoutes])
  return merge([{ ...pages, diagnostics: [...rendered.diagnostics, ...pages.diagnostics] }, rest])
}

/** The render stage's line. */
export function describePages(pages: WrittenPages): string {
  return `${pages.written.public.length} public pages, ${pages.written.private.length} private`
}

/** Renders and writes the given routes (default: all) on this thread. */
export function writeRoutes(input: RenderInput, folders: PageFolders, routes?: readonly string[]): WrittenPages {
  const publicWriter = createFileWriter(folders.publicDir)
  const privateWriter = createFileWriter(folders.privateDir)
  const dataWriter = createFileWriter(folders.publicDir)
  const dataProblems: Diagnostic[] = []
  const writeData = (file: string, content: string) => {
    pushAll(dataProblems, findLeaks(file, content, input.probes))
    dataWriter.write(file, content)
  }
  // Each branch's list once per thread; threads that share a branch write the same bytes to it.
  const branches = new Set<string>()
  const data = (page: PageData, sidebar: SidebarBranch | undefined) => {
    const file = pageDataFile(page.path)
    if (file === undefined) throw new Error(`writeRoutes: "${page.path}" is not a route path`)
    writeData(file, JSON.stringify(page))
    if (sidebar === undefined || branches.has(sidebar.file)) return
    branches.add(sidebar.file)
    writeData(sidebar.file, JSON.stringify({ format: 1, html: sidebar.html } satisfies SidebarData))
  }
  const diagnostics = renderPages(input, routes, { public: publicWriter.write, private: privateWriter.write, data })
  return {
    bytes: publicWriter.written().bytes + dataWriter.written().bytes,
    written: { public: publicWriter.written().paths, private: privateWriter.written().paths, data: dataWriter.written().paths },
    diagnostics: [...diagnostics, ...dataProblems],
  }
}

async function writeAll(input: RenderInput, folders: PageFolders, routes: readonly Route[], options: { threads?: number }): Promise<WrittenPages> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.floor(routes.length / routesPerThreadMinimum) || 1))
  if (threads === 1 && options.threads === undefined) return writeRoutes(input, folders, routes.map((route) => route.path))

  const documents = new Map(input.documents.map((document) => [document.route, document]))
  const shares: string[][] = Array.from({ length: options.threads ?? threads }, () => [])
  const sizes = shares.map(() => 0)
  const weight = (path: string) => bodySize(documents.get(path)?.body ?? emptyBody) + 4000
  for (const route of [...routes].sort((a, b) => weight(b.path) - weight(a.path))) {
    const smallest = sizes.indexOf(Math.min(...sizes))
    shares[smallest]!.push(route.path)
    sizes[smallest]! += weight(route.path)
  }
  const [own = [], ...others] = shares
  // Start the workers before rendering this thread's share, so they run at the same time.
  const pending = others.map((share) =>
    runInWorker<WrittenPages>(siblingModule('write-pages-worker', import.meta.url), {
      ...input,
      ...folders,
      documents: share.flatMap((path) => documents.get(path) ?? []),
      routes: share,
    } satisfies WritePagesJob),
  )
  return merge([writeRoutes(input, folders, own), ...(await Promise.all(pending))])
}

function merge(results: readonly WrittenPages[]): WrittenPages {
  return {
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    written: {
      public: results.flatMap((result) => result.written.public),
      private: results.flatMap((result) => result.written.private),
      data: results.flatMap((result) => result.written.data),
    },
    diagnostics: results.flatMap((result) => result.diagnostics),
  }
}
