/** Which `.md` pages `markdown.format: 'detect'` reads as MDX: those that use its syntax outside code, and no others. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isMdx, prepareMdxSource } from '../../../src/node/content/mdx-syntax.js'

test('import and export lines, capitalised elements and JSX attribute values make a page MDX', () => {
  const mdx = [
    "import Tabs from '@theme/Tabs'\n\n# Page\n",
    'export const year = 2024\n\n# Page\n',
    '# Page\n\n<Tabs>\n</Tabs>\n',
    '# Page\n\n<code style={{display: "block"}}>\n$ prettier --check\n</code>\n',
    '# Page\n\nA <span className="note" title={label}>note</span>.\n',
  ]
  assert.equal(mdx.map((text) => isMdx('docs/page.md', text, 'detect')), mdx.map(() => true))
})

test('plain Markdown, HTML with plain attributes, and MDX syntax inside code stay Markdown', () => {
  const markdown = [
    '# Page\n\nText with <b>bold</b> and <a href="/x">a link</a>.\n',
    '# Page\n\n```jsx\n<Tabs style={{ a: 1 }} />\nimport X from "y"\n```\n',
    '# Page\n\nWrite `<span style={{color: "red"}}>` in MDX.\n',
    '# Page\n\nSet `a={b}` or a={b} in text: no element.\n',
    '# Page\n\n[My page](<./My Page.md>)\n',
  ]
  assert.equal(markdown.map((text) => isMdx('docs/page.md', text, 'detect')), markdown.map(() => false))
})

test('.mdx files are MDX, and a format other than detect decides for every page', () => {
  assert.equal([isMdx('docs/page.mdx', '# Plain\n', 'detect'), isMdx('docs/page.md', '# Plain\n', 'mdx'), isMdx('docs/page.mdx', '<Tabs />\n', 'md')], [true, true, false])
})

test('hostile input is read in one pass: 200 000 unclosed fences (code to the end, as CommonMark reads it), long runs of spaces in a heading or a directive line', () => {
  assert.is(isMdx('docs/page.md', `${'```x\n'.repeat(200_000)}<A>\n`, 'detect'), false)
  assert.is(isMdx('docs/page.md', '```js\n<A>\n', 'detect'), false)
  const spaces = ' '.repeat(300_000)
  assert.equal(prepareMdxSource(`# a${spaces}b\n# a${spaces}b {#id}  \n:::tip a${spaces}b\n:::tip a${spaces}b${spaces}\n`).split('\n'), [`# a${spaces}b`, `# a${spaces}b \\{#id\\}`, `:::tip[a${spaces}b]`, `:::tip[a${spaces}b]`, ''])
})

test.run()
