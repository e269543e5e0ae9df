/** `docsgen serve` on a site with its own style sheets: saving one that a sheet imports rebuilds the stylesheet every page links. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveSite } from '../../../src/node/index.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a sheet imported by a customCss sheet is watched: saved, the pages link a stylesheet with its new rules', async () => {
  await withFixtureSite('custom-css', async (site) => {
    // Without sign-in: this is about style sheets, not the provider emulator.
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace(/ {2}login: .*\n/, ''))
    const problems: string[] = []
    const serving = await serveSite({ siteDir: site.dir, watch: true, port: 0, onProblem: (problem) => problems.push(problem) })
    try {
      await serving.settled()
      const stylesheet = async () => {
        const page = await (await fetch(`${serving.url}/docs/intro`)).text()
        const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)![1]!
        return (await fetch(`${serving.url}${href}`)).text()
      }
      assert.match(await stylesheet(), '@font-face{font-family:Brand;')
      const typography = join(site.dir, 'src', 'css', 'typography.css')
      let css = ''
      // Saved again until served: the folder is followed once the first build has read the config, which the test cannot see.
      for (const deadline = Date.now() + 60_000; !css.includes('.lead{font-size:1.25rem}') && Date.now() < deadline; ) {
        await writeFile(typography, '.lead { font-size: 1.25rem }\n')
        for (const wait = Date.now() + 2000; !css.includes('.lead{font-size:1.25rem}') && Date.now() < wait; await new Promise((resolve) => setTimeout(resolve, 50))) css = await stylesheet()
      }
      assert.match(css, '.lead{font-size:1.25rem}')
      assert.not.match(css, 'font-family:Brand')
      assert.equal(problems, [])
    } finally {
      await serving.close()
    }
  })
})

test.run()
