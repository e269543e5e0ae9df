/**
 * The `markdown` options of a site's config: which files are MDX, how heading ids are made, whether
 * VitePress's own Markdown is read, and the delimiters of its `{#id .class}` attributes (VitePress's
 * `markdown.attrs`, which a site may change when its pages use braces for something else).
 */
import type { ValueAt } from '../../shared/read-value.js'

export interface MarkdownOptions {
  readonly format: 'detect' | 'mdx' | 'md'
  readonly slugify: 'github' | 'vitepress'
  readonly flavor: 'default' | 'vitepress'
  /** What `{#id .class}` attributes are written between (VitePress flavour); markdown-it-attrs's `{` and `}` by default. */
  readonly attrs: { readonly leftDelimiter: string; readonly rightDelimiter: string }
}

// A delimiter is a few visible characters: it is matched in every heading and paragraph of every page.
const delimiterPattern = /^[^\s\w]{1,4}$/

export function readMarkdownOptions(markdown: ValueAt): MarkdownOptions {
  markdown.mapping(['format', 'slugify', 'flavor', 'attrs'])
  const slugify = markdown.get('slugify').oneOf(['github', 'vitepress'] as const)
  const flavor = markdown.get('flavor').oneOf(['default', 'vitepress'] as const) ?? (slugify === 'vitepress' ? 'vitepress' : 'default')
  const attrs = markdown.get('attrs')
  attrs.mapping(['leftDelimiter', 'rightDelimiter'])
  return {
    // VitePress has no MDX: its pages' `<script setup>` and `{{ }}` are Vue, read as Markdown.
    format: markdown.get('format').oneOf(['detect', 'mdx', 'md'] as const) ?? (flavor === 'vitepress' ? 'md' : 'detect'),
    slugify: slugify ?? (flavor === 'vitepress' ? 'vitepress' : 'github'),
    flavor,
    attrs: { leftDelimiter: readDelimiter(attrs.get('leftDelimiter')) ?? '{', rightDelimiter: readDelimiter(attrs.get('rightDelimiter')) ?? '}' },
  }
}

function readDelimiter(at: ValueAt): string | undefined {
  const written = at.string()
  if (written === undefined || delimiterPattern.test(written)) return written
  return at.fail(`must be 1 to 4 characters that are no letter, digit or space, got ${JSON.stringify(written.slice(0, 40))}`, "Write it as markdown-it-attrs's options are written, as '%{'.")
}
