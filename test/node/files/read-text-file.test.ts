import { open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { maxLineLength } from '../../../src/node/files/read-text-file.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a Markdown file over 4 MiB is refused unread, and so is a line over 100 000 characters', async () => {
  await withFixtureSite('limits', async (site) => {
    const docs = join(site.dir, 'content/docs')
    // A sparse 200 MiB file: its size is all that is looked at.
    const huge = await open(join(docs, 'huge.md'), 'w')
    await huge.truncate(200 * 1024 * 1024)
    await huge.close()
    await writeFile(join(docs, 'at-the-limit.md'), `# At the limit\n\n${'a'.repeat(maxLineLength)}\n`)
    await writeFile(join(docs, 'long-line.md'), `# Long line\n\n${'[x](/docs/small) '.repeat(6000)}\n`)
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(
      result.diagnostics.filter((item) => item.severity === 'error').map(formatDiagnostic),
      [
        'content/docs/huge.md: error: The file is 200 MiB; a file the site reads may be at most 4 MiB. Split it into smaller files. [docsgen:file-too-large]',
        'content/docs/long-line.md:3:100001: error: Line 3 is 102000 characters long; a line may be at most 100000. Break it into shorter lines (a paragraph may span many), or move generated data out of the page. [docsgen:line-too-long]',
      ],
    )
  })
})

test.run()
