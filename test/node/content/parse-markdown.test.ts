import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseMarkdown } from '../../../src/node/content/parse-markdown.js'

const repository = new URL('../../..', import.meta.url).pathname
const keep = () => undefined

test('every GFM feature: tables, strikethrough, task lists, footnotes, autolink literals', async () => {
  const text = await readFile(join(repository, 'test/fixtures/markdown/all-gfm.md'), 'utf8')
  const { html, title, headings } = parseMarkdown(text, 'all-gfm.md', keep)
  assert.is(title, 'Every GFM feature')
  assert.match(html, '<td><code>a2enmod</code></td>')
  assert.match(html, '<del>Old advice</del>')
  assert.match(html, '<input type="checkbox" checked disabled> done')
  assert.match(html, '<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref aria-describedby="footnote-label">1</a>')
  assert.match(html, '<a href="http://www.example.com">www.example.com</a>')
  assert.match(html, '<a href="https://httpd.apache.org/docs/">https://httpd.apache.org/docs/</a>')
  assert.match(html, '<a href="mailto:it@example.org">it@example.org</a>')
  // Footnote links reach their targets, and the footnotes label stays out of the ToC.
  assert.match(html, '<li id="user-content-fn-1">')
  assert.match(html, '<h2 class="sr-only" id="footnote-label">Footnotes</h2>')
  assert.equal(headings, [])
})

test.run()
