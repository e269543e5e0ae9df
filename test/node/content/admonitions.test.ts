import { readFile } from 'node:fs/promises'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readContainerInfo } from '../../../src/node/content/admonitions.js'
import { parseMarkdown } from '../../../src/node/content/parse-markdown.js'

const fixture = new URL('../../fixtures/admonitions/all-syntaxes.md', import.meta.url)
const keep = () => undefined

test("Docusaurus's, VitePress's and GitHub's admonitions become one markup; other containers and quotes stay as written", async () => {
  const { html } = parseMarkdown(await readFile(fixture, 'utf8'), 'all-syntaxes.md', keep)
  assert.equal(html.split('\n'), [
    '',
    '<div class="admonition admonition-note" role="note"><p class="admonition-heading">Custom title</p><div class="admonition-content">',
    '<p>Body with <strong>bold</strong>.</p>',
    '</div></div>',
    '<div class="admonition admonition-tip" role="note"><p class="admonition-heading">Tip</p><div class="admonition-content">',
    '<p>VitePress tip</p>',
    '</div></div>',
    '<details class="admonition admonition-details"><summary>Click me</summary>',
    '<p>Hidden</p>',
    '</details>',
    '<div class="admonition admonition-warning" role="note"><p class="admonition-heading">Outer</p><div class="admonition-content">',
    '<p>Outer text</p>',
    '<div class="admonition admonition-danger" role="note"><p class="admonition-heading">Danger</p><div class="admonition-content">',
    '<p>Inner</p>',
    '</div></div>',
    '</div></div>',
    '<div class="admonition admonition-note" role="note"><p class="admonition-heading">Note</p><div class="admonition-content">',
    '<p>Useful information.</p>',
    '</div></div>',
    '<blockquote>',
    '<p>[!WARNING] extra',
    'not an alert</p>',
    '</blockquote>',
    '<p>:::unknown',
    'stays text',
    ':::</p>',
    // VitePress's code group: tabs, each labelled with its block's `[title]` (not shown again in the panel).
    '<div class="tabs code-group"><div class="tabs-list" role="tablist" aria-orientation="horizontal"><button type="button" role="tab" class="tabs-tab" id="tab-1-1" aria-controls="panel-1-1" aria-selected="true" tabindex="0" data-value="npm">npm</button></div><div role="tabpanel" class="tabs-panel" id="panel-1-1" aria-labelledby="tab-1-1" data-value="npm">',
    '<div class="code-block" data-language="sh"><span class="code-block-language">sh</span><pre tabindex="0"><code class="language-sh hljs"><span class="code-line">npm i</span></code></pre></div>',
    '</div></div>',
  ])
})

test('an admonition holds any Markdown, its links and headings included; a GitHub alert may span paragraphs', () => {
  const text = ':::info\n## Inside\n\nSee [intro](./intro.md).\n:::\n\n> [!TIP]\n> First.\n>\n> Second.\n'
  const parsed = parseMarkdown(text, 'page.md', (url) => (url === './intro.md' ? '/docs/intro' : undefined))
  assert.equal(parsed.headings, [{ depth: 2, id: 'inside', text: 'Inside' }])
  assert.equal(parsed.links.map((link) => link.url), ['./intro.md'])
  assert.match(parsed.html, '<a href="/docs/intro">intro</a>')
  assert.match(parsed.html, '<div class="admonition admonition-tip" role="note"><p class="admonition-heading">Tip</p><div class="admonition-content">\n<p>First.</p>\n<p>Second.</p>\n</div></div>')
})

test('an unclosed admonition ends with the page, as VitePress reads it', () => {
  assert.equal(parseMarkdown(':::warning\nNever closed\n', 'page.md', keep).html, '<div class="admonition admonition-warning" role="note"><p class="admonition-heading">Warning</p><div class="admonition-content">\n<p>Never closed</p>\n</div></div>')
})

test("VitePress's v-pre and raw containers show their content as it is, with no frame or heading", () => {
  assert.equal(parseMarkdown('::: v-pre\n`{{ value }}`\n:::\n\n::: raw\nKept\n:::\n', 'page.md', keep).html, '<div>\n<p><code>{{ value }}</code></p>\n</div>\n<div>\n<p>Kept</p>\n</div>')
})

test("a title's emphasis and code marks are dropped in one pass, even on a long title of unclosed marks", () => {
  const titles = ['**Bold** and _it_ and `code`', '***x***', '**a*', '* a *', '_a_b_', 'a_b_c', '** x**y**', '``a``', '*a **b** c*']
  assert.equal(titles.map((title) => readContainerInfo(`tip ${title}`)?.title), ['Bold and it and code', '*x*', '*a', '* a *', 'a_b', 'abc', '* xy*', '`a`', 'a *b* c'])
  const unclosed = '_a '.repeat(200_000).trim()
  assert.is(readContainerInfo(`tip ${unclosed}`)?.title, unclosed)
})

test.run()
