/**
 * A page's lead (page-lead.ts): the text up to the end of its first paragraph, fenced blocks
 * skipped whole; and, through the content stage's leadOnly, documents listed exactly as a whole
 * parse lists them (title, description, sidebar label and position, route), with less body.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readSiteContent } from '../../../src/node/content/read-site-content.js'
import { leadOf } from '../../../src/node/content/page-lead.js'
import { readSiteConfig } from '../../../src/node/config/read-site-config.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

test('the lead ends at the blank line after the first paragraph, past front matter and the leading heading', () => {
  const page = '---\ntitle: T\n---\n\n# Heading\n\nFirst paragraph\non two lines.\n\n## Later\n\nMore.\n'
  assert.is(leadOf(page), '---\ntitle: T\n---\n\n# Heading\n\nFirst paragraph\non two lines.')
  assert.is(leadOf('# Only a heading\n\n## And another\n'), '# Only a heading\n\n## And another\n')
})

test('a fenced block before the first paragraph is kept whole, blank lines and `#` lines in it included', () => {
  const page = '# T\n\n```sh\n# comment\n\nnpm start\n```\n\nThe paragraph.\n\nRest.\n'
  assert.is(leadOf(page), '# T\n\n```sh\n# comment\n\nnpm start\n```\n\nThe paragraph.')
  assert.is(leadOf('~~~\nnever closed\n\ntext\n'), '~~~\nnever closed\n\ntext\n')
})

test('front matter that does not close is left whole, for the whole parse to report', () => {
  const page = '---\ntitle: T\n\n# Heading\n\nText.\n\nMore.\n'
  assert.is(leadOf(page), page)
})

let site: FixtureSite | undefined

test.after(async () => {
  await site?.remove()
})

test('documents parsed only as far as their leads are listed as the whole parse lists them', async () => {
  site = await fixtureSite('serve-skim')
  const config = (await readSiteConfig(site.dir, { timeLimitMs: 10_000, command: 'build' })).site!.config
  const options = { threads: 1, drafts: true, cacheDir: `${site.dir}/.docsgen/cache`, timeLimitMs: 10_000, loadComponents: false, bodiesDir: undefined }
  const whole = await readSiteContent(site.dir, config, options)
  const lead = await readSiteContent(site.dir, config, { ...options, leadOnly: () => true })
  const listed = (documents: typeof whole.content.documents) =>
    documents.map(({ file, route, id, title, description, sidebarLabel, sidebarPosition, display }) => ({ file, route, id, title, description, sidebarLabel, sidebarPosition, display }))
  assert.equal(listed(lead.content.documents), listed(whole.content.documents))
  assert.equal(
    whole.content.documents.map((document) => [document.title, document.description]),
    [
      ['Install the server', 'How to install it, from front matter.'],
      ['Introduction to serve', "The first paragraph, which is the page's description and goes on for a second line."],
      ['API reference', 'The description comes after the code block.'],
      ['Setext title', 'A paragraph under a setext heading.'],
    ],
  )
  // The rest of a page is not parsed: its later headings are not known.
  const headings = (result: typeof whole, file: string) => result.content.documents.find((document) => document.file.endsWith(file))!.headings.map((heading) => heading.id)
  assert.equal(headings(whole, 'intro.md'), ['introduction-to-serve', 'next'])
  assert.equal(headings(lead, 'intro.md'), ['introduction-to-serve'])
  assert.equal([lead.diagnostics, whole.diagnostics], [[], []])
})

test.run()
