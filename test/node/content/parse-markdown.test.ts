import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { parseMarkdown } from '../../../src/node/content/parse-markdown.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

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

test('headings get a link to themselves, code blocks a frame with their title, language and a keyboard stop', () => {
  const text = '# Title\n\n## Set up {#setup}\n\n```sh title="install.sh"\nsudo apt install apache2\n```\n\n```\nplain <text>\n```\n\n### Café & co\n'
  const { html, headings, links } = parseMarkdown(text, 'page.md', keep)
  assert.is(
    html,
    '\n<h2 id="setup">Set up<a class="hash-link" href="#setup" aria-label="Direct link to Set up">#</a></h2>\n' +
      '<div class="code-block" data-language="sh"><div class="code-block-title">install.sh</div><span class="code-block-language">sh</span><pre tabindex="0"><code class="language-sh hljs"><span class="code-line"><span class="hljs-built_in">sudo</span> apt install apache2</span></code></pre></div>\n' +
      '<div class="code-block" data-language="text"><span class="code-block-language">text</span><pre tabindex="0"><code><span class="code-line">plain &#x3C;text></span></code></pre></div>\n' +
      '<h3 id="café--co">Café &#x26; co<a class="hash-link" href="#café--co" aria-label="Direct link to Café &#x26; co">#</a></h3>',
  )
  // The marks are not part of the headings' text, nor links to check.
  assert.equal(headings.map((heading) => heading.text), ['Title', 'Set up', 'Café & co'])
  assert.equal(links, [])
})

test("a first paragraph with an id (raw HTML's <p id>, attributes' {#id}) is the page's description all the same, and its id an anchor", async () => {
  await withFixtureSite('description-with-id', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics, [])
    const raw = await site.read('build/docs/raw.html')
    assert.match(raw, '<meta name="description" content="The lead, a raw HTML paragraph with an id.">')
    assert.match(raw, '<p id="lead">The lead, a raw HTML paragraph with an id.</p>')
    const attributes = await site.read('build/docs/attributes.html')
    assert.match(attributes, '<meta name="description" content="The lead, given an id by attributes.">')
    assert.match(attributes, '<p id="lead">The lead, given an id by attributes.</p>')
  })
})

test.run()
