/**
 * The blog's RSS 2.0 and Atom feeds (`/blog/rss.xml`, `/blog/atom.xml`), as Docusaurus writes
 * them: the 20 newest public, listed posts, with absolute URLs (the config's `url` and baseUrl),
 * each post whole as its content. Without a `url` there are no absolute URLs to give, and no
 * feeds. Every text is XML-escaped; dates are the posts' own, so a build is reproducible.
 */
import { siteHref } from '../../shared/canonical-path.js'
import type { Manifest, Route } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { createBodyReader } from '../content/page-bodies.js'
import type { ContentDocument } from '../content/parse-content.js'
import type { PostAuthor } from '../content/read-front-matter.js'
import { docsPrefix } from '../content/route-from-file.js'

const feedLimit = 20

export interface BlogFeed {
  readonly type: 'rss' | 'atom'
  /** Output file, relative to the output folder (`blog/rss.xml`). */
  readonly file: string
  /** Its href on the site, base URL included. */
  readonly href: string
}

/** The feeds this site's blog has: none without posts or a `url`, or with feedOptions.type null. */
export function blogFeedFiles(manifest: Manifest, config: Pick<ResolvedConfig, 'url' | 'baseUrl' | 'blog'>): BlogFeed[] {
  if (config.url === undefined || !manifest.routes.some((route) => route.kind === 'post')) return []
  const taken = new Set(manifest.assets.map((asset) => asset.file))
  const base = docsPrefix(config.blog.routeBasePath)
  return config.blog.feedOptions.type
    .map((type) => ({ type, file: `${base}/${type}.xml`.slice(1), href: siteHref(config.baseUrl, `${base}/${type}.xml`) }))
    .filter((feed) => !taken.has(feed.file))
}

export function blogFeeds(manifest: Manifest, documents: readonly ContentDocument[], config: ResolvedConfig): { file: string; content: string }[] {
  const feeds = blogFeedFiles(manifest, config)
  if (feeds.length === 0) return []
  const byRoute = new Map(documents.map((document) => [document.route, document]))
  const newest = manifest.routes
    .filter((route) => route.kind === 'post' && !route.access.private && !route.display?.unlisted)
    .flatMap((route) => {
      const document = byRoute.get(route.path)
      return document?.post ? [{ route, document, date: document.post.date ?? '' }] : []
    })
    .sort((a, b) => b.date.localeCompare(a.date) || (a.route.path < b.route.path ? -1 : 1))
    .slice(0, feedLimit)
  // Each post whole, as Docusaurus's feeds carry it: its body is read from where it waits to be rendered.
  const bodies = createBodyReader()
  let posts: Item[]
  try {
    posts = newest.map((item) => ({ ...item, html: bodies.read(item.document.body) }))
  } finally {
    bodies.close()
  }
  const origin = config.url!.replace(/\/$/, '')
  const channel = {
    title: config.blog.feedOptions.title ?? `${config.title} Blog`,
    description: config.blog.feedOptions.description ?? `${config.title} Blog`,
    link: origin + siteHref(config.baseUrl, docsPrefix(config.blog.routeBasePath) || '/'),
    updated: posts[0]?.date || new Date(0).toISOString(),
  }
  const url = (route: Route) => origin + siteHref(config.baseUrl, route.path)
  return feeds.map((feed) =>
    feed.type === 'rss' ? { file: feed.file, content: rss(channel, origin, posts, url) } : { file: feed.file, content: atom(channel, origin, origin + feed.href, posts, url) },
  )
}

type Channel = { title: string; description: string; link: string; updated: string }
type Item = { route: Route; document: ContentDocument; date: string; html: string }

function rss(channel: Channel, origin: string, posts: readonly Item[], url: (route: Route) => string): string {
  const items = posts.map(({ route, document, date, html }) =>
    [
      '<item>',
      `<title>${xml(route.title)}</title>`,
      `<link>${xml(url(route))}</link>`,
      `<guid isPermaLink="true">${xml(url(route))}</guid>`,
      date ? `<pubDate>${new Date(date).toUTCString()}</pubDate>` : '',
      route.description ? `<description>${xml(route.description)}</description>` : '',
      `<content:encoded>${xml(absoluteLinks(html, origin))}</content:encoded>`,
      ...authorsOf(document).map((author) => `<dc:creator>${xml(author.name ?? '')}</dc:creator>`),
      ...(route.display?.tags ?? []).map((tag) => `<category>${xml(tag.label)}</category>`),
      '</item>',
    ]
      .filter(Boolean)
      .join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${xml(channel.title)}</title>`,
    `<link>${xml(channel.link)}</link>`,
    `<description>${xml(channel.description)}</description>`,
    `<lastBuildDate>${new Date(channel.updated).toUTCString()}</lastBuildDate>`,
    '<language>en</language>',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}

function atom(channel: Channel, origin: string, self: string, posts: readonly Item[], url: (route: Route) => string): string {
  const entries = posts.map(({ route, document, date, html }) =>
    [
      '<entry>',
      `<title type="html">${xml(route.title)}</title>`,
      `<id>${xml(url(route))}</id>`,
      `<link href="${xml(url(route))}"/>`,
      `<updated>${date || channel.updated}</updated>`,
      route.description ? `<summary type="html">${xml(route.description)}</summary>` : '',
      `<content type="html">${xml(absoluteLinks(html, origin))}</content>`,
      ...authorsOf(document).map((author) => `<author><name>${xml(author.name ?? '')}</name>${author.url ? `<uri>${xml(author.url)}</uri>` : ''}</author>`),
      ...(route.display?.tags ?? []).map((tag) => `<category term="${xml(tag.label)}" label="${xml(tag.label)}"/>`),
      '</entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xml(channel.link)}</id>`,
    `<title>${xml(channel.title)}</title>`,
    `<updated>${channel.updated}</updated>`,
    `<link rel="alternate" href="${xml(channel.link)}"/>`,
    `<link rel="self" href="${xml(self)}"/>`,
    `<subtitle>${xml(channel.description)}</subtitle>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}

/** A feed is read away from the site: its links and images are made absolute. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`)
}

function authorsOf(document: ContentDocument): PostAuthor[] {
  return (document.post?.authors ?? []).filter((author): author is PostAuthor => typeof author !== 'string' && author.name !== undefined)
}

/** Text and attribute values in XML; characters XML 1.0 forbids are dropped. */
export function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}
