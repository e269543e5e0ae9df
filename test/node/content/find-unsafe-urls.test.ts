import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('javascript:, vbscript: and data: links and images, in Markdown and raw HTML, are errors at their place; nothing is published', async () => {
  await withFixtureSite('unsafe-links', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    const page = 'Link to a page of the site or to an https: URL instead.'
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      `content/docs/Guides/intro.md:3:3: error: Link "javascript:alert(1)" is a javascript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:3:42: error: Link "javascript:alert(2)" is a javascript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:4:1: error: Link "JaVaScRiPt:alert(3)" is a javascript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:4:49: error: Link "vbscript:msgbox(4)" is a vbscript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:4:76: error: Link "data:text/html,<script>alert(5)</script>" is a data: URL, which carries a document of its own; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      'content/docs/Guides/intro.md:6:1: error: Image "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAY…" is a data: URL, which carries a document of its own; it never reaches a page. Save the image as a file beside the page and show it with ![alt](./image.png). [docsgen:unsafe-url]',
      'content/docs/Guides/intro.md:8:6: warning: Link "tel:+15550100" uses the tel: scheme, which pages do not keep, so it is removed. Use an https: URL, or write the address as text. Kept schemes: http:, https:, irc:, ircs:, mailto:, xmpp:. [docsgen:url-removed]',
      `content/docs/Guides/intro.md:12:4: error: Raw HTML href="jav&#x09;ascript:alert(6)" is a javascript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:14:13: error: Raw HTML src="data:text/html,x" is a data: URL, which carries a document of its own; it never reaches a page. ${page} [docsgen:unsafe-url]`,
      `content/docs/Guides/intro.md:14:44: error: Raw HTML href="vbscript:msgbox(7)" is a vbscript: URL, which runs code; it never reaches a page. ${page} [docsgen:unsafe-url]`,
    ])
    assert.not.ok(existsSync(join(site.dir, 'build')))
  })
})

test.run()
