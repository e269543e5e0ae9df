/** `defineConfig` types every setting resolveConfig reads (the suite's typecheck is the test), and returns its argument. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { defineConfig } from '../../../src/node/config/define-config.js'
import { resolveConfig } from '../../../src/node/config/resolve-config.js'

test("the docs version settings are typed, and resolveConfig reads what defineConfig types", () => {
  const config = defineConfig({
    title: 'Versioned',
    docs: { lastVersion: '1.0', includeCurrentVersion: true, onlyIncludeVersions: ['current', '1.0'], versions: { current: { label: 'Next', path: 'next', banner: 'unreleased' }, '1.0': { noIndex: false } } },
  })
  const resolved = resolveConfig(config, 'site.config.ts', '', { versionNames: ['1.0'] })
  assert.equal(resolved.diagnostics, [])
  assert.equal(resolved.config!.docs.versions.map((version) => `${version.label} ${version.path} ${version.isLast}`), ['Next /docs/next false', '1.0 /docs true'])
})

test.run()
