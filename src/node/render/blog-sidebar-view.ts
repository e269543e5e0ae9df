/**
 * The blog's sidebar, as Docusaurus shows it beside its posts, list pages, tag pages and author
 * pages (not the archive): the `blogSidebarCount` most recent posts under `blogSidebarTitle`,
 * under a heading per year unless `blogSidebarGroupByYear` is false. Its posts are the archive's,
 * the blog's one list of every public, listed post, newest first (blog-routes.ts), so a private,
 * unlisted or draft post is never in it, nor is the year of one.
 */
import type { Manifest, Route } from '../../shared/manifest.js'
import type { BlogSidebarGroup, BlogSidebarView } from '../../shared/page-view.js'
import type { ResolvedConfig } from '../config/resolve-config.js'

type HrefOf = (path: string) => string

interface SidebarPost {
  readonly path: string
  readonly label: string
  readonly href: string
  readonly year: string
}

/** The sidebar a route shows, as the part of its view that holds it: none outside the blog, nor with blogSidebarCount 0. */
export function createBlogSidebarView(manifest: Manifest, config: ResolvedConfig, href: HrefOf): (route: Route) => { readonly blogSidebar?: BlogSidebarView } {
  const { routeBasePath, blogSidebarCount, blogSidebarTitle, blogSidebarGroupByYear } = config.blog
  const base = routeBasePath.replace(/\/$/, '')
  const bare = (route: Route) => (route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path)
  const archive = manifest.routes.find((route) => route.kind === 'blog' && bare(route) === `${base}/archive`)
  const routes = new Map(manifest.routes.map((route) => [route.path, route]))
  const posts = (archive?.items ?? []).slice(0, blogSidebarCount === 'ALL' ? undefined : blogSidebarCount).flatMap((path): SidebarPost[] => {
    const post = routes.get(path)
    return post ? [{ path, label: post.title, href: href(path), year: yearOf(post.display?.date) }] : []
  })
  if (posts.length === 0) return () => ({})
  const grouped = blogSidebarGroupByYear ? byYear(posts) : [{ year: undefined, posts }]
  // The lists of every tag and every author are the blog's too; the docs' tags page is not.
  const lists = new Set([`${base}/tags`, `${base}/authors`])
  const shows = (route: Route) => route.kind === 'post' || (route.kind === 'blog' && route !== archive) || (route.kind === 'tags' && lists.has(bare(route)))
  const groupsFor = (route: Route): BlogSidebarGroup[] =>
    grouped.map(({ year, posts }) => ({ year, items: posts.map((post) => ({ label: post.label, href: post.href, active: post.path === route.path })) }))
  return (route) => (shows(route) ? { blogSidebar: { title: blogSidebarTitle, groups: groupsFor(route) } } : {})
}

/** The year a post was written, in UTC as the archive gives it: the date written, whatever the build machine's time zone. */
function yearOf(date: string | undefined): string {
  return date === undefined ? 'Undated' : String(new Date(date).getUTCFullYear())
}

/** Posts by year, newest year first: the posts come newest first (undated ones last), so each year's are together. */
function byYear(posts: readonly SidebarPost[]): { year: string; posts: SidebarPost[] }[] {
  const years = new Map<string, SidebarPost[]>()
  for (const post of posts) {
    const year = years.get(post.year)
    if (year === undefined) years.set(post.year, [post])
    else year.push(post)
  }
  return [...years].map(([year, posts]) => ({ year, posts }))
}
