import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { withFixtureSite } from '../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)

const content = suite('content and config problems')

content('front matter, category files and component pages: every problem with its place', async () => {
  await withFixtureSite('bad-content', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Guides/_category_.json:2:12: error: "label" must be a text, got a number (3). [docsgen:category-invalid]',
      'content/docs/Guides/_category_.json:3:15: error: "position" must be a number, got the text "first". [docsgen:category-invalid]',
      "content/docs/Guides/_category_.json:4:4: error: Unknown key 'colapsed'. Did you mean 'collapsed'? [docsgen:category-invalid]",
      'content/docs/Guides/_category_.json:5:11: error: "link" must be { "type": "generated-index" }, { "type": "doc", "id": "…" } or null, got {"type":"doc"}. [docsgen:category-invalid]',
      'content/docs/Guides/front-matter.md:2:17: error: Invalid front matter: Flow sequence in block collection must be sufficiently indented and end with a ]. [docsgen:front-matter-invalid]',
      'content/docs/Guides/types.md:3:3: error: Front matter "title" must be a text, got a mapping. [docsgen:front-matter-invalid]',
      'content/docs/Guides/types.md:4:19: error: Front matter "sidebar_position" must be a number, got the text "soon". [docsgen:front-matter-invalid]',
      "content/docs/Guides/types.md:6:1: warning: Unknown key 'publish'. Known keys: title, description, sidebar_label, sidebar_position, id, slug, draft, unlisted, hide_title, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, pagination_prev, pagination_next, sidebar_class_name, keywords, tags. [docsgen:front-matter-invalid]",
      'content/docs/Other/_category_.json:1:20: error: Invalid JSON: expected a property name in double quotes. [docsgen:category-invalid]',
      'content/pages/broken.tsx:3:1: error: Cannot compile the page: The character "}" is not valid inside a JSX element. [docsgen:page-render-failed]',
      'content/pages/broken.tsx:4:1: error: Cannot compile the page: Unexpected end of file before a closing "p" tag. [docsgen:page-render-failed]',
    ])
  })
})

content('a component page that throws while rendering fails the build without writing', async () => {
  await withFixtureSite('bad-content', async (site) => {
    for (const file of ['content/docs/Guides/_category_.json', 'content/docs/Other/_category_.json', 'content/docs/Guides/front-matter.md', 'content/docs/Guides/types.md', 'content/pages/broken.tsx'])
      await rm(join(site.dir, file))
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), ['content/pages/throws.tsx:2:9: error: The page threw while rendering: page exploded. [docsgen:page-render-failed]'])
    assert.equal((await site.list('.')).filter((file) => file.startsWith('build/')), [])
  })
})

content('a config that throws, or does not compile, is a configuration error (exit 2)', async () => {
  for (const [name, expected] of [
    ['throwing-config', 'site.config.ts:2:28: error: The config threw while loading: DOCS_TITLE is not set. Fix the error in the config file; it must evaluate without throwing. [docsgen:config-invalid]'],
    ['syntax-config', 'site.config.ts:2:14: error: Cannot compile the config: Expected identifier but found ",". [docsgen:config-invalid]'],
  ] as const) {
    await withFixtureSite(name, async (site) => {
      const result = await build({ siteDir: site.dir })
      assert.is(result.exitCode, 2)
      assert.equal(messages(result), [expected])
    })
  }
})

content.run()
