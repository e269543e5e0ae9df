/** Which `.md` pages `markdown.format: 'detect'` reads as MDX: those that use its syntax outside code, and no others. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isMdx } from '../../../src/node/content/mdx-syntax.js'

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

test.run()
