import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openPage } from './dom.js'

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

test.run()
