import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { parseMarkdown, type ParseMarkdownOptions } from '../../../src/node/content/parse-markdown.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { fixturesDir, withFixtureSite } from '../../helpers/fixture-site.js'

const keep = () => undefined
const site = join(fixturesDir, 'vitepress-site')
const mistakes = join(fixturesDir, 'vitepress-mistakes')
const vitepress = (siteDir: string): ParseMarkdownOptions => ({ slugify: 'vitepress', vitepress: { siteDir, sourceRoot: 'content/docs' } })
const parsePage = async (siteDir: string, page: string) => parseMarkdown(await readFile(join(siteDir, 'content/docs', page), 'utf8'), `content/docs/${page}`, keep, vitepress(siteDir))

test('includes: a heading\'s section (by its id or {#id}), line ranges {3,} {,2} {2,3}, nested includes and a region; included headings are the page\'s, included links relative to their file', async () => {
  const page = await parsePage(site, 'includes.md')
  assert.equal(page.html.split('\n'), [
    "",
    "<p>First line.",
    "Second line.</p>",
    "<p>Named section.</p>",
    "<h3 id=\"deeper\">Deeper<a class=\"hash-link\" href=\"#deeper\" aria-label=\"Direct link to Deeper\">#</a></h3>",
    "<p>Deeper text.</p>",
    "<p>Line 3",
    "Line 4</p>",
    "<p>Line 1",
    "Line 2</p>",
    "<p>Line 2",
    "Line 3</p>",
    "<h2 id=\"nested-heading\">Nested heading<a class=\"hash-link\" href=\"#nested-heading\" aria-label=\"Direct link to Nested heading\">#</a></h2>",
    "<p>Line 2</p>",
    "<p>See <a href=\"./parts/lines.md\">the lines</a>.</p>",
    "<p>function foo() {",
    "return 1",
    "}</p>",
    "<p>See <a href=\"#nested-heading\">Nested heading</a> and <a href=\"#deeper\">Deeper</a>.</p>",
  ])
  assert.equal(page.headings, [
    { depth: 1, id: 'includes', text: 'Includes' },
    { depth: 3, id: 'deeper', text: 'Deeper' },
    { depth: 2, id: 'nested-heading', text: 'Nested heading' },
  ])
  // A link written in an included file is relative to that file (as VitePress rebases it), placed at its directive;
  // the page's own links keep their place in the page, after includes of several lines.
  assert.equal(page.links, [
    { url: './parts/lines.md', position: { line: 13, column: 1 } },
    { url: '#nested-heading', position: { line: 17, column: 5 } },
    { url: '#deeper', position: { line: 17, column: 43 } },
  ])
  // Each included file at its first directive; one an include includes (nested.md's own) at the page's.
  assert.equal(page.dependencies, [
    { file: 'content/docs/parts/basics.md', line: 3, column: 1 },
    { file: 'content/docs/parts/lines.md', line: 7, column: 1 },
    { file: 'content/docs/parts/nested.md', line: 13, column: 1 },
    { file: 'content/docs/snippets/snippet.js', line: 15, column: 1 },
  ])
  assert.equal(page.diagnostics, [])
})

