import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatReport } from '../../../src/node/format-report.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a report shows 20 warnings of a file and one line for the rest; the result keeps them all', async () => {
  await withFixtureSite('limits', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 0)
    assert.is(result.diagnostics.length, 25)
    const lines = formatReport(result, { color: false, command: 'check' }).split('\n')
    const known = 'Known keys: title, description, sidebar_label, sidebar_position, id, slug, draft, unlisted, hide_title, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, pagination_prev, pagination_next, sidebar_class_name, keywords, tags.'
    assert.equal(
      lines.filter((line) => line.startsWith('content/')),
      [
        ...Array.from(
          { length: 20 },
          (_, index) => `content/docs/many-keys.md:${index + 3}:1: warning: Unknown key 'custom_${index + 1}'. ${known} [docsgen:front-matter-invalid]`,
        ),
        'content/docs/many-keys.md: warning: 5 more warnings in this file are not shown. Fix the ones above and run again to see the rest. [docsgen:too-many-warnings]',
      ],
    )
    assert.is(lines.at(-2), '✔ check passed with 25 warnings: 5 routes, nothing written.')
  })
})

test.run()
