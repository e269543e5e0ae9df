import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const check = (name: string) =>
  withFixtureSite(name, async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    return { exitCode: result.exitCode, messages: result.diagnostics.map(formatDiagnostic) }
  })

test('an alias bomb, more than 100 aliases and duplicate keys are diagnostics; one alias is fine', async () => {
  assert.equal(await check('front-matter-aliases'), {
    exitCode: 1,
    messages: [
      'content/docs/alias-bomb.md:4:8: error: Front matter aliases (`*name`) expand to more than 100 copies of what they name. Write the values out. [docsgen:front-matter-invalid]',
      'content/docs/duplicate-keys.md:4:1: error: Duplicate front matter key "title". Keep one of them. [docsgen:front-matter-invalid]',
      'content/docs/many-aliases.md:104:5: error: Front matter uses more than 100 aliases (`*name`). Write the values out. [docsgen:front-matter-invalid]',
    ],
  })
})

test.run()
