import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { gunzipSync, gzipSync } from 'node:zlib'
import { bundleWidget } from '../../../src/node/bundle/bundle-widget.js'

test('one minified ES module, named by a hash of its content, React in production mode', async () => {
  const bundle = await bundleWidget()
  assert.match(bundle.fileName, /^login-widget-[A-Z0-9]{8}\.js$/)
  const code = new TextDecoder().decode(bundle.contents)
  assert.match(code, /export\{[^}]*\bLoginForm\b|export\{/)
  for (const name of ['LoginForm', 'mount', 'createIdentityClient', 'OrganizationSwitchForm', 'CookieConsent', 'GroupGate']) {
    assert.match(code, new RegExp(`as ${name}[,}]`), `exports ${name}`)
  }
  assert.not.match(code, /process\.env|react-dom-client\.development|\brequire\(/)
  // Minified: a few long lines, then the licence comments esbuild keeps at the end.
  const body = code.slice(0, code.indexOf('/*! Bundled license information:'))
  assert.ok(body.length > 100_000, 'the code is there')
  assert.not.match(body, /resolveWidgetPorts|handleTypesFor|\/\*\*/, 'minified: internal names mangled, doc comments gone')
  assert.is(bundle.bytes, bundle.contents.byteLength)
  assert.is(gunzipSync(gzipSync(bundle.contents, { level: 9 })).byteLength, bundle.bytes)
  assert.is(bundle.gzipBytes, gzipSync(bundle.contents, { level: 9 }).byteLength)
  // React 19 and react-dom are about 69 KB of it; a budget that catches an accidental dependency.
  assert.ok(bundle.gzipBytes < 120_000, `${bundle.gzipBytes} bytes gzipped`)
  const again = await bundleWidget()
  assert.is(again.fileName, bundle.fileName, 'the same sources give the same name')
})

test.run()
