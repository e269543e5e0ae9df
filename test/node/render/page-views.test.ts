import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolveConfig } from '../../../src/node/config/resolve-config.js'
import { parseContent } from '../../../src/node/content/parse-content.js'
import { readContent } from '../../../src/node/content/read-content.js'
import { buildManifest } from '../../../src/node/manifest/build-manifest.js'
import { compilePrivatePathRules } from '../../../src/node/manifest/private-path-rules.js'
import { createPageViews } from '../../../src/node/render/page-views.js'
import type { SidebarViewItem } from '../../../src/shared/page-view.js'

const repository = new URL('../../..', import.meta.url).pathname

async function repositorySite() {
  const { config } = resolveConfig({ title: 'T', login: { orgID: 'o', privatePaths: [{ path: '/docs/Private/**', groups: ['admins'] }] } }, 'site.config.ts', '')
  const content = await parseContent(repository, (await readContent(repository)).files, config!)
  const { manifest } = buildManifest(content, config!, compilePrivatePathRules(config!.login!.privatePaths).compiled)
  return { manifest, config: config! }
}

/** What is open and marked, as lines: `> label` for an active category, `* label` for the current link. */
function marks(items: readonly SidebarViewItem[], depth = 0): string[] {
  return items.flatMap((item) => {
    const indent = '  '.repeat(depth)
    if (item.type === 'link') return item.active ? [`${indent}* ${item.label}`] : []
    if (item.type === 'html' || item.type === 'more') return []
    return [...(item.active ? [`${indent}> ${item.label}`] : []), ...(item.expanded ? marks(item.items, depth + 1) : [])]
  })
}

test('a page sees its branch open and only its own link marked, whichever pages were drawn before', async () => {
  const { manifest, config } = await repositorySite()
  const shared = createPageViews(manifest, config)
  let compared = 0
  for (const route of [...manifest.routes].reverse()) {
    // A fresh instance has no views cached from other pages of the branch.
    const fresh = createPageViews(manifest, config)
    assert.equal(shared.publicSidebar(route), fresh.publicSidebar(route), route.path)
    assert.equal(shared.privateSidebar(route), fresh.privateSidebar(route), route.path)
    if (shared.publicSidebar(route)) compared++
  }
  assert.ok(compared > 20, `compared ${compared}`)

  const route = (path: string) => manifest.routes.find((candidate) => candidate.path === path)!
  assert.equal(marks(shared.publicSidebar(route('/docs/Sanctum/Microsoft/PowerShell'))!), ['> Sanctum', '  > Microsoft', '    * PowerShell'])
  assert.equal(marks(shared.publicSidebar(route('/docs/category/microsoft'))!), ['> Sanctum', '  > Microsoft'])
  // A private page's own sidebar opens its branch.
  assert.equal(marks(shared.privateSidebar(route('/docs/Private/notice'))!), ['> Private', '  * Notice'])
})

test.run()
