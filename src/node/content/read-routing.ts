/**
 * A doc's id, slug and draft flag, read from its front matter before any page is parsed: routes
 * depend on them, and links are rewritten to routes while pages are parsed. Read with the same
 * reader as the rest of the front matter (its problems are reported once, by the full read); a
 * slug whose route would not be a path of portable names is reported here and ignored.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'
import { misreadRouteProblem } from '../../shared/canonical-path.js'
import { routePathProblem } from '../../shared/portable-path.js'
import { pushAll } from '../../shared/push-all.js'
import { frontMatterNode } from './markdown-to-mdast.js'
import { readFrontMatter, type FrontMatter } from './read-front-matter.js'
import type { ContentFile } from './read-content.js'
import { routeFromFile } from './route-from-file.js'

export type Routing = Pick<FrontMatter, 'id' | 'slug' | 'draft' | 'unlisted'>

// Most pages set none of these: their front matter is not read twice.
const routingKey = /^(?:id|slug|draft|unlisted)[ \t]*:/m

export function readRouting(file: ContentFile, source: string, docsBase: string, buildsDrafts: boolean, diagnostics: Diagnostic[], blogBase?: string): Routing | undefined {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
  const found = frontMatterNode(text)
  if (!found || !routingKey.test(found.node.value)) return undefined
  const problems: Diagnostic[] = []
  const { id, slug, draft, unlisted } = readFrontMatter({ type: 'root', children: [found.node] }, file.file, problems)
  // A draft's page is not parsed in this build: its front matter problems are reported now.
  if (draft && !buildsDrafts) pushAll(diagnostics, problems)
  // A key whose route would not do is reported at its line, and left out.
  const refuse = (key: 'id' | 'slug', route: string, problem: string, suggestion: string) => {
    const line = text.slice(0, found.length).split('\n').findIndex((candidate) => new RegExp(`^${key}[ \\t]*:`).test(candidate))
    const column = new RegExp(`^${key}[ \\t]*:[ \\t]*`).exec(text.split('\n')[line] ?? '')?.[0].length ?? 0
    const place = line === -1 ? {} : { line: line + 1, column: column + 1 }
    diagnostics.push(diagnostic({ file: file.file, ...place, ruleId: 'front-matter-invalid', message: `Front matter "${key}" would put the page at "${route}", which ${problem}`, suggestion }))
  }
  if (slug === undefined) {
    // A doc's id names its path too ("c#" would put it at ".../c").
    const route = id === undefined || file.kind !== 'doc' ? undefined : routeFromFile(file, docsBase, { id, slug }, blogBase)!
    const misread = route === undefined ? undefined : misreadRouteProblem(route)
    if (misread === undefined) return { id, slug, draft, unlisted }
    refuse('id', route!, misread, 'Write an id of plain names, without "#", "?" or "%".')
    return { id: undefined, slug, draft, unlisted }
  }
  const route = routeFromFile(file, docsBase, { id, slug }, blogBase)!
  const problem = routePathProblem(route) ?? misreadRouteProblem(route)
  if (problem === undefined) return { id, slug, draft, unlisted }
  refuse('slug', route, problem, file.kind === 'post' ? 'Write a slug of plain names, such as "welcome" (under the blog\'s route).' : 'Write a slug of plain names, such as "/guides/setup" (from the docs root) or "setup" (beside the file).')
  return { id, slug: undefined, draft, unlisted }
}
