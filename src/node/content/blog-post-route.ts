/**
 * Where a blog post is published and the date its file name gives, as Docusaurus reads
 * `content/blog`: `2024-01-05-welcome.md` (or `2024-01-05-welcome/index.md`) is dated
 * 2024-01-05 and published at `/blog/2024/01/05/welcome`; a file name without a date keeps its
 * name (`/blog/notes`); front matter `slug` replaces the path under the blog's route.
 */
const datedName = /^(?<folder>(?:.*\/)?)(?<date>\d{4}-\d{2}-\d{2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/

/** The date a post's file or folder name starts with (`2024-01-05`), if any. */
export function postDateFromFile(relative: string): string | undefined {
  return datedName.exec(relative)?.groups!.date
}

/** The post's path under the blog's route, starting with "/". */
export function postSlug(relative: string, slug: string | undefined): string {
  if (slug !== undefined) return slug.startsWith('/') ? slug : `/${slug}`
  const dated = datedName.exec(relative)?.groups
  if (dated) return `/${dated.folder}${dated.date!.replace(/-/g, '/')}${dated.text ? `/${dated.text}` : ''}`
  return `/${relative.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`
}