test('an include that leaves the source root, is missing, makes a cycle, is out of range, names no region, or nests too deep is reported at the directive and shows nothing', async () => {
  const page = await parsePage(mistakes, 'bad-includes.md')
  assert.equal(page.diagnostics.map(formatDiagnostic), [
    'content/docs/bad-includes.md:3:1: error: Cannot include "../../site.config.ts": it is outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    'content/docs/bad-includes.md:4:1: error: Cannot include "./parts/missing.md": content/docs/parts/missing.md does not exist. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    'content/docs/bad-includes.md:5:1: error: The include of "./cycle-a.md" is a cycle: content/docs/bad-includes.md → content/docs/parts/cycle-a.md → content/docs/parts/cycle-b.md → content/docs/parts/cycle-a.md. Remove the include that leads back to a file already being included. [docsgen:include-invalid]',
    "content/docs/bad-includes.md:6:1: error: Cannot include \"./parts/lines.md{3,9}\": lines {3,9} are not within content/docs/parts/lines.md's 4 lines. Choose lines from 1 to 4. [docsgen:include-invalid]",
    'content/docs/bad-includes.md:7:1: error: Cannot include "./parts/basics.md#nowhere": content/docs/parts/basics.md has no region or heading "nowhere". Mark the lines with "#region nowhere" and "#endregion" comments, or name a heading\'s id. [docsgen:include-invalid]',
    'content/docs/bad-includes.md:9:1: error: Cannot import the code snippet "../../site.config.ts": it is outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    'content/docs/bad-includes.md:11:1: error: Cannot import the code snippet "./snippets/snippet.js#nowhere": content/docs/snippets/snippet.js has no region "nowhere". Mark the lines with "#region nowhere" and "#endregion" comments. [docsgen:include-invalid]',
  ])
  // What the cycle read before it closed is shown; nothing of the rest.
  assert.equal(page.html, '\n<p>A\nB</p>\n<p>A <a href="#no-such-heading">link after</a>.</p>')
  assert.equal(page.links, [{ url: '#no-such-heading', position: { line: 13, column: 3 } }])
  const deep = await parsePage(mistakes, 'deep.md')
  assert.equal(deep.diagnostics.map(formatDiagnostic), [
    'content/docs/deep.md:3:1: error: The include of "./d9.md" is nested 9 deep (content/docs/deep.md → content/docs/parts/d1.md → content/docs/parts/d2.md → content/docs/parts/d3.md → content/docs/parts/d4.md → content/docs/parts/d5.md → content/docs/parts/d6.md → content/docs/parts/d7.md → content/docs/parts/d8.md); at most 8 levels are read. Include the deepest file directly, or flatten the includes. [docsgen:include-invalid]',
  ])
})

