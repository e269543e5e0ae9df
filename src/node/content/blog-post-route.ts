/**
 * Where a blog post is published and the date its file name gives, as Docusaurus reads
 * `content/blog`: `2024-01-05-welcome.md` (or `2024-01-05-welcome/index.md`) is dated
 * 2024-01-05 and published at `/blog/2024/01/05/welcome`; a file name without a date keeps its
 * name (`/blog/notes`); front matter `slug` replaces the path under the blog's route.
 */
const datedName = /^(?<folder>(?:.*\/)?)(?<date>\d{4}-\d{2}-\d{2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/

/**
 * The date a post's file or folder name starts with, as an ISO time (`2024-01-05T00:00:00.000Z`);
 * undefined for none or no such day. Read as Docusaurus reads it, `new Date(`${date}Z`)`: a year
 * below 100 is the engine's (`0049` is 2049, `0099` is 1999, `0020` none), though the path keeps it as written.
 */
export function postDateFromFile(relative: string): string | undefined {
  const date = datedName.exec(relative)?.groups!.date
  const time = date === undefined || Number.isNaN(Date.parse(date)) ? Number.NaN : Date.parse(`${date}Z`)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/** The post's path under the blog's route, starting with "/". */
export function postSlug(relative: string, slug: string | undefined): string {
  if (slug !== undefined) return slug.startsWith('/') ? slug : `/${slug}`
  const dated = datedName.exec(relative)?.groups
  if (dated) return `/${dated.folder}${dated.date!.replace(/-/g, '/')}${dated.text ? `/${dated.text}` : ''}`
  return `/${relative.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`
}
