import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openPage } from './dom.js'

const root = fileURLToPath(new URL('../../src/widget/', import.meta.url))
const src = resolve(root, '..')

test('should expose the public api', async () => {
  // Imported after a page is open: index re-exports mount(), which loads react-dom/client (see dom.ts).
  const page = await openPage()
  const widget = await import('../../src/widget/index.js')
  const bundleEntry = await import('../../src/widget/bundle-entry.js')
  await page.close()
  assert.equal(Object.keys(bundleEntry).sort(), [...Object.keys(widget), 'createIdentityClient'].sort(), 'the bundle adds the SDK’s client')
  assert.equal(Object.keys(widget).sort(), [
    'CONSENT_LEVELS',
    'COUNTRIES',
    'CookieConsent',
    'DEFAULT_FACTORS',
    'DEFAULT_TEXT',
    'GroupGate',
    'LoginForm',
    'OrganizationSwitchForm',
    'PREFERRED_COUNTRY_CODES',
    'WidgetConfigError',
    'groupsMatch',
    'mount',
    'resolveWidgetConfig',
  ])
})

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : []
  })
}

const ALLOWED_PACKAGES = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'])

test('the widget imports only itself, the SDK’s public index, src/shared, react and react-dom; no Node', () => {
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? match[2]!
      if (!specifier.startsWith('.')) {
        assert.ok(ALLOWED_PACKAGES.has(specifier), `${file}: imports '${specifier}'`)
        continue
      }
      const target = relative(src, resolve(dirname(file), specifier))
      const inside = target.startsWith('widget/') || target.startsWith('shared/') || target === 'identity/index.js'
      assert.ok(inside, `${file}: imports '${specifier}' (${target}); use src/identity/index.ts, src/shared or the widget's own modules`)
    }
    assert.not.match(text, /\bprocess\.|\bBuffer\b|\brequire\(|from 'node:/, `${file} uses Node`)
  }
})

test.run()
