/** A blog tag's permalink that a browser would read as another path, reported where it is written. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a tag permalink with "#" is an error at its line in tags.yml or in the post\'s front matter, not at site.config.ts', async () => {
  await withFixtureSite('blog-tag-permalinks', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/blog/2024-01-01-first.md:3:44: error: Front matter "tags[1].permalink" is "/other#x", which is read by a browser as "/other": "#" and "?" end the path of a URL and "%" begins an escape. Write the permalink without "#", "?" or "%". [docsgen:front-matter-invalid]',
      'content/blog/tags.yml:3:14: error: "release.permalink" is "/release#notes", which is read by a browser as "/release": "#" and "?" end the path of a URL and "%" begins an escape. Write the permalink without "#", "?" or "%". [docsgen:tags-invalid]',
    ])
    assert.is(result.exitCode, 1)
  })
})

test.run()
