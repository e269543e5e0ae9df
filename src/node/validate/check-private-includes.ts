/**
 * A public page that includes a private page's file, or a file under a private path (VitePress's `<!--@include-->`, `<<<`, an
 * MDX import) would publish its text, and a private page that includes one its readers' groups
 * may not read would show it to them: an error before anything is written, whatever part it
 * includes (the leak search after rendering only knows the private page's title and a few of its sentences).
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import type { Access, Manifest } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/content-document.js'
import type { ParsedContent } from '../content/parse-content.js'
import { accessFor, type CompiledRule } from '../manifest/private-path-rules.js'
import { hasGroups } from '../../shared/has-groups.js'

export function checkPrivateIncludes(
  manifest: Manifest,
  { documents, assetFiles }: { readonly documents: readonly Pick<ContentDocument, 'file' | 'route' | 'includes'>[]; readonly assetFiles: ParsedContent['assetFiles'] },
  rules: readonly CompiledRule[],
  config: Pick<ResolvedConfig, 'folders' | 'docs' | 'blog'>,
): Diagnostic[] {
  const including = documents.filter((document) => document.includes !== undefined && document.includes.length > 0)
  if (including.length === 0) return []
  const privateSources = new Map<string, PrivateSource>([
    // Every file beside the pages, whether a page links to it or not: an included one may be linked from nowhere.
    ...assetFiles.flatMap((asset) => {
      const access = asset.kind === 'asset' ? accessFor(asset.path, rules) : undefined
      return access?.private ? [[asset.file, { what: `the private file "${asset.path}"`, groups: access.groups }] as const] : []
    }),
    ...manifest.routes.flatMap((route) => (route.access.private && route.source !== undefined ? [[route.source, { what: `the source of the private page "${route.path}"`, groups: route.access.groups }] as const] : [])),
  ])
  const accessOf = new Map(manifest.routes.map((route) => [route.path, route.access]))
  const problems: Diagnostic[] = []
  for (const document of including) {
    const access = accessOf.get(document.route)
    if (access === undefined) continue
    for (const { file, line, column } of document.includes!) {
      const source = privateSources.get(file) ?? privateByPlace(file, config, rules)
      if (source === undefined || mayRead(access, source.groups)) continue
      problems.push(
        diagnostic({
          file: document.file,
          ...(line === undefined ? {} : { line, column }),
          ruleId: 'private-leak',
          message: access.private
            ? `The private page "${document.route}" (for ${groupsText(access.groups)}) includes ${file}, ${source.what} (for ${groupsText(source.groups)}), and would show its text to readers who may not read it`
            : `The public page "${document.route}" includes ${file}, ${source.what}, and would publish its text`,
          suggestion: access.private
            ? 'Move the shared text into a file both sets of readers may read, or give the including page the same groups.'
            : 'Move the shared text into a file that is no private page, or make the including page private too.',
        }),
      )
    }
  }
  return problems
}

interface PrivateSource {
  readonly what: string
  /** The groups a reader needs, all of them (none: any signed-in reader). */
  readonly groups: readonly string[]
}

/** Whether every reader of a page with `access` may read a private source needing `groups`. */
function mayRead(access: Access, groups: readonly string[]): boolean {
  return access.private && hasGroups(access.groups, groups)
}

function groupsText(groups: readonly string[]): string {
  return groups.length === 0 ? 'any signed-in reader' : `readers in ${groups.map((group) => `"${group}"`).join(' and ')}`
}

/**
 * A file that is no page and no published file (a partial named `_…`, a hidden file, a draft,
 * code) is private when the path it would have beside the pages is: `content/docs/Private/_part.md`
 * under `/docs/Private/**`, with or without its extension.
 */
function privateByPlace(file: string, config: Pick<ResolvedConfig, 'folders' | 'docs' | 'blog'>, rules: readonly CompiledRule[]): PrivateSource | undefined {
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
  const found = [accessFor(path, rules), accessFor(page, rules)].flatMap((access) => (access.private ? [access.groups] : []))
  return found.length === 0 ? undefined : { what: `the private file "${path}"`, groups: [...new Set(found.flat())] }
}
