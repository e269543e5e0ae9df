/**
 * The site `docsgen serve` skims while its first build parses (skim-site.ts): every route and the
 * sidebars as the build makes them; nothing for a site that signs readers in (it has private
 * pages) or whose content has errors (the build reports them).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { build } from '../../../src/node/build.js'
import { skimSite } from '../../../src/node/serve/skim-site.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

const sites: FixtureSite[] = []
/** The skim's folders of pages' bodies in the site. */
const bodyFolders = (site: FixtureSite) => {
  const early = join(site.dir, '.docsgen', 'serve', 'early')
  return existsSync(early) ? readdirSync(early) : []
}
const copy = async (name: string) => {
  const site = await fixtureSite(name)
  sites.push(site)
  return site
}

test.after(async () => {
  for (const site of sites) await site.remove()
})

test('a site without sign-in is skimmed into the routes and sidebars its build makes', async () => {
  const site = await copy('serve-skim')
  const skimmed = await skimSite(site.dir)
  assert.ok(skimmed)
  const result = await build({ siteDir: site.dir, outDir: join(site.dir, 'out'), drafts: true })
  assert.is(result.exitCode, 0)
  const listed = (routes: NonNullable<typeof result.manifest>['routes']) => routes.map(({ path, kind, title, description, file }) => ({ path, kind, title, description, file }))
  assert.equal(listed(skimmed.pages.manifest.routes), listed(result.manifest!.routes))
  assert.equal(skimmed.pages.manifest.sidebars, result.manifest!.sidebars)
  assert.is(bodyFolders(site).length, 1)
  skimmed.remove()
  assert.equal(bodyFolders(site), [])
})

test('the page asked for is parsed whole; the others only as far as their leads', async () => {
  const site = await copy('serve-skim')
  const skimmed = (await skimSite(site.dir))!
  const headings = (pages: typeof skimmed.pages, file: string) => pages.content.documents.find((document) => document.file === file)!.headings.map((heading) => heading.id)
  const intro = 'content/docs/Guides/intro.md'
  const api = 'content/docs/Reference/api.md'
  assert.equal([headings(skimmed.pages, intro), headings(skimmed.pages, api)], [['introduction-to-serve'], ['api-reference']])
  const whole = (await skimmed.withPage(intro))!
  assert.equal([headings(whole, intro), headings(whole, api)], [['introduction-to-serve', 'next'], ['api-reference']])
  skimmed.remove()
})

test('a site that signs readers in, or whose content has errors, is not skimmed', async () => {
  assert.is(await skimSite((await copy('serve-site')).dir), undefined)
  const broken = await copy('bad-content')
  assert.is(await skimSite(broken.dir), undefined)
  assert.equal(bodyFolders(broken), [])
})

test.run()
