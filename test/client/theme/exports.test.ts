import { readdirSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const folder = new URL('../../../src/client/theme/', import.meta.url)

test('each component file exports the component it is named after (and nothing by accident)', async () => {
  const extraExports: Record<string, string[]> = {
    MobileMenu: ['MobileMenuSwitch', 'MobileMenuToggle'],
    TableOfContents: ['nestEntries'],
    Page: ['pageFrameKey', 'pageFrameOf', 'pageRegionOf'],
  }
  const files = readdirSync(folder).filter((file) => file.endsWith('.tsx'))
  assert.ok(files.includes('Page.tsx'))
  for (const file of files) {
    const name = file.slice(0, -'.tsx'.length)
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>
    assert.equal(Object.keys(module).sort(), [name, ...(extraExports[name] ?? [])].sort(), file)
    assert.type(module[name], 'function', file)
  }
})

test.run()
