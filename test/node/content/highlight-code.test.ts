import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Element } from 'hast'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { metaMark, readCodeInfo } from '../../../src/node/content/code-block.js'
import { highlightCodeBlock } from '../../../src/node/content/highlight-code.js'
import { parseMarkdown } from '../../../src/node/content/parse-markdown.js'

const keep = () => undefined

test('a fence with a title, line ranges, a magic comment and line numbers: highlighted at build time, lines marked, comment gone', () => {
  const text = '```ts{1} title="src/app.ts" showLineNumbers\nconst a = 1 // one\n// highlight-next-line\nlet b = \'x\'\n/* multi\nline */\n```\n'
  assert.equal(parseMarkdown(text, 'page.md', keep).html.split('\n'), [
    '<div class="code-block" data-language="ts"><div class="code-block-title">src/app.ts</div><span class="code-block-language">ts</span><pre class="code-block--numbered" tabindex="0"><code class="language-ts hljs"><span class="code-line code-line--highlighted"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> <span class="hljs-comment">// one</span></span>',
    '<span class="code-line code-line--highlighted"><span class="hljs-keyword">let</span> b = <span class="hljs-string">\'x\'</span></span>',
    '<span class="code-line"><span class="hljs-comment">/* multi</span></span>',
    '<span class="code-line"><span class="hljs-comment">line */</span></span></code></pre></div>',
  ])
})

test('an unknown language is plain text without an error; no language, no class; the class never carries the info string', () => {
  const { html, diagnostics } = parseMarkdown('```unknownlang{2}\nplain <b>\n```\n\n```\nno lang\n```\n\n```js title=x\n1\n```\n', 'page.md', keep)
  assert.equal(diagnostics, [])
  assert.match(html, '<div class="code-block" data-language="unknownlang"><span class="code-block-language">unknownlang</span><pre tabindex="0"><code class="language-unknownlang"><span class="code-line">plain &#x3C;b></span></code></pre></div>')
  assert.match(html, '<div class="code-block" data-language="text"><span class="code-block-language">text</span><pre tabindex="0"><code><span class="code-line">no lang</span></code></pre></div>')
  assert.not.match(html, 'language-unknownlang{')
  assert.not.match(html, 'data-meta')
})

test('magic comments in shell, HTML and ranges; VitePress titles and line numbers', () => {
  const info = readCodeInfo('js', '[config.js] {1,3-4} :line-numbers')
  assert.equal([info.language, info.title, [...info.highlighted], info.lineNumbers], ['js', 'config.js', [1, 3, 4], true])
  const { html } = parseMarkdown('```bash\n# highlight-start\necho a\necho b\n# highlight-end\necho c\n```\n', 'page.md', keep)
  assert.equal(html.match(/code-line--highlighted/g)?.length, 2)
  assert.not.match(html, 'highlight-start')
  // A huge range is capped, not allocated.
  assert.ok(readCodeInfo('js', '{1-999999999}').highlighted.size <= 10_001)
})

test("a language's aliases and embedded languages are loaded with it; a name that is an object's key is no language", () => {
  const { html } = parseMarkdown('```html\n<script>const a = 1</script>\n```\n\n```constructor\nx\n```\n\n```__proto__\ny\n```\n', 'page.md', keep)
  assert.equal(html.split('\n'), [
    '<div class="code-block" data-language="html"><span class="code-block-language">html</span><pre tabindex="0"><code class="language-html hljs"><span class="code-line"><span class="hljs-tag">&#x3C;<span class="hljs-name">script</span>></span><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span><span class="hljs-tag">&#x3C;/<span class="hljs-name">script</span>></span></span></code></pre></div>',
    '<div class="code-block" data-language="constructor"><span class="code-block-language">constructor</span><pre tabindex="0"><code class="language-constructor"><span class="code-line">x</span></code></pre></div>',
    '<div class="code-block" data-language="__proto__"><span class="code-block-language">__proto__</span><pre tabindex="0"><code class="language-__proto__"><span class="code-line">y</span></code></pre></div>',
  ])
})

test('raw HTML cannot pass a code block its own meta to look like another language', () => {
  const { html } = parseMarkdown('<pre><code class="language-js" data-meta="title=evil">x</code></pre>\n', 'page.md', keep)
  assert.not.match(html, 'evil')
})

