import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkFixture } from '../../helpers/check-fixture.js'

test('a broken link fails wherever it sits: the title, front matter, headings, table cells, footnotes, quotes and lists', async () => {
  const { exitCode, messages } = await checkFixture('links-everywhere')
  assert.is(exitCode, 1)
  assert.equal(messages, [
    'content/docs/front-matter.md:3:14: warning: Front matter "description" shows "[the guide](/docs/guide-missing)" as it is written: front matter is plain text, not Markdown. Write it without link syntax, and link from the page\'s text. [docsgen:front-matter-invalid]',
    'content/docs/front-matter.md:3:14: error: Link "/docs/guide-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/front-matter.md:4:16: warning: Front matter "sidebar_label" shows "[Setup](./nope-label.md)" as it is written: front matter is plain text, not Markdown. Write it without link syntax, and link from the page\'s text. [docsgen:front-matter-invalid]',
    'content/docs/front-matter.md:4:16: error: Link "./nope-label.md" names a file that does not exist (resolved as "content/docs/nope-label.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
    'content/docs/good-title.md:1:14: warning: The title shows "Start with the intro": the link of "the intro" (./intro.md) is dropped, since a page title is plain text. Link from the page\'s text instead, or write the title without a link. [docsgen:title-link]',
    'content/docs/intro.md:1:9: error: Link "./nope.md" names a file that does not exist (resolved as "content/docs/nope.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
    'content/docs/intro.md:1:9: warning: The title shows "Hello x and y": the link of "x" (./nope.md) is dropped, since a page title is plain text. Link from the page\'s text instead, or write the title without a link. [docsgen:title-link]',
    'content/docs/intro.md:1:28: error: Link "/docs/missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/intro.md:1:28: warning: The title shows "Hello x and y": the link of "y" (/docs/missing) is dropped, since a page title is plain text. Link from the page\'s text instead, or write the title without a link. [docsgen:title-link]',
    'content/docs/intro.md:3:17: error: Link "/docs/heading-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/intro.md:7:8: error: Link "/docs/cell-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/intro.md:7:38: error: Link "/docs/table-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/intro.md:11:16: error: Link "/docs/footnote-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    'content/docs/intro.md:13:34: error: Link "/docs/quote-missing" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
  ])
})

test.run()
