/** Raw HTML in Markdown is sanitised to GitHub's allow-list, not dropped (issue 11 item 4). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const rawHtml = suite('raw HTML')

rawHtml('images and ids of raw HTML take part in the file and anchor checks, at their place in the file', async () => {
  await withFixtureSite('raw-html', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/page.md:6:1: error: Image "./missing.png" names a file that does not exist (resolved as "content/docs/missing.png"). Put the file beside the page; paths are relative to the page\'s source file. [docsgen:missing-file]',
      'content/docs/page.md:19:1: error: Link "./other.md#nope" points to "#nope", which is not a heading on "/docs/other". Headings on that page: #other, #legacy, #old-name. [docsgen:missing-anchor]',
    ])
  })
})

rawHtml('safe HTML is kept (line breaks, sup, sub, kbd, images, details with Markdown inside); scripts, styles, handlers and frames go', async () => {
  await withFixtureSite('raw-html', async (site) => {
    const page = await site.read('content/docs/page.md')
    await writeFile(join(site.dir, 'content/docs/page.md'), page.replace('<img src="./missing.png" alt="Missing">\n', '').replace('[Nowhere](./other.md#nope)\n', ''))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const html = await site.read('build/docs/page.html')
    assert.match(html, '<p>Line one<br>line two, x<sup>2</sup>, H<sub>2</sub>O and <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>')
    assert.match(html, '<img src="/docs/shot.svg" alt="Shot" width="300">')
    assert.match(html, '<details>\n<summary>More</summary>\n<p>Hidden <strong>markdown</strong> with <a href="/docs/other#legacy">a legacy anchor</a>')
    // The theme's own classes are the only ones kept.
    assert.match(html, '<div class="admonition-danger">styled</div>')
    const body = html.slice(html.indexOf('class="markdown-body"'), html.indexOf('</article>'))
    for (const gone of ['<script', 'alert(1)', 'style=', 'onclick', 'steal', '<iframe']) assert.not.match(body, gone)
    assert.match(await site.read('build/docs/other.html'), '<a id="legacy"></a>')
    assert.ok((await site.list('build')).includes('docs/shot.svg'))
  })
})

rawHtml.run()
