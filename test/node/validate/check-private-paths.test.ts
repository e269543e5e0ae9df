import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a rule that makes the home page private is an error; one that makes every page private is flagged', async () => {
  await withFixtureSite('broad-private-rules', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    const fix = 'Name the private sections instead, such as "/docs/Private/**": rules match route paths, and "**" crosses "/".'
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'site.config.ts:5:3: error: login.privateRedirectPath "/" is itself private, so refused readers would be redirected in a loop. Point it at a public page, such as "/". [docsgen:redirect-target-private]',
      `site.config.ts:7:29: error: Private path rule login.privatePaths[0] "**/" matches "/", the home page, so the whole site would sit behind sign-in and refused readers would have no public page to land on. ${fix} [docsgen:private-path-too-broad]`,
      `site.config.ts:7:46: error: Private path rule login.privatePaths[1] "/**" matches "/", the home page, so the whole site would sit behind sign-in and refused readers would have no public page to land on. ${fix} [docsgen:private-path-too-broad]`,
      `site.config.ts:7:82: error: Private path rule login.privatePaths[2] "*" matches "/", the home page, so the whole site would sit behind sign-in and refused readers would have no public page to land on. ${fix} [docsgen:private-path-too-broad]`,
      `site.config.ts:7:97: warning: Private path rule login.privatePaths[3] "/**/*" makes every page but the home page private (2 pages), so readers who do not sign in see nothing but the home page. If that is meant, keep it; otherwise name the private sections instead, such as "/docs/Private/**": rules match route paths, and "**" crosses "/". [docsgen:private-path-too-broad]`,
    ])
  })
})

test.run()
