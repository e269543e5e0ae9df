/**
 * The build's report as a terminal shows it: what a content file says is quoted as text, never
 * as escape sequences that would drive the terminal.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from '../../src/node/build.js'
import { formatReport } from '../../src/node/format-report.js'
import { withFixtureSite } from '../helpers/fixture-site.js'

test('control characters and bidi controls a page quotes (a slug, a link) are written as \\u{…} escapes, never sent to the terminal', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const page = ['---', 'title: Escapes', 'slug: "/x\u001b[2Jy"', '---', '', 'See [this](<./gone\u001b]0;PWNED\u0007\u202e.md>) now.', ''].join('\n')
    await writeFile(join(site.dir, 'content', 'docs', 'Guides', 'escapes.md'), page)
    const result = await build({ siteDir: site.dir })
    const report = formatReport(result, { color: false, command: 'build' })
    assert.not.match(report, /[\u001b\u0007\u202e]/)
    const lines = report.split('\n').filter((line) => line.startsWith('content/docs/Guides/escapes.md'))
    assert.equal(lines, [
      'content/docs/Guides/escapes.md:3:7: error: Front matter "slug" would put the page at "/docs/x\\u{1b}[2Jy", which has the part "x\\u{1b}[2Jy", which contains the control character U+001B, a character Windows does not allow in names. Write a slug of plain names, such as "/guides/setup" (from the docs root) or "setup" (beside the file). [docsgen:front-matter-invalid]',
      'content/docs/Guides/escapes.md:6:5: error: Link "./gone\\u{1b}]0;PWNED\\u{7}\\u{202e}.md" names a file that does not exist (resolved as "content/docs/Guides/gone\\u{1b}]0;PWNED\\u{7}\\u{202e}.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
    ])
  })
})

test.run()
