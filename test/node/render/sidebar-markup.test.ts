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
    for (const [items, markup] of [
      [views.publicSidebar(route), publicMarkup],
      [views.privateSidebar(route), fullMarkup],
    ] as const) {
      if (!items) continue
      const href = routeHref(route.path)
      assert.is(markup(items, href).html, renderToStaticMarkup(createElement(SidebarList, { items, currentHref: href })), route.path)
      compared++
    }
  }
  assert.ok(compared > 40, `compared ${compared}`)
})

test.run()
