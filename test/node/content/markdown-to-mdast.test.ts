import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Root as HastRoot } from 'hast'
import type { Root as MdastRoot } from 'mdast'
import rehypeStringify from 'rehype-stringify'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { markdownToMdast } from '../../../src/node/content/markdown-to-mdast.js'

const repository = new URL('../../..', import.meta.url).pathname
const fixtures = join(repository, 'test/fixtures/markdown')

// remark-parse with remark-gfm is the reference: what the tree must render to, link positions included.
const reference = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm)
const toHtml = unified().use(remarkRehype).use(rehypeStringify)

interface Rendered {
  readonly html: string
  /** Every link as `href@line:column`, footnote links aside. */
  readonly links: string[]
}

function render(tree: MdastRoot): Rendered {
  const hast = toHtml.runSync(tree) as HastRoot
  const links: string[] = []
  visit(hast, 'element', (node) => {
    const href = node.properties.href
    if (node.tagName === 'a' && !String(href).startsWith('#user-content-'))
      links.push(`${String(href)}@${node.position ? `${node.position.start.line}:${node.position.start.column}` : 'none'}`)
  })
  return { html: toHtml.stringify(hast), links }
}

async function markdownFiles(): Promise<string[]> {
  const files = (await readdir(fixtures)).filter((name) => name.endsWith('.md')).map((name) => join(fixtures, name))
  for (const entry of await readdir(join(repository, 'content'), { recursive: true }))
    if (entry.endsWith('.md')) files.push(join(repository, 'content', entry))
  return files
}

test('every content file and Markdown fixture renders exactly as with remark-parse and remark-gfm, link positions included', async () => {
  const files = await markdownFiles()
  assert.ok(files.length > 18)
  let links = 0
  for (const file of files) {
    const text = await readFile(file, 'utf8')
    const ours = render(markdownToMdast(text))
    assert.equal(ours, render(reference.parse(text)), file)
    assert.not.ok(ours.links.some((link) => link.endsWith('@none')), file)
    links += ours.links.length
  }
  assert.ok(links > 120, `only ${links} links compared`)
})

test('Windows line endings: the same HTML as remark (which keeps \\r in text) and the same link positions', async () => {
  const text = (await readFile(join(fixtures, 'commonmark-edge-cases.md'), 'utf8')).replace(/\n/g, '\r\n')
  const ours = render(markdownToMdast(text))
  const theirs = render(reference.parse(text))
  assert.is(ours.html, theirs.html.replace(/\r\n/g, '\n'))
  assert.equal(ours.links, theirs.links)
})

test('a byte order mark is dropped, before front matter too, as remark drops it', () => {
  for (const text of ['\uFEFF---\ntitle: A\n---\n\n# Hi [x](./y.md)\n', '\uFEFF# Hi\n']) {
    const tree = markdownToMdast(text)
    assert.equal(render(tree), render(reference.parse(text)))
    assert.is.not(tree.children[0]?.type, 'paragraph')
  }
})

test('front matter becomes a yaml node at line 1, and later lines keep their numbers', () => {
  const text = '---\ntitle: A\nsidebar_position: 2\n---\n\nSee [B](./b.md).\n'
  const tree = markdownToMdast(text)
  assert.equal(tree.children[0], {
    type: 'yaml',
    value: 'title: A\nsidebar_position: 2',
    position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 4, column: 4, offset: 36 } },
  })
  assert.equal(tree.children[0], reference.parse(text).children[0])
  assert.equal(render(tree).links, ['./b.md@6:5'])
})

test('a file that only opens a front matter fence has none: the fence is a thematic break', () => {
  assert.is(render(markdownToMdast('---\ntitle: A\n')).html, '<hr>\n<p>title: A</p>')
})

test('links in table cells point at their own cell, also when two cells hold the same text', () => {
  const text = '| A | B |\n| --- | --- |\n| [x](/docs/x) | [x](/docs/x) |\n'
  assert.equal(render(markdownToMdast(text)).links, ['/docs/x@3:3', '/docs/x@3:18'])
})

test('literal links follow GFM: www., http(s) and e-mail addresses are linked, bare domains and file names are not', () => {
  const { html } = render(markdownToMdast('See www.example.com, https://a.example/x, it@example.org, config.md, example.com or ftp://f.example.\n'))
  assert.is(
    html,
    '<p>See <a href="http://www.example.com">www.example.com</a>, <a href="https://a.example/x">https://a.example/x</a>, <a href="mailto:it@example.org">it@example.org</a>, config.md, example.com or ftp://f.example.</p>',
  )
})

test('a document without www. read after one with it finds links as if read first: one parser switches its fuzzy links per document', () => {
  const plain = 'See https://a.example/x, it@example.org, config.md and example.com.\n'
  const alone = render(markdownToMdast(plain)).html
  assert.is(render(markdownToMdast('See www.example.com and example.com.\n')).html, '<p>See <a href="http://www.example.com">www.example.com</a> and example.com.</p>')
  assert.is(render(markdownToMdast(plain)).html, alone)
  assert.is(alone, '<p>See <a href="https://a.example/x">https://a.example/x</a>, <a href="mailto:it@example.org">it@example.org</a>, config.md and example.com.</p>')
})

test('known difference from remark-gfm: a single tilde does not strike through', () => {
  assert.is(render(markdownToMdast('~one~ and ~~two~~\n')).html, '<p>~one~ and <del>two</del></p>')
})

test('unsafe URLs stay in the tree, for the sanitiser to remove, as with remark', () => {
  const tree = markdownToMdast('[x](javascript:alert(1))\n')
  assert.equal(render(tree).links, ['javascript:alert(1)@1:1'])
})

test('thousands of links on one line, in a quote and in a table cell with escaped pipes, keep their positions', () => {
  const line = Array.from({ length: 2000 }, (_, index) => `[l${index}](/docs/p${index})`).join(' a\\|b ')
  const text = `${line}\n\n> ${line}\n\n| A | B |\n| --- | --- |\n| x | ${line} |\n`
  const ours = render(markdownToMdast(text))
  assert.is(ours.links.length, 6000)
  assert.equal(ours, render(reference.parse(text)))
})

test('a paragraph of 132 000 inline nodes builds: they are appended one by one, not spread into one call', () => {
  const paragraph = markdownToMdast(('*a**'.repeat(20) + '\n').repeat(3300)).children[0]
  assert.is(paragraph?.type === 'paragraph' && paragraph.children.length, 132_000)
})

test.run()
