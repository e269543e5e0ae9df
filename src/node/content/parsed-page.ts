/** What parsing a page (Markdown or MDX) gives the document made of it. */
import type { Heading, SourceLink } from '../../shared/manifest.js'
import type { FrontMatter } from './read-front-matter.js'

export interface ParsedPage {
  readonly frontMatter: FrontMatter
  /** Title from front matter, else the leading `# heading`. */
  readonly title: string | undefined
  /** The id of the leading `# heading` (written as `# Title {#intro}`, or made from its text), for the page's title. */
  readonly titleId: string | undefined
  /** Front matter description, else the first paragraph, cut to 160 characters. */
  readonly description: string | undefined
  readonly html: string
  readonly headings: readonly Heading[]
  readonly links: readonly SourceLink[]
  /** The files its text includes (VitePress's includes and code snippets, MDX partials), site-relative. */
  readonly dependencies?: readonly IncludedFile[]
}

/** A file a page's text includes, and where the page names it (its directive or import), when that is known. */
export interface IncludedFile {
  readonly file: string
  readonly line?: number
  readonly column?: number
}
