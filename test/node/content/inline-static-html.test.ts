/** Static parts of MDX pages compiled to HTML at build time (inline-static-html.ts): the page renders as it did. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { builtInComponents } from '../../../src/client/mdx/built-in-components.js'
import { parseMdx } from '../../../src/node/content/parse-mdx.js'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const inline = suite('MDX static parts as HTML')
const require = createRequire(import.meta.url)
const fixture = (name: string) => readFile(new URL(`../../fixtures/mdx-static/${name}`, import.meta.url), 'utf8')

/** The page a compiled program renders, with the components docsgen gives every page. */
async function render(program: string, components: object = builtInComponents): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'docsgen-mdx-static-'))
  try {
    const file = join(folder, 'page.mjs')
    await writeFile(file, program.replaceAll('"react/jsx-runtime"', JSON.stringify(pathToFileURL(require.resolve('react/jsx-runtime')).href)))
    const module = (await import(pathToFileURL(file).href)) as { default: ComponentType<{ components: object }> }
    return renderToStaticMarkup(createElement(module.default, { components }))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

const compile = (text: string, inlineStatic: boolean) => parseMdx(text, 'docs/everything.mdx', (url) => (url.endsWith('.md') ? url.replace(/\.md$/, '') : undefined), { slugify: 'github', inlineStatic }).program!

inline('every Markdown construct renders byte for byte as its elements did, and the program is smaller', async () => {
  const text = await fixture('everything.mdx')
  const inlined = compile(text, true)
  const elements = compile(text, false)
  assert.match(inlined, 'dangerouslySetInnerHTML')
  assert.not.match(elements, 'dangerouslySetInnerHTML')
  assert.ok(inlined.length < elements.length * 0.8, `${inlined.length} vs ${elements.length}`)
  const html = await render(inlined)
  assert.is(html, await render(elements))
  // A few of the constructs, so that "the same" is not "the same and empty".
  assert.match(html, '<link rel="preload" as="image" href="/img/a.png"/>')
  assert.match(html, '<p>Text with &quot;quotes&quot;, &#x27;apostrophes&#x27;, <b>bold HTML</b>, &amp; ampersands, © entities and <code>code &lt;spans&gt;</code>.</p>')
  assert.match(html, '<th style="text-align:center">Centre</th>')
  assert.match(html, '<input type="checkbox" disabled="" checked=""/>')
  assert.match(html, '<div role="tabpanel" class="tabs-panel" id=')
  assert.match(html, 'A line with 2 an expression.')
})

inline('content inside a component that is not docsgen\'s is left as elements: the component may read its children', async () => {
  const text = '<Shout>\n  Some *text*.\n</Shout>\n\nOutside.\n'
  const program = compile(text, true)
  assert.match(program, /__html: "Outside\."/)
  assert.not.match(program, /__html: "Some/)
  // A component that reads its children's children sees what it saw before.
  const Shout = ({ children }: { children?: { props: { children: unknown[] } } }) => createElement('strong', null, String(children!.props.children.length))
  const html = await render(program, { ...builtInComponents, Shout })
  assert.is(html, '<strong>3</strong>\n<p>Outside.</p>')
  assert.is(html, await render(compile(text, false), { ...builtInComponents, Shout }))
})

inline('a page that hands components to a partial is told so; its partial compiles with its elements kept', async () => {
  const page = parseMdx("import Setup from './_setup.mdx'\n\n<Setup components={{ p: Loud }} />\n", 'docs/page.mdx', () => undefined, { slugify: 'github' })
  assert.equal(page.givesComponentsTo, ['./_setup.mdx'])
  const spread = parseMdx("import Setup from './_setup.mdx'\nexport const Again = () => <Setup />\n\n<Setup {...props} />\n", 'docs/page.mdx', () => undefined, { slugify: 'github' })
  assert.equal(spread.givesComponentsTo, ['./_setup.mdx'])
  const plain = parseMdx("import Setup from './_setup.mdx'\n\n<Setup />\n", 'docs/page.mdx', () => undefined, { slugify: 'github' })
  assert.equal(plain.givesComponentsTo, [])
  const Loud = ({ children }: { children?: unknown }) => createElement('p', { className: 'loud' }, children as never)
  const partial = parseMdx('Set *this* up.\n', 'docs/_setup.mdx', () => undefined, { slugify: 'github', inlineStatic: false }).program!
  assert.is(await render(partial, { p: Loud }), '<p class="loud">Set <em>this</em> up.</p>')
})

inline('a build: the partial a page hands components to renders with them', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/loud.mdx'), "import Setup from './_setup.mdx'\n\nexport const Loud = (props) => <p className=\"loud\" {...props} />\n\n<Setup components={{ p: Loud }} />\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const html = await site.read('build/docs/Guides/loud.html')
    assert.match(html, '<p class="loud">Edit the <a href="/docs/Guides/intro#settings">settings</a>.</p>')
    // The page that shows the partial without components still has plain paragraphs.
    assert.match(await site.read('build/docs/Guides/install.html'), '<p>Edit the <a href="/docs/Guides/intro#settings">settings</a>.</p>')
  })
})

inline.run()
