/**
 * The docs' tag pages, as Docusaurus makes them: `/docs/tags` lists every tag, `/docs/tags/<tag>`
 * the docs that carry it (its route's title is the tag's label). Only public, listed docs make a tag: a tag written only on private
 * pages is private text, and its page would publish it.
 */
import { slug } from 'github-slugger'
import { posix } from 'node:path'
import type { Access, Route } from '../../shared/manifest.js'
import type { ContentDocument } from '../content/parse-content.js'
import { docsPrefix, outputFileFor, withTrailingSlash } from '../content/route-from-file.js'

/** Adds the tag routes; returns each tag's route by label. */
export function addTagRoutes(
  docs: readonly ContentDocument[],
  docsBase: string,
  trailingSlash: boolean | undefined,
  accessOf: (path: string) => Access,
  table: { readonly addRoute: (route: Route) => void; readonly routes: ReadonlyMap<string, Route> },
): Map<string, string> {
  const tagsPath = withTrailingSlash(`${docsPrefix(docsBase)}/tags`, trailingSlash)
  const tagged = new Map<string, { path: string; routes: string[] }>()
  for (const document of docs) {
    if (document.display.unlisted || accessOf(document.route).private) continue
    for (const tag of document.display.tags) {
      const path = withTrailingSlash(posix.join(tagsPath, tag.permalink ?? slug(tag.label)), trailingSlash)
      const entry = tagged.get(tag.label) ?? { path, routes: [] }
      entry.routes.push(document.route)
      tagged.set(tag.label, entry)
    }
  }
  const paths = new Map<string, string>()
  if (tagged.size === 0) return paths
  const labels = [...tagged.keys()].sort((a, b) => a.localeCompare(b))
  const route = (path: string, title: string, items: string[]) => listRoute(path, 'tags', title, accessOf(path), items)
  for (const label of labels) {
    const { path, routes } = tagged.get(label)!
    table.addRoute(route(path, label, routes))
    // A tag whose page could not be made (its path clashes with another route) is shown without a link.
    if (table.routes.get(path)?.kind === 'tags') paths.set(label, path)
  }
  table.addRoute(route(tagsPath, 'Tags', labels.flatMap((label) => paths.get(label) ?? [])))
  return paths
}

/** A generated page that lists routes: a tags page, or a blog list page. */
export function listRoute(path: string, kind: 'tags' | 'blog', title: string, access: Access, items: readonly string[]): Route {
  return { path, kind, title, description: undefined, source: undefined, file: outputFileFor(path), access, headings: [], sidebar: undefined, redirectTo: undefined, items }
}
