/**
 * The blog's settings (`blog` in site.config.ts): the options of Docusaurus's blog plugin that
 * docsgen reads, with their defaults, and the sidebar's grouping by year, which Docusaurus sets in
 * `themeConfig.blog.sidebar.groupByYear` (from-docusaurus-config.ts brings it here).
 */
import { describeValue, type ValueAt } from '../../shared/read-value.js'
import { readRouteBasePath } from './read-route-path.js'
import { readEditUrl } from './read-url.js'

/** The blog of content/blog (Docusaurus's blog options that docsgen reads). */
export interface ResolvedBlog {
  readonly routeBasePath: string
  readonly postsPerPage: number
  readonly showReadingTime: boolean
  readonly feedOptions: { readonly type: readonly ('rss' | 'atom')[]; readonly title: string | undefined; readonly description: string | undefined }
  /** Where a post's source is edited, as for docs. */
  readonly editUrl: string | undefined
  /** The blog's list pages' title and description; default 'Blog' both, as Docusaurus's. */
  readonly blogTitle: string
  readonly blogDescription: string
  /** Posts the blog's sidebar lists ('ALL': every one; 0: no sidebar) and its title; 5 and 'Recent posts', as Docusaurus's. */
  readonly blogSidebarCount: number | 'ALL'
  readonly blogSidebarTitle: string
  /** The sidebar's posts under a heading per year; true by default, as Docusaurus's (3.5 and later). */
  readonly blogSidebarGroupByYear: boolean
}

/** The blog's settings; its route, like the docs', with or without slashes around it. */
export function resolveBlog(blog: ValueAt): ResolvedBlog {
  blog.mapping(['routeBasePath', 'postsPerPage', 'showReadingTime', 'feedOptions', 'editUrl', 'blogTitle', 'blogDescription', 'blogSidebarCount', 'blogSidebarTitle', 'blogSidebarGroupByYear'])
  const feed = blog.get('feedOptions')
  feed.mapping(['type', 'title', 'description'])
  const type = feed.get('type')
  const types: readonly ('rss' | 'atom')[] =
    type.value === null ? [] : type.value === 'all' || type.value === undefined ? ['rss', 'atom'] : Array.isArray(type.value) ? (type.list() ?? []).flatMap((item) => item.oneOf(['rss', 'atom'] as const) ?? []) : [type.oneOf(['rss', 'atom'] as const) ?? 'rss']
  return {
    routeBasePath: readRouteBasePath(blog.get('routeBasePath'), '/blog'),
    postsPerPage: blog.get('postsPerPage').number({ min: 1, max: 1000, integer: true }) ?? 10,
    showReadingTime: blog.get('showReadingTime').boolean() ?? true,
    feedOptions: { type: types, title: feed.get('title').string(), description: feed.get('description').string() },
    editUrl: readEditUrl(blog.get('editUrl')),
    blogTitle: blog.get('blogTitle').string() ?? 'Blog',
    blogDescription: blog.get('blogDescription').string() ?? 'Blog',
    blogSidebarCount: readSidebarCount(blog.get('blogSidebarCount')),
    blogSidebarTitle: blog.get('blogSidebarTitle').string() ?? 'Recent posts',
    blogSidebarGroupByYear: blog.get('blogSidebarGroupByYear').boolean() ?? true,
  }
}

/** The blog sidebar's count: a whole number (0: no sidebar) or 'ALL', as Docusaurus takes it. */
function readSidebarCount(at: ValueAt): number | 'ALL' {
  if (at.value === 'ALL') return 'ALL'
  if (typeof at.value === 'number') return at.number({ min: 0, integer: true }) ?? 5
  if (at.value !== undefined) at.fail(`must be a whole number (0 for no sidebar) or 'ALL', got ${describeValue(at.value)}`)
  return 5
}
