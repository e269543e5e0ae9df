/** Links of MDX partials, read from the partial's own section (mdx-link-rewriter.ts). */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { mdxLinkRewriters, mdxLinks } from '../../../src/node/content/mdx-link-rewriter.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const partials = suite('MDX partial links')

partials('a partial in a subfolder of docs at the site root reads `/page.md` from the docs folder, as Docusaurus does', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'docs/guides/_shared.mdx'), 'Read the [intro](/intro.md) first.\n')
    await writeFile(join(site.dir, 'docs/guides/usage.mdx'), "import Shared from './_shared.mdx'\n\n# Usage\n\n<Shared />\n")
    await mkdir(join(site.dir, 'versioned_docs/version-1.0/parts/deeper'), { recursive: true })
    await writeFile(join(site.dir, 'versioned_docs/version-1.0/parts/deeper/_note.mdx'), 'See [welcome](/welcome.md) and [intro](../../intro.md).\n')
    await writeFile(join(site.dir, 'versioned_docs/version-1.0/notes.mdx'), "import Note from './parts/deeper/_note.mdx'\n\n# Notes\n\n<Note />\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic).filter((line) => !line.includes('[docsgen:config-unknown-key]')), [])
    assert.match(await site.read('build/docs/guides/usage/index.html'), '<p>Read the <a href="/docs/intro">intro</a> first.</p>')
    assert.match(await site.read('build/docs/1.0/notes/index.html'), '<p>See <a href="/docs/1.0/old-intro">welcome</a> and <a href="/docs/1.0/intro">intro</a>.</p>')
  })
})

partials('a partial three folders deep (website/versioned_docs/version-1) reads `/page.md` from its own version, the longest section folder that holds it', () => {
  const routeOfFile = [
    ['website/docs/intro.md', '/docs/next/intro'],
    ['website/versioned_docs/version-1/intro.md', '/docs/intro'],
    ['website/versioned_docs/version-1/guides/setup.md', '/docs/guides/setup'],
  ] as const
  const sections = ['website/docs', 'website/versioned_docs/version-1', 'website/blog', 'website/src/pages']
  const rewriterFor = mdxLinkRewriters(mdxLinks({ routeOfFile, assetOfFile: [], staticOfFile: [], drafts: [], baseUrl: '/', trailingSlash: undefined }, [], sections))
  const { rewrite } = rewriterFor('website/versioned_docs/version-1/guides/parts/_note.mdx')
  assert.is(rewrite('/intro.md'), '/docs/intro')
  assert.is(rewrite('../setup.md'), '/docs/guides/setup')
  assert.is(rewriterFor('website/docs/_shared.mdx').rewrite('/intro.md'), '/docs/next/intro')
})

partials.run()
