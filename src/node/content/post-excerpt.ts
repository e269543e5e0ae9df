/**
 * A blog post's excerpt for the list pages and its reading time: the part before the first
 * `<!-- truncate -->` (or `{/* truncate *\/}` in MDX), as Docusaurus cuts it; the whole post when
 * it has no marker.
 */
const truncateMarker = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/

export interface PostExcerpt {
  readonly excerptHtml: string
  readonly truncated: boolean
  readonly readingMinutes: number
}

/** `renderPart` renders a part of the source (the Markdown before the marker) as the page's HTML. */
export function postExcerpt(source: string, html: string, renderPart: (source: string) => string): PostExcerpt {
  const marker = truncateMarker.exec(source)
  return { excerptHtml: marker ? renderPart(source.slice(0, marker.index)) : html, truncated: marker !== null, readingMinutes: readingMinutes(html) }
}

/** Minutes at 200 words a minute, at least one, counted in the text the reader sees. */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.ceil(words / 200))
}
