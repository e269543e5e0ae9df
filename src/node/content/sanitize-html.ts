/**
 * HTML written outside a page (a sidebar's `html` item) kept as raw HTML in a page is: parsed as
 * a browser would, then only what GitHub's allow-list keeps (parse-markdown.ts's schema).
 */
import type { Root } from 'hast'
import { raw } from 'hast-util-raw'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { rawHtmlSchema } from './parse-markdown.js'

const processor = unified()
  .use(() => (tree: Root) => raw(tree) as Root)
  .use(rehypeSanitize, rawHtmlSchema)
  .use(rehypeStringify)
  .freeze()

export function sanitizeHtml(html: string): string {
  const tree: Root = { type: 'root', children: [{ type: 'raw', value: html }] }
  return processor.stringify(processor.runSync(tree) as Root)
}
