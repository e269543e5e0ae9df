/**
 * Slugs and base paths a site sets are hostile until proven: none may write outside the output
 * folders, hang the build or silently take another page's place.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { withFixtureSite, type FixtureSite } from '../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)

const slugs = suite('build: category slugs')

slugs('a slug that climbs out, lands on another page or names a device is an error at its place; nothing is written', async () => {
  await withFixtureSite('unsafe-slugs', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Escape/_category_.json:3:48: error: "link.slug" "../../../../tmp/docsgen-escape" has the part "..", which climbs out of its folder. Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides). [docsgen:category-invalid]',
      'content/docs/Guides/_category_.json:3:48: error: "link.slug" "../Guides/intro" has the part "..", which climbs out of its folder. Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides). [docsgen:category-invalid]',
      'content/docs/Reserved/_category_.json:3:48: error: "link.slug" "/category/con" has the part "con", which is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides). [docsgen:category-invalid]',
      'content/docs/Reserved/_category_.json:3:74: error: "link.title" must be a text, got a number (7). [docsgen:category-invalid]',
      'content/docs/Taken/_category_.json:3:41: error: Route "/docs/Guides/intro" is produced twice: by "content/docs/Guides/intro.md" and by the generated index of category "Taken". Rename or move one of them; only one page can live at a path. [docsgen:duplicate-route]',
    ])
    // Where the slug pointed, read from the docs folder or from the staging folder beside the site.
    for (const escaped of ['/tmp/docsgen-escape.html', join(site.dir, '../tmp/docsgen-escape.html')]) assert.not.ok(existsSync(escaped), escaped)
    assert.not.ok(existsSync(join(site.dir, 'build')))
    // The page keeps its route; a slug written as in Docusaurus is a path under the docs.
    const routes = result.manifest!.routes.map((route) => `${route.path} ${route.kind}`)
    assert.ok(routes.includes('/docs/Guides/intro doc'))
    assert.ok(routes.includes('/docs/category/docusaurus-style category'))
  })
})

slugs('a page whose path a browser reads as another ("#", "%" in a file name, slug or id) is an error at its place: "c#.md" would be served as "c.md"', async () => {
  await withFixtureSite('escaped-paths', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    const why = '"#" and "?" end the path of a URL and "%" begins an escape.'
    assert.equal(messages(result), [
      `content/docs/sdk/100% done.md: error: "content/docs/sdk/100% done.md" would be at "/docs/sdk/100% done", which is no path a browser can read: ${why} Rename the file or folder, or set a slug, without "#", "?" or "%". [docsgen:output-path-invalid]`,
      `content/docs/sdk/c#.md: error: "content/docs/sdk/c#.md" would be at "/docs/sdk/c#", which is read by a browser as "/docs/sdk/c": ${why} Rename the file or folder, or set a slug, without "#", "?" or "%". [docsgen:output-path-invalid]`,
      `content/docs/sdk/release%20notes.md: error: "content/docs/sdk/release%20notes.md" would be at "/docs/sdk/release%20notes", which is read by a browser as "/docs/sdk/release notes": ${why} Rename the file or folder, or set a slug, without "#", "?" or "%". [docsgen:output-path-invalid]`,
      `content/docs/sdk/sharp.md:2:5: error: Front matter "id" would put the page at "/docs/sdk/c#", which is read by a browser as "/docs/sdk/c": ${why} Write an id of plain names, without "#", "?" or "%". [docsgen:front-matter-invalid]`,
      `content/docs/sdk/slugged.md:2:7: error: Front matter "slug" would put the page at "/docs/guide#setup", which is read by a browser as "/docs/guide": ${why} Write a slug of plain names, such as "/guides/setup" (from the docs root) or "setup" (beside the file). [docsgen:front-matter-invalid]`,
      `content/docs/Tools/_category_.json:1:66: error: "link.slug" "/category/tools#all" is read by a browser as "/category/tools": ${why} Write a path of plain names under the docs, such as "/category/guides" (published at /docs/category/guides). [docsgen:category-invalid]`,
    ])
    assert.not.ok(existsSync(join(site.dir, 'build')))
  })
})

slugs('a slug generated from a label is proven too: a category labelled "CON" needs a slug of its own', async () => {
  await withFixtureSite('no-config', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Start/_category_.json'), '{ "label": "CON", "link": { "type": "generated-index" } }\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Start/_category_.json:1:20: error: The generated index of category "CON" would be at "/docs/category/con", which has the part "con", which is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension). Set "link.slug" in the category file to a path of plain names, such as "/category/guides". [docsgen:category-invalid]',
    ])
  })
})

const basePaths = suite('build: docs.routeBasePath')

async function withRouteBasePath(site: FixtureSite, routeBasePath: string): Promise<void> {
  const configFile = join(site.dir, 'site.config.ts')
  await writeFile(configFile, (await readFile(configFile, 'utf8')).replace("docs: { mainDoc: 'Guides/intro' }", `docs: { mainDoc: 'Guides/intro', routeBasePath: '${routeBasePath}' }`))
}

basePaths('"//docs" is refused at once instead of hanging the build', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await withRouteBasePath(site, '//docs')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      'site.config.ts:7:36: error: "docs.routeBasePath" must be a route path of plain names, such as "/docs": "//docs" has an empty part ("//"), which a browser reads as the start of a host name. [docsgen:config-invalid]',
    ])
  })
})

basePaths('a base path with ".." is refused, so no page (private ones included) is written outside the output', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await withRouteBasePath(site, '/../../outside')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      'site.config.ts:7:36: error: "docs.routeBasePath" must be a route path of plain names, such as "/docs": "/../../outside" has the part "..", which climbs out of its folder. [docsgen:config-invalid]',
    ])
    assert.not.ok(existsSync(join(site.dir, '..', 'outside')))
  })
})

basePaths('written as in Docusaurus, without the slashes, it is the same path', async () => {
  await withFixtureSite('no-config', async (site) => {
    await writeFile(join(site.dir, 'site.config.ts'), "export default { title: 'T', docs: { routeBasePath: 'guides/' } }\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [])
    assert.is(result.manifest!.version.path, '/guides')
    assert.ok(existsSync(join(site.dir, 'build/guides/Start/getting-started.html')))
  })
})

basePaths("'/' (a docs-only site) puts generated index pages at /category/…, never at //category/…", async () => {
  await withFixtureSite('no-config', async (site) => {
    await writeFile(join(site.dir, 'site.config.ts'), "export default { title: 'T', docs: { routeBasePath: '/' } }\n")
    await writeFile(join(site.dir, 'content/docs/Start/_category_.json'), '{ "label": "Start", "link": { "type": "generated-index" } }\n')
    await writeFile(join(site.dir, 'content/docs/Start/index.md'), '# Start here\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [])
    assert.equal(
      result.manifest!.routes.map((route) => `${route.path} ${route.file}`),
      ['/ index.html', '/404 404.html', '/Start/ Start/index.html', '/Start/getting-started Start/getting-started.html', '/category/start category/start.html'],
    )
  })
})

slugs.run()
basePaths.run()
