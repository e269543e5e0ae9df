/** The site's config files each see their own place, as VitePress's and Docusaurus's loaders give it. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a helper the VitePress config imports from a subfolder reads files beside itself by import.meta.url, import.meta.dirname and its own __dirname', async () => {
  await withFixtureSite('vitepress-file-scope', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config/index.ts: warning: docsgen reads .vitepress/config/index.ts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page); it stood in for the package vitepress, which is not installed. Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
    ])
    assert.is(result.exitCode, 0)
    const home = await site.read('build/index.html')
    // The home page is titled by the site's title and description, both read beside the helper.
    assert.match(home, '<title>Read beside · Described beside Read beside</title>')
  })
})

test.run()
