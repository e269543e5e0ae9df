import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { parseMarkdown, type ParseMarkdownOptions } from '../../../src/node/content/parse-markdown.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'

// Inputs that once took seconds to minutes or overflowed the stack: each must finish (the run's
// own limit catches a hang) and give the page and the diagnostics a reader would expect.
const keep = () => undefined
const vitepress = (siteDir: string): ParseMarkdownOptions => ({ slugify: 'vitepress', vitepress: { siteDir, sourceRoot: 'content/docs' } })

async function withSite(files: Record<string, string>, run: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-hostile-'))
  try {
    await mkdir(join(dir, 'content/docs'), { recursive: true })
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, 'content/docs', name), text)
    await run(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

test('attributes written like {a="x" a="x" … !} that end in no brace are text, read in one pass', () =>
  withSite({}, (dir) => {
    const written = `{${Array(60).fill('a="x"').join(' ')} !`
    const page = parseMarkdown(`Text ${written}\n\nMore {#kept a="x y" b=z}\n`, 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.html.split('\n'), [`<p>Text ${written}</p>`, '<p id="kept">More</p>'])
  }))

test('attribute delimiters made of pattern characters are matched as written, and a long run of ids that ends in no delimiter is text, read in one pass', () =>
  withSite({}, (dir) => {
    const options = { ...vitepress(dir), attributes: { leftDelimiter: '(?', rightDelimiter: '$)' } }
    const run = Array(20_000).fill('#a').join(' ')
    const page = parseMarkdown(`## Title (?#t.x+)\n\n## Plain (?#p .w$)\n\nText (?${run} $\n\nBraces {#b}\n`, 'content/docs/page.md', keep, options)
    assert.equal(page.headings.map((heading) => `${heading.id} ${heading.text}`), ['title-t-x Title (?#t.x+)', 'p Plain'])
    assert.match(page.html, `<p>Text (?${run} $</p>\n<p>Braces {#b}</p>`)
  }))

test('attributes are looked for from the last left delimiter only: a long run of delimiters that never closes is text, read in one pass', () =>
  withSite({}, (dir) => {
    const run = '{a='.repeat(40_000)
    const page = parseMarkdown(`Text ${run}\n\nMore {#kept}\n`, 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.html.split('\n'), [`<p>Text ${run}</p>`, '<p id="kept">More</p>'])
    const percent = parseMarkdown(`## Title %{#t}%\n\nText ${'%{a='.repeat(40_000)}}%\n`, 'content/docs/page.md', keep, { ...vitepress(dir), attributes: { leftDelimiter: '%{', rightDelimiter: '}%' } })
    assert.equal(percent.headings.map((heading) => `${heading.id} ${heading.text}`), ['t Title'])
  }))

test('a tab marker, a tag-like run, directives and a code title over long lines are read in one pass', () =>
  withSite({}, (dir) => {
    const tags = '<A '.repeat(33_000)
    const name = `a${' '.repeat(99_990)}b`
    // The unclosed comment last: it is a comment to the end of the page.
    const text = [`::: tabs\n== ${name}${' '.repeat(5)}\nbody\n:::`, `\`\`\`js ${' ['.repeat(49_000)}\nx\n\`\`\``, `<div>\n${[tags, tags, tags].join('\n')}\n</div>`, '<!--@include:'.repeat(7_000)].join('\n\n')
    const page = parseMarkdown(text, 'content/docs/page.md', keep, vitepress(dir))
    assert.match(page.html, `tabindex="0" data-value="${name}">${name}</button>`)
    assert.match(page.html, '<div class="code-block" data-language="js"><span class="code-block-language">js</span><pre tabindex="0">')
    assert.equal(page.diagnostics.map(formatDiagnostic), [])
  }))

test('a long run of attributes or of tags that never end in `/>` is read in one pass, as HTML', () =>
  withSite({}, (dir) => {
    const attributes = `<span ${'a=x/y '.repeat(30_000)}>`
    const tags = '<i b=c '.repeat(30_000)
    const page = parseMarkdown(`<div>\n${attributes}\n${tags}\n</div>\n\nA <sup /> after.\n`, 'content/docs/page.md', keep, vitepress(dir))
    assert.match(page.html, '<p>A <sup></sup> after.</p>')
  }))

test('a region of 600 000 lines and a page of 200 000 distinct components give a page and one warning, not a stack overflow', () =>
  withSite({ 'big.js': `// #region r\n${' x\n'.repeat(600_000)}// #endregion r\n` }, (dir) => {
    const snippet = parseMarkdown('<<< ./big.js#r\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.match(snippet.html, `<span class="code-line">x</span>`)
    assert.equal(snippet.diagnostics, [])
    let components = ''
    for (let index = 0; index < 200_000; index++) components += `<X${index.toString(36)} />\n\n`
    const page = parseMarkdown(`# V\n\n${components}<Teleport />\n`, 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md: warning: The Vue components <X0>, <X1>, <X2> and 199998 more are left out of the page: docsgen runs no Vue. Write what they show in Markdown, or leave them out of the page. [docsgen:vue-unsupported]',
    ])
  }))

test('a region of a file with Windows line endings is included', () =>
  withSite({ 'crlf.md': '# P\r\n\r\n<!-- #region part -->\r\nREGIONTEXT\r\n<!-- #endregion part -->\r\n' }, (dir) => {
    const page = parseMarkdown('# X\n\n<!--@include: ./crlf.md#part-->\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.diagnostics.map(formatDiagnostic), [])
    assert.equal(page.html.split('\n'), ['', '<p>REGIONTEXT</p>'])
  }))

test('a source root path written with backslashes is held to the source root as one with slashes', () =>
  withSite({}, async (dir) => {
    await writeFile(join(dir, 'site.config.ts'), 'export const secret = 1\n')
    const page = parseMarkdown('<!--@include: @/..\\..\\site.config.ts-->\n\n<<< @\\..\\..\\site.config.ts\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:1:1: error: Cannot include "@/..\\..\\site.config.ts": it is outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
      'content/docs/page.md:3:1: error: Cannot import the code snippet "@\\..\\..\\site.config.ts": it is outside content/docs/, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ])
    assert.not.match(page.html, 'secret')
  }))

test('an included line longer than a page may have is refused at the directive, as it would be in the page', () =>
  withSite({ 'long.txt': `== a${' '.repeat(300_000)}b\n`, 'short.txt': 'x'.repeat(60_000) }, (dir) => {
    const page = parseMarkdown('::: tabs\n<!--@include: ./long.txt-->\n:::\n\nTwo: <!--@include: ./short.txt--> <!--@include: ./short.txt-->\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:2:1: error: Included text makes a line 300005 characters long; a line may be at most 100000. Break the included text into shorter lines (a paragraph may span many), or include less on one line. [docsgen:include-invalid]',
      'content/docs/page.md:5:35: error: Included text makes a line 120006 characters long; a line may be at most 100000. Break the included text into shorter lines (a paragraph may span many), or include less on one line. [docsgen:include-invalid]',
    ])
    assert.not.match(page.html, 'xxxxx')
  }))

test('a file included 500 times is read once, and what the includes read counts against the page\'s limit', () =>
  withSite({ 'big.txt': `x\n${`${'y'.repeat(99)}\n`.repeat(40_000)}`, 'small.txt': 'small\n' }, (dir) => {
    const page = parseMarkdown(`${'<!--@include: ./big.txt{1,1}-->\n'.repeat(500)}\n<<< ./big.txt\n\n<!--@include: ./small.txt-->\n`, 'content/docs/page.md', keep, vitepress(dir))
    // Once: the includes and the snippet after it are left out as well.
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:2:1: error: Cannot include "./big.txt{1,1}": the page\'s includes and code snippets would read more than 4 MB (the later ones are left out too). Include less, or split the page. [docsgen:include-invalid]',
    ])
    assert.equal(page.html, '<p>x</p>')
  }))