test('a link inside included text points at the include directive; an absolute path, a NUL and a symbolic link out of the source root are refused', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-vitepress-'))
  try {
    await mkdir(join(dir, 'content/docs'), { recursive: true })
    await writeFile(join(dir, 'secret.txt'), 'SECRET')
    await writeFile(join(dir, 'content/docs/part.md'), 'One\n\nSee [two](./two.md).\n')
    await symlink('../../secret.txt', join(dir, 'content/docs/leak.md'))
    const text = '# T\n\n  <!--@include: ./part.md-->\n\n<!--@include: ./leak.md-->\n<!--@include: /etc/passwd-->\n\n<<< ./leak.md\n\n[after](./after.md)\n'
    const page = parseMarkdown(text, 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.links, [
      { url: './two.md', position: { line: 3, column: 3 } },
      { url: './after.md', position: { line: 10, column: 1 } },
    ])
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:5:1: error: Cannot include "./leak.md": content/docs/leak.md leads outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
      'content/docs/page.md:6:1: error: Cannot include "/etc/passwd": it is outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
      'content/docs/page.md:8:1: error: Cannot import the code snippet "./leak.md": content/docs/leak.md leads outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ])
    assert.not.match(page.html, 'SECRET')
    // Front matter is data: a directive in it is not an include.
    const data = parseMarkdown('---\ndescription: "<!--@include: ./part.md-->"\n---\n\nBody\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal([data.frontMatter.description, data.dependencies, data.html], ['<!--@include: ./part.md-->', [], '<p>Body</p>'])
    const nul = parseMarkdown('<!--@include: ./part.md\0-->\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(nul.diagnostics.map((found) => found.message), ['Cannot include "./part.md\0": it is outside content/docs/, the folder included files must be in'])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('code snippets: a whole file with a highlighted line and a title, a region in another language with line numbers (markers and indentation removed)', async () => {
  const page = await parsePage(site, 'snippets.md')
  assert.equal(page.html.split('\n'), [
    "",
    "<div class=\"code-block\" data-language=\"js\"><div class=\"code-block-title\">Whole file</div><span class=\"code-block-language\">js</span><pre tabindex=\"0\"><code class=\"language-js hljs\"><span class=\"code-line\"><span class=\"hljs-keyword\">export</span> <span class=\"hljs-keyword\">default</span> <span class=\"hljs-keyword\">function</span> () {</span>",
    "<span class=\"code-line code-line--highlighted\">  <span class=\"hljs-comment\">// #region snippet</span></span>",
    "<span class=\"code-line\">  <span class=\"hljs-keyword\">function</span> <span class=\"hljs-title function_\">foo</span>() {</span>",
    "<span class=\"code-line\">    <span class=\"hljs-keyword\">return</span> <span class=\"hljs-number\">1</span></span>",
    "<span class=\"code-line\">  }</span>",
    "<span class=\"code-line\">  <span class=\"hljs-comment\">// #endregion snippet</span></span>",
    "<span class=\"code-line\">  <span class=\"hljs-keyword\">return</span> <span class=\"hljs-string\">'msg'</span></span>",
    "<span class=\"code-line\">}</span></code></pre></div>",
    "<div class=\"code-block\" data-language=\"ts\"><div class=\"code-block-title\">snippet.js</div><span class=\"code-block-language\">ts</span><pre class=\"code-block--numbered\" tabindex=\"0\"><code class=\"language-ts hljs\"><span class=\"code-line code-line--highlighted\"><span class=\"hljs-keyword\">function</span> <span class=\"hljs-title function_\">foo</span>() {</span>",
    "<span class=\"code-line\">  <span class=\"hljs-keyword\">return</span> <span class=\"hljs-number\">1</span></span>",
    "<span class=\"code-line\">}</span></code></pre></div>",
  ])
  assert.equal(page.dependencies, [{ file: 'content/docs/snippets/snippet.js', line: 3, column: 1 }])
})

test('[[toc]], :emoji:, {#id .class} on headings, paragraphs and containers, details, raw, v-pre, code groups and ::: tabs', async () => {
  const page = await parsePage(site, 'syntax.md')
  assert.equal(page.html.split('\n'), [
    "<ul class=\"toc-inline\"><li><a href=\"#first\">First 🎉</a><ul><li><a href=\"#inside-first\">Inside first</a></li></ul></li><li><a href=\"#second-id\">Second</a></li></ul>",
    "<h2 id=\"first\">First <span class=\"emoji\">🎉</span><a class=\"hash-link\" href=\"#first\" aria-label=\"Direct link to First 🎉\">#</a></h2>",
    "<h3 id=\"inside-first\">Inside first<a class=\"hash-link\" href=\"#inside-first\" aria-label=\"Direct link to Inside first\">#</a></h3>",
    "<h2 id=\"second-id\">Second<a class=\"hash-link\" href=\"#second-id\" aria-label=\"Direct link to Second\">#</a></h2>",
    "<p id=\"para-id\">A paragraph with attributes.</p>",
    "<p id=\"lone-anchor\"></p>",
    "<div class=\"admonition admonition-warning\" role=\"note\" id=\"careful\"><p class=\"admonition-heading\">Careful</p><div class=\"admonition-content\">",
    "<p>Body.</p>",
    "</div></div>",
    "<details class=\"admonition admonition-details\"><summary>Show me</summary>",
    "<p>Hidden.</p>",
    "</details>",
    "<div>",
    "<p>Raw text {{ kept }}</p>",
    "</div>",
    "<div>",
    "<p><code>{{ kept }}</code> and {{ kept }}</p>",
    "</div>",
    "<div class=\"tabs code-group\"><div class=\"tabs-list\" role=\"tablist\" aria-orientation=\"horizontal\"><button type=\"button\" role=\"tab\" class=\"tabs-tab\" id=\"tab-1-1\" aria-controls=\"panel-1-1\" aria-selected=\"true\" tabindex=\"0\" data-value=\"npm\">npm</button><button type=\"button\" role=\"tab\" class=\"tabs-tab\" id=\"tab-1-2\" aria-controls=\"panel-1-2\" aria-selected=\"false\" tabindex=\"-1\" data-value=\"pnpm\">pnpm</button></div><div role=\"tabpanel\" class=\"tabs-panel\" id=\"panel-1-1\" aria-labelledby=\"tab-1-1\" data-value=\"npm\">",
    "<div class=\"code-block\" data-language=\"sh\"><span class=\"code-block-language\">sh</span><pre tabindex=\"0\"><code class=\"language-sh hljs\"><span class=\"code-line\">npm add docsgen</span></code></pre></div>",
    "</div><div role=\"tabpanel\" class=\"tabs-panel\" id=\"panel-1-2\" aria-labelledby=\"tab-1-2\" data-value=\"pnpm\" hidden>",
    "<div class=\"code-block\" data-language=\"sh\"><span class=\"code-block-language\">sh</span><pre tabindex=\"0\"><code class=\"language-sh hljs\"><span class=\"code-line\">pnpm add docsgen</span></code></pre></div>",
    "</div></div>",
    "<div class=\"tabs code-group\" data-group-id=\"pm\"><div class=\"tabs-list\" role=\"tablist\" aria-orientation=\"horizontal\"><button type=\"button\" role=\"tab\" class=\"tabs-tab\" id=\"tab-2-1\" aria-controls=\"panel-2-1\" aria-selected=\"true\" tabindex=\"0\" data-value=\"macOS\">macOS</button><button type=\"button\" role=\"tab\" class=\"tabs-tab\" id=\"tab-2-2\" aria-controls=\"panel-2-2\" aria-selected=\"false\" tabindex=\"-1\" data-value=\"Linux\">Linux</button></div><div role=\"tabpanel\" class=\"tabs-panel\" id=\"panel-2-1\" aria-labelledby=\"tab-2-1\" data-value=\"macOS\">",
    "<p>Use brew.</p>",
    "</div><div role=\"tabpanel\" class=\"tabs-panel\" id=\"panel-2-2\" aria-labelledby=\"tab-2-2\" data-value=\"Linux\" hidden>",
    "<p>Use apt.</p>",
    "</div></div>",
  ])
  // As VitePress makes them: `:tada:` is left out of the id, kept in the text.
  assert.equal(page.headings, [
    { depth: 2, id: 'first', text: 'First 🎉' },
    { depth: 3, id: 'inside-first', text: 'Inside first' },
    { depth: 2, id: 'second-id', text: 'Second' },
    { depth: 0, id: 'para-id', text: '' },
    { depth: 0, id: 'lone-anchor', text: '' },
    { depth: 0, id: 'careful', text: '' },
  ])
  assert.equal(page.diagnostics, [])
})

test('Vue: script and style blocks left out, badges as spans (out of the heading id), front matter values, other components left out with one warning each', async () => {
  const page = await parsePage(site, 'vue.md')
  assert.equal(page.html.split('\n'), [
    "",
    "<h2 id=\"reference\">Reference <span class=\"badge badge-warning\">beta</span><a class=\"hash-link\" href=\"#reference\" aria-label=\"Direct link to Reference\">#</a></h2>",
    "<p>Made for Vue in Markdown; counted {{ count }} times and {{ count }} again.</p>",
    "<p><span class=\"badge badge-tip\">new</span>  </p>",
    "",
    "<p>Shown in the page.</p>",
    "",
    "",
    "",
  ])
  assert.equal(page.headings, [{ depth: 2, id: 'reference', text: 'Reference' }])
  assert.equal(page.diagnostics.map(formatDiagnostic), [
    'content/docs/vue.md: warning: The Vue expression "{{ count }}" is shown as written: docsgen runs no Vue. Write its value in the page, or put it in a `::: v-pre` container or in code to show it as code. [docsgen:vue-unsupported]',
    'content/docs/vue.md: warning: The Vue components <Teleport> and <VPTeamMembers> are left out of the page: docsgen runs no Vue. Write what they show in Markdown, or leave them out of the page. [docsgen:vue-unsupported]',
  ])
})

test('an HTML element written self-closing is empty, as in a Vue template, so a heading keeps its {#id} after one (vuejs/docs: `## useTemplateRef() <sup class="vt-badge" data-text="3.5+" /> {#usetemplateref}`); an id after an element left open is the heading\'s too', () => {
  const text = '## useTemplateRef() <sup class="vt-badge" data-text="3.5+" /> {#usetemplateref}\n\n## Open <sup>x {#open}\n\nA <span title="a/>b" /> then text, <br/> and <img src="x.png" alt="i" />.\n'
  const page = parseMarkdown(text, 'content/docs/page.md', keep, vitepress(site))
  assert.equal(page.headings, [
    { depth: 2, id: 'usetemplateref', text: 'useTemplateRef()' },
    { depth: 2, id: 'open', text: 'Open x' },
  ])
  assert.equal(page.html.split('\n'), [
    '<h2 id="usetemplateref">useTemplateRef() <sup></sup><a class="hash-link" href="#usetemplateref" aria-label="Direct link to useTemplateRef()">#</a></h2>',
    '<h2 id="open">Open <sup>x</sup><a class="hash-link" href="#open" aria-label="Direct link to Open x">#</a></h2>',
    '<p>A <span title="a/>b"></span> then text, <br> and <img src="x.png" alt="i">.</p>',
  ])
})

test('without the VitePress flavour none of its syntax is read: an include is a comment, the rest text', () => {
  const text = '<!--@include: ./part.md-->\n\n<<< ./snippet.js\n\n[[toc]] :tada:\n\nA paragraph {#not-an-id}\n\n::: tabs\n== one\n:::\n\n## Heading <Badge text="x" />\n'
  const page = parseMarkdown(text, 'content/docs/page.md', keep)
  assert.equal(page.html.split('\n'), [
    '',
    '<p>&#x3C;&#x3C;&#x3C; ./snippet.js</p>',
    '<p>[[toc]] :tada:</p>',
    '<p>A paragraph {#not-an-id}</p>',
    '<p>::: tabs',
    '== one',
    ':::</p>',
    '<h2 id="heading">Heading <a class="hash-link" href="#heading" aria-label="Direct link to Heading">#</a></h2>',
  ])
  assert.equal(page.dependencies, [])
})

test('a VitePress-flavoured site builds: its only problems are the Vue it cannot show; a changed or newly created included file rebuilds the page that includes it', async () => {
  await withFixtureSite('vitepress-site', async (fixture) => {
    const first = await build({ siteDir: fixture.dir })
    assert.is(first.exitCode, 0)
    assert.equal(first.diagnostics.map((found) => found.ruleId), ['vue-unsupported', 'vue-unsupported'])
    assert.match(await fixture.read('build/syntax.html'), '<ul class="toc-inline"><li><a href="#first">First 🎉</a>')
    assert.match(await fixture.read('build/includes.html'), '<p>Line 3\nLine 4</p>')
    await writeFile(join(fixture.dir, 'content/docs/parts/lines.md'), 'Line 1\nLine 2\nLine three, changed\nLine 4\n')
    await writeFile(join(fixture.dir, 'content/docs/snippets.md'), '# Snippets\n\n<<< ./snippets/later.js\n')
    const missing = await build({ siteDir: fixture.dir })
    assert.equal(missing.diagnostics.filter((found) => found.ruleId === 'include-invalid').map(formatDiagnostic), [
      'content/docs/snippets.md:3:1: error: Cannot import the code snippet "./snippets/later.js": content/docs/snippets/later.js does not exist. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ])
    await writeFile(join(fixture.dir, 'content/docs/snippets/later.js'), 'const later = 1\n')
    const second = await build({ siteDir: fixture.dir })
    assert.is(second.exitCode, 0)
    assert.match(await fixture.read('build/includes.html'), '<p>Line three, changed\nLine 4</p>')
    assert.match(await fixture.read('build/snippets.html'), '<span class="hljs-keyword">const</span> later = <span class="hljs-number">1</span>')
  })
})

test('a VitePress-flavoured site with broken includes fails with each problem once, at its directive', async () => {
  await withFixtureSite('vitepress-mistakes', async (fixture) => {
    const result = await build({ siteDir: fixture.dir })
    assert.is(result.exitCode, 1)
    const found = result.diagnostics.map(formatDiagnostic)
    // bad-includes.md's seven (see above), and its link to a heading no include brought.
    assert.is(found.filter((line) => line.startsWith('content/docs/bad-includes.md:') && line.includes('[docsgen:include-invalid]')).length, 7)
    // The parts are pages too: each cycle and each chain too deep is reported on the page it starts from.
    assert.equal(found.filter((line) => !line.startsWith('content/docs/bad-includes.md:') || !line.includes('[docsgen:include-invalid]')), [
      'content/docs/bad-includes.md:13:3: error: Link "#no-such-heading" points to "#no-such-heading", which is not a heading on "/bad-includes". Headings on that page: #bad-includes. [docsgen:missing-anchor]',
      'content/docs/deep.md:3:1: error: The include of "./d9.md" is nested 9 deep (content/docs/deep.md → content/docs/parts/d1.md → content/docs/parts/d2.md → content/docs/parts/d3.md → content/docs/parts/d4.md → content/docs/parts/d5.md → content/docs/parts/d6.md → content/docs/parts/d7.md → content/docs/parts/d8.md); at most 8 levels are read. Include the deepest file directly, or flatten the includes. [docsgen:include-invalid]',
      'content/docs/parts/cycle-a.md:2:1: error: The include of "./cycle-a.md" is a cycle: content/docs/parts/cycle-a.md → content/docs/parts/cycle-b.md → content/docs/parts/cycle-a.md. Remove the include that leads back to a file already being included. [docsgen:include-invalid]',
      'content/docs/parts/cycle-b.md:2:1: error: The include of "./cycle-b.md" is a cycle: content/docs/parts/cycle-b.md → content/docs/parts/cycle-a.md → content/docs/parts/cycle-b.md. Remove the include that leads back to a file already being included. [docsgen:include-invalid]',
      'content/docs/parts/d1.md:1:1: error: The include of "./d10.md" is nested 9 deep (content/docs/parts/d1.md → content/docs/parts/d2.md → content/docs/parts/d3.md → content/docs/parts/d4.md → content/docs/parts/d5.md → content/docs/parts/d6.md → content/docs/parts/d7.md → content/docs/parts/d8.md → content/docs/parts/d9.md); at most 8 levels are read. Include the deepest file directly, or flatten the includes. [docsgen:include-invalid]',
    ])
  })
})

test('a public page may not include a private page or a file under a private path, whatever part of it; a private page may', async () => {
  await withFixtureSite('vitepress-site', async (fixture) => {
    const config = "import { defineConfig } from 'docsgen'\n\nexport default defineConfig({ title: 'Private parts', url: 'https://vitepress.example', docs: { routeBasePath: '/', mainDoc: 'includes' }, markdown: { flavor: 'vitepress' }, login: { orgID: 'org', privatePaths: [{ path: '/private/**' }] } })\n"
    await writeFile(join(fixture.dir, 'site.config.ts'), config)
    await mkdir(join(fixture.dir, 'content/docs/private'))
    await writeFile(join(fixture.dir, 'content/docs/private/plans.md'), '# Plans\n\nThe code is swordfish.\n')
    await writeFile(join(fixture.dir, 'content/docs/private/key.js'), 'const key = 1\n')
    await writeFile(join(fixture.dir, 'content/docs/private/inside.md'), '# Inside\n\n<!--@include: ./plans.md{3,}-->\n\n<<< ./key.js\n')
    await writeFile(join(fixture.dir, 'content/docs/leaky.md'), '# Leaky\n\n<!--@include: ./private/plans.md{3,}-->\n\n<<< ./private/key.js\n')
    const result = await build({ siteDir: fixture.dir })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.filter((found) => found.ruleId === 'private-leak').map(formatDiagnostic), [
      'content/docs/leaky.md:3:1: error: The public page "/leaky" includes content/docs/private/plans.md, the source of the private page "/private/plans", and would publish its text. Move the shared text into a file that is no private page, or make the including page private too. [docsgen:private-leak]',
      'content/docs/leaky.md:5:1: error: The public page "/leaky" includes content/docs/private/key.js, the private file "/private/key.js", and would publish its text. Move the shared text into a file that is no private page, or make the including page private too. [docsgen:private-leak]',
    ])
  })
})

test("an include through a symbolic link is the file the link leads to: one to a private page's source is that source, and may not be included by a public page", async () => {
  await withFixtureSite('vitepress-site', async (fixture) => {
    const config = "import { defineConfig } from 'docsgen'\n\nexport default defineConfig({ title: 'Linked', url: 'https://vitepress.example', docs: { routeBasePath: '/', mainDoc: 'includes' }, markdown: { flavor: 'vitepress' }, login: { orgID: 'org', privatePaths: [{ path: '/private/**' }] } })\n"
    await writeFile(join(fixture.dir, 'site.config.ts'), config)
    await mkdir(join(fixture.dir, 'content/docs/private'))
    await writeFile(join(fixture.dir, 'content/docs/private/plans.md'), '# Plans\n\nThe code is swordfish.\n')
    await symlink('../private/plans.md', join(fixture.dir, 'content/docs/parts/shortcut.md'))
    await writeFile(join(fixture.dir, 'content/docs/leaky.md'), '# Leaky\n\n<!--@include: ./parts/shortcut.md{3,}-->\n')
    const result = await build({ siteDir: fixture.dir })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.filter((found) => found.ruleId === 'private-leak').map(formatDiagnostic), [
      'content/docs/leaky.md:3:1: error: The public page "/leaky" includes content/docs/private/plans.md, the source of the private page "/private/plans", and would publish its text. Move the shared text into a file that is no private page, or make the including page private too. [docsgen:private-leak]',
    ])
  })
})

test('a file under a private path that is no page (a partial named _…, a hidden file, a draft, code) may not be included by a public page either', async () => {
  await withFixtureSite('vitepress-site', async (fixture) => {
    const config = "import { defineConfig } from 'docsgen'\n\nexport default defineConfig({ title: 'Private parts', url: 'https://vitepress.example', docs: { routeBasePath: '/', mainDoc: 'includes' }, markdown: { flavor: 'vitepress' }, login: { orgID: 'org', privatePaths: [{ path: '/private/**' }] } })\n"
    await writeFile(join(fixture.dir, 'site.config.ts'), config)
    await mkdir(join(fixture.dir, 'content/docs/private'))
    await writeFile(join(fixture.dir, 'content/docs/private/_partial.md'), '## Hidden partial\n')
    await writeFile(join(fixture.dir, 'content/docs/private/.dotted.md'), 'Dotted\n')
    await writeFile(join(fixture.dir, 'content/docs/private/wip.md'), '---\ndraft: true\n---\nDraft\n')
    await writeFile(join(fixture.dir, 'content/docs/private/_keys.ts'), '// #region k\nconst key = 1\n// #endregion k\n')
    await writeFile(join(fixture.dir, 'content/docs/leaky.md'), '# Leaky\n\n<!--@include: ./private/_partial.md-->\n\n<!--@include: ./private/.dotted.md-->\n\n<!--@include: ./private/wip.md-->\n\n<<< ./private/_keys.ts#k\n')
    const result = await build({ siteDir: fixture.dir })
    assert.is(result.exitCode, 1)
    const leak = (file: string, path: string, line: number) =>
      `content/docs/leaky.md:${line}:1: error: The public page "/leaky" includes ${file}, the private file "${path}", and would publish its text. Move the shared text into a file that is no private page, or make the including page private too. [docsgen:private-leak]`
    assert.equal(result.diagnostics.filter((found) => found.ruleId === 'private-leak').map(formatDiagnostic), [
      leak('content/docs/private/_partial.md', '/private/_partial.md', 3),
      leak('content/docs/private/wip.md', '/private/wip.md', 7),
      leak('content/docs/private/_keys.ts', '/private/_keys.ts', 9),
    ])
    // A hidden file is never read.
    assert.equal(result.diagnostics.filter((found) => found.file === 'content/docs/leaky.md' && found.ruleId === 'include-invalid').map(formatDiagnostic), [
      'content/docs/leaky.md:5:1: error: Cannot include "./private/.dotted.md": content/docs/private/.dotted.md is a hidden file or in a hidden folder, which is never content. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ])
  })
})

test('long runs of spaces, brackets and unclosed syntax (a line may be 100 000 characters, an included file one line of megabytes) are read in one pass', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-vitepress-'))
  const run = (character: string) => character.repeat(100_000)
  try {
    await mkdir(join(dir, 'content/docs'), { recursive: true })
    await writeFile(join(dir, 'content/docs/part.md'), `# a${run(' ')}x\n## {#${run('a')}\n## Wanted\n\nFound.\n`)
    await writeFile(join(dir, 'content/docs/code.js'), `// region${run(' ')}x\n// #region wanted ${run(' ')}\nkept()\n// #endregion\n`)
    // The unclosed comment last: it is a comment to the end of the page.
    const text = ['<!--@include: ./part.md#wanted-->', '<<< ./code.js#wanted', `<<< ./code.js ${run('[')}`, `::: tip T${run(' ')}x`, ':::', `a${run(' ')}x {#id}`, `## h${run(' ')}x {#h}`, `{{${run('{{ ')}`, `<A${run(' a')}`, `<!--@include:${run(' ')}x`].join('\n\n')
    const page = parseMarkdown(text, 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.headings.filter((heading) => heading.depth === 2 || heading.id === 'id').map((heading) => heading.id), ['id', 'h'])
    assert.match(page.html, '<p>Found.</p>')
    assert.match(page.html, '<span class="code-line"><span class="hljs-title function_">kept</span>()</span>')
    assert.match(page.html, `<p class="admonition-heading">T${run(' ')}x</p>`)
    assert.equal(page.diagnostics.map((found) => found.ruleId), ['include-invalid'])
    assert.equal(parseMarkdown(`## h${run(' ')}x {#plain}\n`, 'content/docs/page.md', keep).headings, [{ depth: 2, id: 'plain', text: `h${run(' ')}x` }])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test("a VitePress page's front matter may carry any key (its theme reads them): no warning there, one in the default flavour", () => {
  const text = '---\ntitle: Post\nauthor: Ann\n---\n\n# Post\n'
  assert.equal(parseMarkdown(text, 'content/docs/post.md', keep, vitepress(site)).diagnostics.map(formatDiagnostic), [])
  assert.equal(parseMarkdown(text, 'content/docs/post.md', keep).diagnostics.map(formatDiagnostic), [
    "content/docs/post.md:3:1: warning: Unknown key 'author'. Known keys: title, description, sidebar_label, sidebar_position, id, slug, draft, unlisted, hide_title, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, pagination_prev, pagination_next, sidebar_class_name, keywords, tags. [docsgen:front-matter-invalid]",
  ])
})

test.run()
