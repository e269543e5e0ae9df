/**
 * A public page that includes a private page's file, or a file under a private path (VitePress's `<!--@include-->`, `<<<`)
 * would publish its text: an error before anything is written, whatever part it includes (the
 * leak search after rendering only knows the private page's title and a few of its sentences).
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Manifest } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/content-document.js'
import type { ParsedContent } from '../content/parse-content.js'
import { accessFor, type CompiledRule } from '../manifest/private-path-rules.js'

export function checkPrivateIncludes(
  manifest: Manifest,
  { documents, assetFiles }: { readonly documents: readonly Pick<ContentDocument, 'file' | 'route' | 'includes'>[]; readonly assetFiles: ParsedContent['assetFiles'] },
  rules: readonly CompiledRule[],
  config: Pick<ResolvedConfig, 'folders' | 'docs' | 'blog'>,
): Diagnostic[] {
  const including = documents.filter((document) => document.includes !== undefined && document.includes.length > 0)
  if (including.length === 0) return []
  const privateSources = new Map<string, string>([
    // Every file beside the pages, whether a page links to it or not: an included one may be linked from nowhere.
    ...assetFiles.filter((asset) => asset.kind === 'asset' && accessFor(asset.path, rules).private).map((asset) => [asset.file, `the private file "${asset.path}"`] as const),
    ...manifest.routes.filter((route) => route.access.private && route.source !== undefined).map((route) => [route.source!, `the source of the private page "${route.path}"`] as const),
  ])
  const isPublic = new Set(manifest.routes.filter((route) => !route.access.private).map((route) => route.path))
  const problems: Diagnostic[] = []
  for (const document of including) {
    if (!isPublic.has(document.route)) continue
    for (const { file, line, column } of document.includes!) {
      const what = privateSources.get(file) ?? privateByPlace(file, config, rules)
      if (what === undefined) continue
      problems.push(
        diagnostic({
          file: document.file,
          ...(line === undefined ? {} : { line, column }),
          ruleId: 'private-leak',
          message: `The public page "${document.route}" includes ${file}, ${what}, and would publish its text`,
          suggestion: 'Move the shared text into a file that is no private page, or make the including page private too.',
        }),
      )
    }
  }
  return problems
}

/**
 * A file that is no page and no published file (a partial named `_…`, a hidden file, a draft,
 * code) is private when the path it would have beside the pages is: `content/docs/Private/_part.md`
 * under `/docs/Private/**`, with or without its extension.
 */
function privateByPlace(file: string, config: Pick<ResolvedConfig, 'folders' | 'docs' | 'blog'>, rules: readonly CompiledRule[]): string | undefined {
  const sections = [
    ...config.docs.versions.map((version) => [version.folder, version.path] as const),
    [config.folders.blog, config.blog.routeBasePath] as const,
    [config.folders.pages, '/'] as const,
  ].filter(([folder]) => folder !== '')
  const within = (folder: string) => folder === '.' || file.startsWith(`${folder}/`)
  const [folder, base] = sections.filter(([folder]) => within(folder)).sort((a, b) => b[0].length - a[0].length)[0] ?? []
  if (folder === undefined || base === undefined) return undefined
  const path = `${base.replace(/\/$/, '')}/${folder === '.' ? file : file.slice(folder.length + 1)}`
  const page = path.replace(/\.mdx?$/, '')
  return accessFor(path, rules).private || accessFor(page, rules).private ? `the private file "${path}"` : undefined
}