test('a named pipe named by an include or a code snippet is refused, never opened to wait on a writer; the next build does the same', () =>
  withSite({ 'page.md': '# Page\n\n<<< ./pipe\n\n<!--@include: ./pipe-->\n' }, async (dir) => {
    execFileSync('mkfifo', [join(dir, 'content/docs/pipe')])
    await writeFile(join(dir, 'site.config.ts'), "export default { title: 'T', url: 'https://t.example', markdown: { flavor: 'vitepress' } }\n")
    const expected = [
      'content/docs/page.md:3:1: error: Cannot import the code snippet "./pipe": content/docs/pipe cannot be read: it is a named pipe, socket or device, not a regular file. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
      'content/docs/page.md:5:1: error: Cannot include "./pipe": content/docs/pipe cannot be read: it is a named pipe, socket or device, not a regular file. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ]
    for (let run = 0; run < 2; run++) {
      const result = await build({ siteDir: dir })
      assert.equal(result.diagnostics.filter((found) => found.ruleId === 'include-invalid').map(formatDiagnostic), expected)
    }
  }))

test('a first line of --- with a long run of spaces inside is read in one pass, in either flavour', () =>
  withSite({}, (dir) => {
    const text = `---a${' '.repeat(300_000)}b\n\nText.\n`
    for (const options of [vitepress(dir), {}]) assert.equal(parseMarkdown(text, 'content/docs/page.md', keep, options).html.split('\n').slice(-1), ['<p>Text.</p>'])
    assert.equal(parseMarkdown('---yaml  \ntitle: T\n---\n\nBody\n', 'content/docs/page.md', keep).frontMatter.title, 'T')
  }))

test('an include with a region or a line range but no path says the path is empty', () =>
  withSite({}, (dir) => {
    const page = parseMarkdown('<!--@include: #r-->\n\n<!--@include: {1,2}-->\n', 'content/docs/page.md', keep, vitepress(dir))
    assert.equal(page.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:1:1: error: Cannot include "#r": its path is empty. Write the path of the file before the region or line range, as in "./part.md#r". [docsgen:include-invalid]',
      'content/docs/page.md:3:1: error: Cannot include "{1,2}": its path is empty. Write the path of the file before the region or line range, as in "./part.md{1,2}". [docsgen:include-invalid]',
    ])
  }))

test.run()