test("a block highlighted as HTML (Markdown pages) is byte for byte the block highlighted as elements (MDX pages), once written out", () => {
  const samples: [language: string, meta: string, code: string][] = [
    ['html', '', '<script>if (a < b && c) alert("x")</script>\n<!-- a\nlong comment -->\n'],
    ['ts', '{2}', 'const s = `a\n${b}\nc` // & <tag>\n/* one\ntwo */ let x = 1\n'],
    ['css', '', 'a::after { content: "<&>"; }\n'],
    ['unknownlang', '', 'plain <b> & </b>\n\n'],
    ['', '', 'no language\n'],
  ]
  for (const [language, meta, code] of samples) {
    const pre = (): Element => ({
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [{ type: 'element', tagName: 'code', properties: { ...(language ? { className: [`language-${language}`] } : {}), ...(meta ? { dataMeta: `${metaMark}${meta}` } : {}) }, children: [{ type: 'text', value: code }] }],
    })
    const asHtml = highlightCodeBlock(pre(), 'html').pre
    const asElements = highlightCodeBlock(pre(), 'hast').pre
    const write = (element: Element, allowDangerousHtml: boolean) => unified().use(rehypeStringify, { allowDangerousHtml }).stringify({ type: 'root', children: [element] })
    assert.is(write(asHtml, true), write(asElements, false), language)
  }
})


test("VitePress's `// [!code …]` notation, in its flavour only: the comment gone, its line classed; alone on a line it marks the next; a count marks that many lines", () => {
  const text = [
    '```js',
    "const a = 1 // [!code highlight]",
    "const b = 2 // [!code focus]",
    "old() // [!code --]",
    "next() // [!code ++]",
    "throw x // [!code error]",
    "warn() // [!code warning]",
    '# [!code highlight:2]',
    'one()',
    'two()',
    "word() // [!code word:'the word']",
    '```',
    '',
    '```html',
    '<p>x</p> <!-- [!code ++] -->',
    'said // [!code nonsense]',
    '```',
    '',
  ].join('\n')
  const vitepress = parseMarkdown(text, 'content/docs/page.md', keep, { slugify: 'vitepress', vitepress: { siteDir: '/nowhere', sourceRoot: 'content/docs' } })
  assert.equal(vitepress.html.split('\n'), [
    '<div class="code-block" data-language="js"><span class="code-block-language">js</span><pre class="code-block--focused" tabindex="0"><code class="language-js hljs"><span class="code-line code-line--highlighted"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span></span>',
    '<span class="code-line code-line--focused"><span class="hljs-keyword">const</span> b = <span class="hljs-number">2</span></span>',
    '<span class="code-line code-line--diff-remove"><span class="hljs-title function_">old</span>()</span>',
    '<span class="code-line code-line--diff-add"><span class="hljs-title function_">next</span>()</span>',
    '<span class="code-line code-line--highlighted code-line--error"><span class="hljs-keyword">throw</span> x</span>',
    '<span class="code-line code-line--highlighted code-line--warning"><span class="hljs-title function_">warn</span>()</span>',
    '<span class="code-line code-line--highlighted"><span class="hljs-title function_">one</span>()</span>',
    '<span class="code-line code-line--highlighted"><span class="hljs-title function_">two</span>()</span>',
    '<span class="code-line"><span class="hljs-title function_">word</span>()</span></code></pre></div>',
    '<div class="code-block" data-language="html"><span class="code-block-language">html</span><pre tabindex="0"><code class="language-html hljs"><span class="code-line code-line--diff-add"><span class="hljs-tag">&#x3C;<span class="hljs-name">p</span>></span>x<span class="hljs-tag">&#x3C;/<span class="hljs-name">p</span>></span></span>',
    '<span class="code-line">said // [!code nonsense]</span></code></pre></div>',
  ])
  // In the default flavour the comments are the page's text, as written.
  const plain = parseMarkdown(text, 'content/docs/page.md', keep)
  assert.match(plain.html, '<span class="code-line"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> <span class="hljs-comment">// [!code highlight]</span></span>')
  assert.not.match(plain.html, 'code-line--diff')
})

test('a notation read on a line of 100 000 spaces takes no time to refuse (no backtracking)', () => {
  const line = `x${' '.repeat(100_000)}[!code ${' '.repeat(100_000)}`
  const { html } = parseMarkdown(`\`\`\`\n${line}\n\`\`\`\n`, 'content/docs/page.md', keep, { slugify: 'vitepress', vitepress: { siteDir: '/nowhere', sourceRoot: 'content/docs' } })
  assert.match(html, '[!code ')
})

test.run()
