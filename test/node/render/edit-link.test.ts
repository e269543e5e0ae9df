/** "Edit this page": docs.editUrl and blog.editUrl, with the page's file added or put for `:path`, encoded; a private page's only where the gate serves it. */
import { execFileSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const link = (href: string) => `<p class="edit-this-page"><a href="${href}" target="_blank" rel="noopener noreferrer">Edit this page</a></p>`

test("`:path` is the file under its docs folder, each part encoded; a private page's link is only in the gate's output", async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir, configOverrides: { docs: { mainDoc: 'Guides/intro', editUrl: 'https://git.example/edit/main/docs/:path' } } })
    assert.is(result.exitCode, 0)
    assert.match(await site.read('build/docs/Tools & Tips/Shortcuts & Tricks.html'), link('https://git.example/edit/main/docs/Tools%20%26%20Tips/Shortcuts%20%26%20Tricks.md'))
    const grep = (folder: string) => execFileSync('grep', ['-rl', 'edit/main/docs/Private', folder], { cwd: site.dir, encoding: 'utf8' }).trim().split('\n')
    assert.throws(() => grep('build'), 'no deployable file names the private page\'s source')
    assert.ok(grep('.docsgen/private').length > 0)
  })
})

test('without `:path`, the file under the site folder is added to the URL; an editUrl that is no http(s) URL is a config error', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir, configOverrides: { docs: { mainDoc: 'Guides/intro', editUrl: 'https://git.example/tree/main' } } })
    assert.match(await site.read('build/docs/Guides/intro.html'), link('https://git.example/tree/main/content/docs/Guides/intro.md'))
    const refused = await build({ siteDir: site.dir, write: false, configOverrides: { docs: { editUrl: 'javascript:alert(1)' } } })
    assert.is(refused.exitCode, 2)
    assert.equal(refused.diagnostics.map(formatDiagnostic), ['site.config.ts: error: "docs.editUrl" must be an http or https URL, got "javascript:alert(1)". [docsgen:config-invalid]'])
  })
})

test.run()
