/** markdown.attrs's own delimiters, read everywhere VitePress's markdown-it-attrs reads attributes: headings, container titles, included headings. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test("with markdown.attrs's delimiters %{ }%, a heading's or container title's {#id} is text (the heading slugged with it) and %{#id}% is the id; an include names headings by those ids", async () => {
  await withFixtureSite('vitepress-attrs-delimiters', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config.mts: warning: docsgen reads .vitepress/config.mts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page). Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
      'index.md:19:82: warning: Link "#braced" points to "#braced", which is not a heading on "/". Headings on that page: #start, #braces-stay-text-not-an-id, #marked, #tip-id. [docsgen:missing-anchor]',
    ])
    const home = await site.read('build/index.html')
    assert.match(
      home,
      [
        '<h2 id="braces-stay-text-not-an-id">Braces stay text {#not-an-id}<a class="hash-link" href="#braces-stay-text-not-an-id" aria-label="Direct link to Braces stay text {#not-an-id}">#</a></h2>',
        '<h2 id="marked">Marked<a class="hash-link" href="#marked" aria-label="Direct link to Marked">#</a></h2>',
        '<div class="admonition admonition-tip" role="note" id="tip-id"><p class="admonition-heading">Custom title</p><div class="admonition-content">',
        '<p>In a tip.</p>',
        '</div></div>',
        '<div class="admonition admonition-warning" role="note"><p class="admonition-heading">Braced title {#braced}</p><div class="admonition-content">',
        '<p>In a warning.</p>',
        '</div></div>',
        '<p>Shared text.</p>',
        '<p>Literal text.</p>',
        '<p>Links:',
      ].join('\n'),
    )
    assert.not.match(home, 'Not included.')
    assert.match(await site.read('build/parts.html'), '<h2 id="literal-kept">Literal {#kept}<a class="hash-link"')
  })
})

test("VitePress 2's names of the delimiters, markdown.attrs.left and right, are read as VitePress 1's leftDelimiter and rightDelimiter", async () => {
  await withFixtureSite('vitepress-2-attrs', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config.mts: warning: docsgen reads .vitepress/config.mts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page); it ignores markdown.attrs.allowed. Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
    ])
    assert.match(
      await site.read('build/index.html'),
      [
        '<h2 id="Type-Aliases">Type Aliases<a class="hash-link" href="#Type-Aliases" aria-label="Direct link to Type Aliases">#</a></h2>',
        '<h3 id="Type-Aliases-LocationQuery">LocationQuery<a class="hash-link" href="#Type-Aliases-LocationQuery" aria-label="Direct link to LocationQuery">#</a></h3>',
      ].join('\n'),
    )
  })
})

test.run()
