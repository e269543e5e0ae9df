/**
 * Standalone pages written as React components (`content/pages/*.tsx`): compiled with esbuild,
 * imported once, and checked to have a default export (spec 000 §8: a page lacking one is an error).
 */
import { build } from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ComponentType } from 'react'
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { ComponentPageProps } from '../../shared/page-view.js'
import type { ContentDocument } from './parse-content.js'

export type PageComponent = ComponentType<ComponentPageProps>

export async function loadComponentPages(
  siteDir: string,
  documents: readonly ContentDocument[],
  cacheDir: string,
): Promise<{ components: Map<string, PageComponent>; diagnostics: Diagnostic[] }> {
  const components = new Map<string, PageComponent>()
  const diagnostics: Diagnostic[] = []
  const pages = documents.filter((document) => document.kind === 'component-page')
  if (pages.length === 0) return { components, diagnostics }

  await mkdir(cacheDir, { recursive: true })
  for (const page of pages) {
    let code: string
    try {
      const result = await build({
        entryPoints: [join(siteDir, page.file)],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        jsx: 'automatic',
        packages: 'external',
        logLevel: 'silent',
      })
      code = result.outputFiles[0]!.text
    } catch (error) {
      for (const message of (error as { errors?: import('esbuild').Message[] }).errors ?? [])
        diagnostics.push(
          diagnostic({
            file: page.file,
            line: message.location?.line,
            column: message.location ? message.location.column + 1 : undefined,
            ruleId: 'page-render-failed',
            message: `Cannot compile the page: ${message.text}`,
          }),
        )
      continue
    }
    // Written inside the site so `react` resolves from the site's node_modules, as it would for the author.
    const compiled = join(cacheDir, `${page.relative.replace(/[^\w.-]+/g, '_')}.${Date.now()}.mjs`)
    await writeFile(compiled, code)
    try {
      const module = (await import(pathToFileURL(compiled).href)) as { default?: unknown }
      if (typeof module.default !== 'function')
        diagnostics.push(
          diagnostic({
            file: page.file,
            line: 1,
            column: 1,
            ruleId: 'page-default-export',
            message: 'The page has no default export, so there is nothing to render',
            suggestion: 'Export the page component as the default: `export default function Page() { … }`.',
          }),
        )
      else components.set(page.file, module.default as PageComponent)
    } catch (error) {
      diagnostics.push(
        diagnostic({ file: page.file, ruleId: 'page-render-failed', message: `The page threw while loading: ${(error as Error).message}` }),
      )
    } finally {
      await rm(compiled, { force: true })
    }
  }
  return { components, diagnostics }
}
