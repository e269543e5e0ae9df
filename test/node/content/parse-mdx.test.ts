/** MDX pages' heading ids and anchors, as Docusaurus gives them. */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test("a heading's id written in a comment (`{/* #id */}`, Docusaurus 3.10) is its id, and an id on an element (`<Link id>`, `<a id>`) is an anchor links may name", async () => {
  await withFixtureSite('mdx-comment-ids', async (site) => {
    const broken = await build({ siteDir: site.dir, write: false })
    assert.equal(broken.diagnostics.map(formatDiagnostic), [
      'content/docs/intro.mdx:15:9: error: Link "#stage-1:-decorators" points to "#stage-1:-decorators", which is not a heading on "/docs/intro". Headings on that page: #intro, #new-features, #stage-0:-class-properties, #spaced, #raw-anchor. [docsgen:missing-anchor]',
    ])
    const page = join(site.dir, 'content/docs/intro.mdx')
    await writeFile(page, (await readFile(page, 'utf8')).replace('\nBroken: [stage 1](#stage-1:-decorators).\n', ''))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.match(
      await site.read('build/docs/intro.html'),
      [
        '<h1 id="intro">Intro</h1><div class="markdown-body"><h2 class="section-title"><a id="new-features"></a>New Features</h2>',
        '<h3 id="stage-0:-class-properties">Stage 0: Class Properties<a class="hash-link" href="#stage-0:-class-properties" aria-label="Direct link to Stage 0: Class Properties">#</a></h3>',
        '<h3 id="spaced">Spaced<a class="hash-link" href="#spaced" aria-label="Direct link to Spaced">#</a></h3>',
        '<p>See <a href="#stage-0:-class-properties">stage 0</a>, <a href="#spaced">spaced</a>, <a href="#new-features">the features</a> and <a href="#raw-anchor">the anchor</a>.</p>',
        '<a id="raw-anchor"></a></div>',
      ].join('\n'),
    )
  })
})

test.run()
