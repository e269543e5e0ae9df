import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SidebarList } from '../../../src/client/theme/SidebarList.js'
import { resolveConfig } from '../../../src/node/config/resolve-config.js'
import { parseContent } from '../../../src/node/content/parse-content.js'
import { readContent } from '../../../src/node/content/read-content.js'
import { buildManifest } from '../../../src/node/manifest/build-manifest.js'
import { compilePrivatePathRules } from '../../../src/node/manifest/private-path-rules.js'
import { createPageViews } from '../../../src/node/render/page-views.js'
import { createSidebarMarkup } from '../../../src/node/render/sidebar-markup.js'
import { routeHref } from '../../../src/shared/canonical-path.js'
import { build } from '../../../src/node/build.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const repository = new URL('../../..', import.meta.url).pathname

test("cached branch markup with the current link marked equals rendering each page's sidebar directly", async () => {
  // The repository's own site: spaces and & in hrefs, category pages, a private section.
  const { config } = resolveConfig({ title: 'T', login: { orgID: 'o', privatePaths: [{ path: '/docs/Private/**', groups: ['admins'] }] } }, 'site.config.ts', '')
  const content = await parseContent(repository, (await readContent(repository)).files, config!)
  const { manifest } = buildManifest(content, config!, compilePrivatePathRules(config!.login!.privatePaths).compiled)
  const views = createPageViews(manifest, config!)
  const publicMarkup = createSidebarMarkup()
  const fullMarkup = createSidebarMarkup()
  let compared = 0
  for (const route of manifest.routes) {
    for (const [items, markup, side] of [
      [views.publicSidebar(route), publicMarkup, 'public'],
      [views.privateSidebar(route), fullMarkup, 'private'],
    ] as const) {
      if (!items) continue
      const href = routeHref(route.path)
      assert.is(markup(views.sidebarSet(route, side), items, href).html, renderToStaticMarkup(createElement(SidebarList, { items, currentHref: href })), route.path)
      compared++
    }
  }
  assert.ok(compared > 40, `compared ${compared}`)
})

/** The sidebar links a built page or page data file shows, as `label -> href`, the current one marked `*`. */
function sidebarLinks(html: string): string[] {
  const sidebar = html.slice(html.indexOf('sidebar-list'))
  return [...sidebar.matchAll(/<a class=\\?"sidebar-link( sidebar-link--active)?\\?" href=\\?"([^"\\]*)\\?"[^>]*>([^<]*)/g)].map(([, active, href, label]) => `${active ? '*' : ''}${label} -> ${href}`)
}

test('pages of two sidebars whose branches have the same shape each show their own (versioned docs)', async () => {
  await withFixtureSite('versioned-docs', async (site) => {
    assert.is((await build({ siteDir: site.dir, cache: false })).exitCode, 0)
    // The 1.0 pages are rendered first, and their flat sidebar has the shape of next's.
    assert.equal(sidebarLinks(await site.read('build/docs/1.0/intro.html')), ['*Intro (1.0) -> /docs/1.0/intro', 'Setup 1.0 -> /docs/1.0/setup'])
    assert.equal(sidebarLinks(await site.read('build/docs/next/intro.html')), ['*Intro (next) -> /docs/next/intro', 'Brand new -> /docs/next/new'])
  })
})

test("a private page shows what its own readers may see, never another group's pages: in its sidebar, or as the previous or next page its front matter names", async () => {
  await withFixtureSite('group-sidebars', async (site) => {
    assert.is((await build({ siteDir: site.dir, cache: false })).exitCode, 0)
    assert.equal(sidebarLinks(await site.read('.docsgen/private/_docsgen/data/docs/alpha-secret.json')), ['Welcome -> /docs/intro', '*Alpha plans -> /docs/alpha-secret'])
    const beta = await site.read('.docsgen/private/_docsgen/data/docs/beta-secret.json')
    assert.equal(sidebarLinks(beta), ['Welcome -> /docs/intro', '*Beta plans -> /docs/beta-secret'])
    // Its front matter names the alpha page as previous and next: neither is shown.
    assert.not.match(beta, 'Alpha')
    assert.not.match(beta, 'alpha-secret')
  })
})

test.run()
