/** Links to Markdown files: from the root of a site whose pages are its folder itself (a VitePress site without srcDir), with a query. */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a root-relative .md link on a VitePress site read from its own folder resolves from that folder, and one to a missing file names the file it looked for', async () => {
  await withFixtureSite('vitepress-root-links', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config.mts: warning: docsgen reads .vitepress/config.mts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page). Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
      'guide/advanced/routing.md:3:62: error: Link "/api/interfaces/Router.md#push" names a file that does not exist (resolved as "api/interfaces/Router.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
    ])
    assert.is(result.exitCode, 1)
  })
})

test('a link to a .md file with a query is the page with that query, its anchor checked, as Docusaurus resolves it; one to a missing file is reported as such', async () => {
  await withFixtureSite('docusaurus-md-link-query', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'docs/api/window.md:3:116: error: Link "structures/gone.md?inline" names a file that does not exist (resolved as "docs/api/structures/gone.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
      "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
    assert.is(result.exitCode, 1)
    const page = join(site.dir, 'docs/api/window.md')
    await writeFile(page, (await readFile(page, 'utf8')).replace(' and [gone ones](structures/gone.md?inline)', ''))
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.match(
      await site.read('build/docs/api/window/index.html'),
      '<p>Takes <a href="/docs/api/structures/window-options?inline">options</a>, their <a href="/docs/api/structures/window-options?inline#width">width</a>.</p>',
    )
  })
})

test.run()
