/** A post's date with a year below 100, read as Docusaurus reads it: js-yaml's Date.UTC for a YAML date, `new Date(`${text}Z`)` for a text or a file name. */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test("a year below 100: date: 0099-01-01 is 1999 (js-yaml), '0049-06-15' 2049 and a file named 0099-12-31 1999 (the engine's reading of a text); a text the engine reads no date from is a mistake, a file name so is undated", async () => {
  await withFixtureSite('blog-years-below-100', async (site) => {
    const mistaken = await build({ siteDir: site.dir, write: false })
    assert.equal(mistaken.diagnostics.map(formatDiagnostic), [
      'content/blog/no-day.md:3:7: error: Front matter "date" names no day of the calendar, got "0020-03-04": Docusaurus reads a year below 100 as new Date("0020-03-04Z") does, which is no date. Write the post\'s real date. [docsgen:front-matter-invalid]',
    ])
    await rm(join(site.dir, 'content/blog/no-day.md'))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const time = async (post: string) => /<time [^>]*>[^<]*<\/time>/.exec(await site.read(`build/blog/${post}.html`))?.[0]
    assert.is(await time('unquoted'), '<time datetime="1999-01-01T00:00:00.000Z">January 1, 1999</time>')
    assert.is(await time('quoted'), '<time datetime="2049-06-15T00:00:00.000Z">June 15, 2049</time>')
    assert.is(await time('0099/12/31/named'), '<time datetime="1999-12-31T00:00:00.000Z">December 31, 1999</time>')
    assert.is(await time('0020/03/04/early'), undefined)
  })
})

test.run()
