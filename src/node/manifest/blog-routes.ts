/**
 * The blog's routes, as Docusaurus makes them: each post at its route, the list pages (`/blog`,
 * `/blog/page/2`…, newest first, `postsPerPage` a page), `/blog/archive`, `/blog/tags` and a page per tag,
 * `/blog/authors` and a page per author that asks for one. Lists,
 * tags and previous/next links are made of public, listed posts only: a private post's title
 * or tag on a public page would publish it. A private post is read at its own route, through the gate.
 */
import { slug } from 'github-slugger'
import { posix } from 'node:path'
import type { Diagnostic } from '../../shared/diagnostic.js'
import type { Access, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/parse-content.js'
import { docsPrefix, outputFileFor, withTrailingSlash } from '../content/route-from-file.js'
import { routeDisplay } from './route-display.js'
import { listRoute } from './tag-routes.js'

interface RouteTable {
  readonly addRoute: (route: Route) => void
  readonly routes: ReadonlyMap<string, Route>
}

/** Posts newest first; undated posts last, then by route. */
export function newestFirst(posts: readonly ContentDocument[]): ContentDocument[] {
  return [...posts].sort((a, b) => (b.post?.date ?? '').localeCompare(a.post?.date ?? '') || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
}

/** `docs`: the docs by id, and where problems in the posts' front matter go (routeDisplay). */
export function addBlogRoutes(
  posts: readonly ContentDocument[],
  config: ResolvedConfig,
  accessOf: (path: string) => Access,
  table: RouteTable,
  docs: { readonly byId: ReadonlyMap<string, ContentDocument>; readonly diagnostics: Diagnostic[] },
): void {
  if (posts.length === 0) return
  const { trailingSlash } = config
  const base = docsPrefix(config.blog.routeBasePath)
  const at = (path: string) => withTrailingSlash(path, trailingSlash)
  const sorted = newestFirst(posts)
  const listed = sorted.filter((post) => !post.display.unlisted && !accessOf(post.route).private)
  const tagged = tagsOf(listed, `${base}/tags`, at)
  const tagPaths = new Map([...tagged].map(([label, { path }]) => [label, path]))
  const generated = (path: string, kind: 'blog' | 'tags', title: string, items: readonly string[]) => listRoute(path, kind, title, accessOf(path), items)

  for (const post of sorted) {
    const place = listed.indexOf(post)
    table.addRoute({
      path: post.route,
      kind: 'post',
      title: post.title,
      description: post.description,
      source: post.file,
      file: outputFileFor(post.route),
      access: accessOf(post.route),
      headings: post.headings,
      sidebar: undefined,
      redirectTo: undefined,
      // The newer post before it, the older after; none for a post that is not listed. Its date groups the blog sidebar by year.
      display: {
        ...routeDisplay(post, docs.byId, tagPaths, docs.diagnostics),
        previous: place === -1 ? null : (listed[place - 1]?.route ?? null),
        next: place === -1 ? null : (listed[place + 1]?.route ?? null),
        date: post.post?.date,
      },
    })
  }
  const perPage = config.blog.postsPerPage
  const pages = Math.max(1, Math.ceil(listed.length / perPage))
  for (let page = 1; page <= pages; page++) {
    const path = at(page === 1 ? base || '/' : `${base}/page/${page}`)
    const list = generated(path, 'blog', config.blog.blogTitle, listed.slice((page - 1) * perPage, page * perPage).map((post) => post.route))
    table.addRoute({ ...list, description: config.blog.blogDescription })
  }
  // Every listed post by year, as Docusaurus's archive page lists them.
  table.addRoute(generated(at(`${base}/archive`), 'blog', 'Archive', listed.map((post) => post.route)))
  addAuthorRoutes(listed, `${base}/authors`, at, (path, kind, title, items) => table.addRoute(generated(path, kind, title, items)))
  if (tagged.size === 0) return
  const labels = [...tagged.keys()].sort((a, b) => a.localeCompare(b))
  for (const label of labels) {
    const { path, routes } = tagged.get(label)!
    table.addRoute(generated(path, 'blog', label, routes))
  }
  table.addRoute(generated(at(`${base}/tags`), 'tags', 'Tags', labels.map((label) => tagged.get(label)!.path)))
}

/** Each author with a page (authors.yml `page`) gets `/blog/authors/<page>` listing their posts; `/blog/authors` lists them. */
function addAuthorRoutes(listed: readonly ContentDocument[], authorsPath: string, at: (path: string) => string, add: (path: string, kind: 'blog' | 'tags', title: string, items: readonly string[]) => void): void {
  const byPage = new Map<string, { name: string; routes: string[] }>()
  for (const post of listed)
    for (const author of post.post?.authors ?? []) {
      if (typeof author === 'string' || author.page === undefined) continue
      const entry = byPage.get(author.page) ?? { name: author.name ?? author.page, routes: [] }
      entry.routes.push(post.route)
      byPage.set(author.page, entry)
    }
  if (byPage.size === 0) return
  const pages = [...byPage.keys()].sort((a, b) => a.localeCompare(b))
  for (const page of pages) add(at(`${authorsPath}/${page}`), 'blog', byPage.get(page)!.name, byPage.get(page)!.routes)
  add(at(authorsPath), 'tags', 'Authors', pages.map((page) => at(`${authorsPath}/${page}`)))
}

function tagsOf(listed: readonly ContentDocument[], tagsPath: string, at: (path: string) => string): Map<string, { path: string; routes: string[] }> {
  const tagged = new Map<string, { path: string; routes: string[] }>()
  for (const post of listed)
    for (const tag of post.display.tags) {
      const entry = tagged.get(tag.label) ?? { path: at(posix.join(tagsPath, tag.permalink ?? slug(tag.label))), routes: [] }
      entry.routes.push(post.route)
      tagged.set(tag.label, entry)
    }
  return tagged
}
