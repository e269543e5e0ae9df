/**
 * What the blog's pages show around their Markdown: a post's date, reading time and authors above
 * it, its tags and its newer and older posts below; a list page's posts, each with its excerpt.
 * Lists hold public, listed posts only (blog-routes.ts); all text here is escaped.
 */
import { escapeHtml } from '../../shared/escape-html.js'
import type { Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { PostAuthor } from '../content/read-front-matter.js'

type HrefOf = (path: string) => string

export interface BlogBodies {
  /** The HTML a blog route shows (`body`: a post's own HTML), or undefined for a route that is not the blog's. */
  readonly bodyOf: (route: Route, body: string) => string | undefined
  /** A post, a list page, or the list of tags: the pages that link to the feeds. */
  readonly isBlogRoute: (route: Route) => boolean
}

export function createBlogBodies(routes: ReadonlyMap<string, Route>, documents: ReadonlyMap<string, ContentDocument>, config: ResolvedConfig, href: HrefOf): BlogBodies {
  const base = config.blog.routeBasePath.replace(/\/$/, '')
  // The blog's generated pages by their path without the final "/" that trailingSlash may add.
  const generated = new Map([...routes.values()].filter((route) => route.kind === 'blog' || route.kind === 'tags').map((route) => [route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path, route.path]))
  // An author with a page is linked to it, as Docusaurus links them.
  const authorHref = (author: PostAuthor) => {
    const page = author.page === undefined ? undefined : generated.get(`${base}/authors/${author.page}`)
    return page === undefined ? author.url : href(page)
  }
  const meta = (post: ContentDocument) => postMeta(post, config.blog.showReadingTime, authorHref)
  const tagLinks = (route: Route) => {
    const tags = (route.display?.tags ?? []).map((tag) => (tag.path === undefined ? `<span class="tag">${escapeHtml(tag.label)}</span>` : `<a class="tag" href="${escapeHtml(href(tag.path))}">${escapeHtml(tag.label)}</a>`))
    return tags.length === 0 ? '' : `<div class="tag-list"><span class="tag-list-label">Tags:</span><ul>${tags.map((tag) => `<li>${tag}</li>`).join('')}</ul></div>`
  }
  const link = (path: string | null | undefined, label: string, rel: string) => {
    const target = path ? routes.get(path) : undefined
    return target ? `<a class="blog-nav-${rel}" rel="${rel}" href="${escapeHtml(href(target.path))}"><span class="blog-nav-label">${label}</span> ${escapeHtml(target.title)}</a>` : ''
  }
  const listItem = (path: string) => {
    const post = documents.get(path)
    const route = routes.get(path)
    if (!post?.post || !route) return ''
    const more = post.post.truncated ? `<p class="blog-read-more"><a href="${escapeHtml(href(path))}" aria-label="Read more about ${escapeHtml(post.title)}">Read more</a></p>` : ''
    return `<article class="blog-list-item"><h2><a href="${escapeHtml(href(path))}">${escapeHtml(post.title)}</a></h2>${meta(post)}<div class="markdown-body">${post.post.excerptHtml}</div>${more}${tagLinks(route)}</article>`
  }
  const listPages = (route: Route) => {
    if (route.path.startsWith(`${base}/tags/`)) {
      const tags = generated.get(`${base}/tags`)
      return tags ? `<p><a href="${escapeHtml(href(tags))}">View all tags</a></p>` : ''
    }
    const page = Number(/\/page\/(\d+)\/?$/.exec(route.path)?.[1] ?? '1')
    const at = (number: number) => generated.get(number === 1 ? base || '/' : `${base}/page/${number}`)
    const newer = page > 1 ? at(page - 1) : undefined
    const older = at(page + 1)
    const links = [newer && `<a class="blog-nav-prev" rel="prev" href="${escapeHtml(href(newer))}">Newer entries</a>`, older && `<a class="blog-nav-next" rel="next" href="${escapeHtml(href(older))}">Older entries</a>`].filter(Boolean)
    return links.length === 0 ? '' : `<nav class="blog-nav" aria-label="Blog list page navigation">${links.join('')}</nav>`
  }
  return {
    isBlogRoute: (route) => route.kind === 'post' || route.kind === 'blog' || (route.kind === 'tags' && route.path.replace(/\/$/, '') === `${base}/tags`),
    bodyOf(route, body) {
      if (route.kind === 'blog' && route.path.replace(/\/$/, '') === `${base}/archive`) return archiveBody(route.items ?? [], documents, href)
      if (route.kind === 'blog') return `${(route.items ?? []).map(listItem).join('')}${listPages(route)}`
      const post = route.kind === 'post' ? documents.get(route.path) : undefined
      if (!post) return undefined
      const neighbours = [link(route.display?.previous, 'Newer post', 'prev'), link(route.display?.next, 'Older post', 'next')].filter(Boolean)
      const nav = neighbours.length === 0 ? '' : `<nav class="blog-nav" aria-label="Blog post page navigation">${neighbours.join('')}</nav>`
      return `${meta(post)}${body}${tagLinks(route)}${nav}`
    },
  }
}

/** The archive: every listed post's date and title, by year, newest first. */
function archiveBody(paths: readonly string[], documents: ReadonlyMap<string, ContentDocument>, href: HrefOf): string {
  const years = new Map<string, string[]>()
  for (const path of paths) {
    const post = documents.get(path)
    if (!post) continue
    const date = post.post?.date
    const year = date === undefined ? 'Undated' : String(new Date(date).getUTCFullYear())
    const when = date === undefined ? '' : `<time datetime="${escapeHtml(date)}">${escapeHtml(formatDate(date).replace(/, \d+$/, ''))}</time> – `
    years.set(year, [...(years.get(year) ?? []), `<li>${when}<a href="${escapeHtml(href(path))}">${escapeHtml(post.title)}</a></li>`])
  }
  return [...years].map(([year, items]) => `<section class="blog-archive-year"><h2>${year}</h2><ul>${items.join('')}</ul></section>`).join('')
}

/** Date, reading time and authors, as a post's page and the lists show them. */
function postMeta(post: ContentDocument, showReadingTime: boolean, authorHref: (author: PostAuthor) => string | undefined): string {
  const info = post.post
  if (!info) return ''
  const parts = [
    info.date && `<time datetime="${escapeHtml(info.date)}">${escapeHtml(formatDate(info.date))}</time>`,
    showReadingTime && `<span class="blog-reading-time">${info.readingMinutes} min read</span>`,
  ].filter(Boolean)
  const authors = info.authors.filter((author): author is PostAuthor => typeof author !== 'string')
  const people = authors.length === 0 ? '' : `<ul class="blog-authors">${authors.map((author) => authorMarkup(author, authorHref(author))).join('')}</ul>`
  return `<div class="blog-post-meta">${parts.join(' · ')}</div>${people}`
}

function authorMarkup(author: PostAuthor, link: string | undefined): string {
  const image = author.imageUrl ? `<img class="blog-author-image" src="${escapeHtml(author.imageUrl)}" alt="${escapeHtml(author.name ?? '')}" width="40" height="40" loading="lazy">` : ''
  const name = author.name === undefined ? '' : link ? `<a href="${escapeHtml(link)}">${escapeHtml(author.name)}</a>` : escapeHtml(author.name)
  const title = author.title ? `<small>${escapeHtml(author.title)}</small>` : ''
  const socials = author.socials?.length
    ? `<span class="blog-author-socials">${author.socials.map((social) => `<a href="${escapeHtml(social.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(social.label)}</a>`).join(' ')}</span>`
    : ''
  return `<li class="blog-author">${image}<span class="blog-author-name">${name}</span>${title}${socials}</li>`
}

/** `January 5, 2024`, in UTC: the date written, whatever the build machine's time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}
