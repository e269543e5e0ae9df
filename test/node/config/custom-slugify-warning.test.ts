/** A VitePress site's own markdown.anchor.slugify: not called, said once where it is written. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test("a VitePress config's own markdown.anchor.slugify (in a file the config imports) is said to be not applied, at its line, with the site's attribute delimiters in the way out", async () => {
  await withFixtureSite('vitepress-custom-slugify', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config/index.ts: warning: docsgen reads .vitepress/config/index.ts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page); it ignores markdown.anchor. Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
      '.vitepress/config/shared.ts:8:7: warning: markdown.anchor.slugify is the site\'s own function, which docsgen does not call: headings get VitePress\'s default ids ("Getting Started" → "getting-started"), so a link to an id that only the site\'s function makes is reported as a missing anchor. Write such a heading\'s id on it ("## Getting Started %{#Getting-Started}%"), which VitePress and docsgen both keep, or link to the default id. [docsgen:config-unknown-key]',
      'index.md:5:5: warning: Link "#Getting-Started" points to "#Getting-Started", which is not a heading on "/". Did you mean "#getting-started"? [docsgen:missing-anchor]',
    ])
    assert.is(result.exitCode, 0)
    assert.match(await site.read('build/index.html'), '<h2 id="Kept-Case">Kept Case<a class="hash-link"')
  })
})

test.run()
