/** An MDX text compiled once for every file that has it (mdx-parser.ts): each file gets what compiling it would give. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createMdxParser, programReadingLinks, programWithLinks, readSharedProgram } from '../../../src/node/content/mdx-parser.js'
import { parseMdx } from '../../../src/node/content/parse-mdx.js'

const once = suite('MDX compiled once per text')

const text = "# Guide\n\nSee [the setup](./setup.md), [escaped](./a%20b.md) and ![logo](./logo.png).\n\n<a href=\"./raw.md\">raw</a>\n\n```js\nconst link = './setup.md'\n```\n"
/** A link whose published URL the compiler would escape: the file is compiled on its own. */
const escaped = "# Guide\n\nSee [a query](./q.md?x=1&y=2) and [the setup](./setup.md).\n"

/** A rewriter that publishes links under `folder`, recording what it was asked. */
function rewriter(folder: string) {
  const asked: string[] = []
  return { asked, rewrite: (url: string) => (asked.push(url), url.startsWith('./') ? `/docs/${folder}/${url.slice(2).replace(/\.md\b/, '')}` : undefined) }
}

once('two files with one text: each gets its own links, exactly as compiling it alone would write them', () => {
  const parse = createMdxParser([text, text, text])
  const pages = ['v1', 'v2', 'v1'].map((folder) => {
    const cached = rewriter(folder)
    const alone = rewriter(folder)
    const page = parse(text, `docs/${folder}/guide.mdx`, cached.rewrite, { slugify: 'github' })
    const expected = parseMdx(text, `docs/${folder}/guide.mdx`, alone.rewrite, { slugify: 'github' })
    assert.is(programWithLinks(page), expected.program)
    assert.equal(page.links, expected.links)
    assert.equal(page.outline, expected.outline)
    // The rewriter saw every link once, in order: the files the links reach are found as before.
    assert.equal(cached.asked, alone.asked)
    assert.equal(cached.asked, ['./setup.md', './a%20b.md', './logo.png', './raw.md'])
    assert.match(programWithLinks(page)!, `/docs/${folder}/setup`)
    assert.not.match(programWithLinks(page)!, 'docsgen')
    return page
  })
  // Compiled once: the files share what does not depend on the file, the program included.
  assert.is(pages[1]!.outline, pages[0]!.outline)
  assert.is(pages[1]!.program, pages[0]!.program)
  assert.equal(pages.map((page) => page.linksApart?.urls), [
    ['/docs/v1/setup', '/docs/v1/a%20b', '/docs/v1/logo.png', '/docs/v1/raw'],
    ['/docs/v2/setup', '/docs/v2/a%20b', '/docs/v2/logo.png', '/docs/v2/raw'],
    ['/docs/v1/setup', '/docs/v1/a%20b', '/docs/v1/logo.png', '/docs/v1/raw'],
  ])
})

once('a text whose links the compiler would escape is compiled for each file, as it would be alone', () => {
  const parse = createMdxParser([escaped, escaped])
  const pages = ['v1', 'v2'].map((folder) => {
    const page = parse(escaped, `docs/${folder}/guide.mdx`, rewriter(folder).rewrite, { slugify: 'github' })
    assert.is(page.program, parseMdx(escaped, `docs/${folder}/guide.mdx`, rewriter(folder).rewrite, { slugify: 'github' }).program)
    assert.match(page.program!, `/docs/${folder}/q?x=1&amp;y=2`)
    return page
  })
  assert.is.not(pages[1]!.outline, pages[0]!.outline)
})

once('a text with problems is compiled for each file: its diagnostics name that file', () => {
  const broken = '# Broken\n\nA {curly without end\n'
  const parse = createMdxParser([broken, broken])
  for (const file of ['docs/v1/broken.mdx', 'docs/v2/broken.mdx']) {
    const page = parse(broken, file, () => undefined, { slugify: 'github' })
    assert.equal(page.diagnostics.map((problem) => problem.file), [file])
  }
})

once('a text given once is compiled as it is', () => {
  const parse = createMdxParser([text, escaped])
  const asked = rewriter('v1')
  const page = parse(text, 'docs/v1/guide.mdx', asked.rewrite, { slugify: 'github' })
  assert.is(page.program, parseMdx(text, 'docs/v1/guide.mdx', rewriter('v1').rewrite, { slugify: 'github' }).program)
  assert.equal(asked.asked, ['./setup.md', './a%20b.md', './logo.png', './raw.md'])
  assert.is.not(parse(text, 'docs/v1/guide.mdx', rewriter('v1').rewrite, { slugify: 'github' }).outline, page.outline)
})

once('one module for every file of a text reads the links from where it is told; imports resolved from the file\'s folder are named, and changed as asked', () => {
  const page = createMdxParser([text, text])(text, 'docs/v1/guide.mdx', rewriter('v1').rewrite, { slugify: 'github' })
  const shared = readSharedProgram(page.program!, page.linksApart!.nonce)!
  assert.equal(shared.sources, [])
  const module = programReadingLinks(shared, 'links', new Map())
  assert.not.match(module, 'docsgen')
  for (const read of ['href: ("" + links[0] + "")', 'href: ("" + links[1] + "")', 'src: ("" + links[2] + "")', 'href: ("" + links[3] + "")']) assert.match(module, read)
  const withImports = `import Setup from './_setup.mdx'\nimport Note from '@site/docs/_note.md'\nimport Embed from 'an-embed'\nimport Tabs from '@theme/Tabs'\n\n${text}\n<Setup />\n`
  const importing = createMdxParser([withImports, withImports])(withImports, 'docs/v1/guide.mdx', rewriter('v1').rewrite, { slugify: 'github' })
  const read = readSharedProgram(importing.program!, importing.linksApart!.nonce)!
  assert.equal(read.sources.map((source) => source.value), ['./_setup.mdx', '@site/docs/_note.md', 'an-embed'])
  const changed = programReadingLinks(read, 'links', new Map([['./_setup.mdx', 'mdx-text:3']]))
  assert.match(changed, 'import Setup from "mdx-text:3";')
  assert.match(changed, "import Note from '@site/docs/_note.md';")
  assert.match(changed, "import Embed from 'an-embed';")
  assert.not.match(changed, 'docsgen')
})

once('a program that imports at run time, requires or reads import.meta, or holds a token outside a string literal, cannot be shared', () => {
  const nonce = '0123456789abcdef'
  for (const program of ["const m = import('./a.js')", "const m = require('./a.js')", 'const u = import.meta.url', `const r = /docsgen${nonce}link0x/`, `const t = \`docsgen${nonce}link0x\``]) {
    assert.is(readSharedProgram(program, nonce), undefined, program)
  }
  assert.ok(readSharedProgram(`const s = "docsgen${nonce}link0x"`, nonce))
})

once.run()
