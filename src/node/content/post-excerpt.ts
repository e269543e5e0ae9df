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

/**
 * An MDX post's marker is a comment the compiler drops: it is swapped for an element that
 * survives rendering (same line, so positions of the lines after it hold), where the HTML is cut.
 */
const mdxMarkerElement = 'docsgen-truncate-marker'
const mdxMarkerHtml = `<${mdxMarkerElement}></${mdxMarkerElement}>`

export function markMdxTruncation(source: string): string {
  return source.replace(truncateMarker, `<${mdxMarkerElement} />`)
}

/** The page's HTML without the marker, and the excerpt before it. */
export function cutMdxExcerpt(html: string): { html: string; excerpt: PostExcerpt } {
  const cut = html.indexOf(mdxMarkerHtml)
  const whole = cut === -1 ? html : html.slice(0, cut) + html.slice(cut + mdxMarkerHtml.length)
  return { html: whole, excerpt: { excerptHtml: cut === -1 ? html : html.slice(0, cut), truncated: cut !== -1, readingMinutes: readingMinutes(whole) } }
}

/** Minutes at 200 words a minute, at least one, counted in the text the reader sees. */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.ceil(words / 200))
}
