/**
 * The blog's sidebar, as Docusaurus shows it beside its posts, list pages, tag pages and author
 * pages (not the archive): the `blogSidebarCount` most recent posts under `blogSidebarTitle`.
 * Its posts are the archive's, the blog's one list of every public, listed post, newest first
 * (blog-routes.ts), so a private, unlisted or draft post is never in it.
 */
import type { Manifest, Route } from '../../shared/manifest.js'
import type { BlogSidebarView } from '../../shared/page-view.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

type HrefOf = (path: string) => string

/** The sidebar a route shows, as the part of its view that holds it: none outside the blog, nor with blogSidebarCount 0. */
export function createBlogSidebarView(manifest: Manifest, config: ResolvedConfig, href: HrefOf): (route: Route) => { readonly blogSidebar?: BlogSidebarView } {
  const { routeBasePath, blogSidebarCount, blogSidebarTitle } = config.blog
  const base = routeBasePath.replace(/\/$/, '')
  const bare = (route: Route) => (route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path)
  const archive = manifest.routes.find((route) => route.kind === 'blog' && bare(route) === `${base}/archive`)
  const routes = new Map(manifest.routes.map((route) => [route.path, route]))
  const posts = (archive?.items ?? []).slice(0, blogSidebarCount === 'ALL' ? undefined : blogSidebarCount).flatMap((path) => {
    const post = routes.get(path)
    return post ? [{ path, label: post.title, href: href(path) }] : []
  })
  if (posts.length === 0) return () => ({})
  // The lists of every tag and every author are the blog's too; the docs' tags page is not.
  const lists = new Set([`${base}/tags`, `${base}/authors`])
  const shows = (route: Route) => route.kind === 'post' || (route.kind === 'blog' && route !== archive) || (route.kind === 'tags' && lists.has(bare(route)))
  return (route) => (shows(route) ? { blogSidebar: { title: blogSidebarTitle, items: posts.map((post) => ({ label: post.label, href: post.href, active: post.path === route.path })) } } : {})
}
