import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { searchSections } from '../../../src/node/write/search-sections.js'

test('a page is cut at each h2 and h3: the title\'s section first, then each heading with its id and the text under it', () => {
  const html =
    '<p>Lead <em>in</em>line text.</p><h2 id="install">Install<a class="hash-link" href="#install" aria-label="Direct link to Install">#</a></h2><p>Run it.</p>' +
    '<h3 id="caf%C3%A9">Caf&#xE9; &amp; co</h3><ul><li>One</li><li>Two</li></ul><h2>No id</h2><p>Last</p><h4 id="deeper">Deeper</h4><p>still last</p>'
  assert.equal(searchSections('The title', html), [
    { title: 'The title', anchor: '', text: 'Lead inline text.' },
    { title: 'Install', anchor: 'install', text: 'Run it.' },
    { title: 'Café & co', anchor: 'caf%C3%A9', text: 'One Two' },
    { title: 'No id', anchor: '', text: 'Last Deeper still last' },
  ])
})

test('what a reader never reads as text is left out: scripts, styles, comments, "#" links, code language labels, buttons', () => {
  const html =
    '<script>var secret = "<p>not text</p>"</script><style>p { color: red }</style><!-- a <p>comment</p> -->' +
    '<div class="code-block" data-language="ts"><span class="code-block-language">ts</span><pre><code><span class="hljs-keyword">const</span> a = 1</code></pre></div>' +
    '<svg><text>drawn</text></svg><button type="button">Copy</button><p title="a > b" data-x=\'c > d\'>Kept</p>'
  assert.equal(searchSections('T', html), [{ title: 'T', anchor: '', text: 'const a = 1 Kept' }])
})

test('character references are decoded; unknown ones and invalid code points are not turned into markup', () => {
  assert.equal(searchSections('T', '<p>&lt;b&gt; &quot;q&quot; &#39;s&apos; a&nbsp;b &copy2; &unknown; &#0; &#xD800; &#x1F600;</p>')[0]!.text, '<b> "q" \'s\' a b &copy2; &unknown; \uFFFD \uFFFD 😀')
})

test.run()
