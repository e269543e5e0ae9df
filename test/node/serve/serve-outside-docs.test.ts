/**
 * `docsgen serve` on a Docusaurus site whose docs lie beside its folder (`path: '../docs'`): the
 * folders the config names are watched wherever they are, so saving a doc there rebuilds it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveSite } from '../../../src/node/index.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

test('a doc saved in a docs folder outside the site folder is rebuilt and served', async () => {
  await withFixtureSite('docusaurus-outside', async (site) => {
    const problems: string[] = []
    const serving = await serveSite({ siteDir: join(site.dir, 'website'), watch: true, port: 0, onProblem: (problem) => problems.push(problem) })
    try {
      await serving.settled()
      assert.is(serving.watching, 'docs/, blog/, src/, static/, the Docusaurus config, its sidebars and versioned docs')
      const served = async () => (await fetch(`${serving.url}/guide`)).text()
      assert.match(await served(), 'Its own folder.')
      const guide = join(site.dir, 'docs', 'guide', 'guide.md')
      const saved = `${await readFile(guide, 'utf8')}\nSaved beside the site.\n`
      let text = ''
      // Saved again until served: the folder is followed once the first build has read the config, which the test cannot see.
      for (const deadline = Date.now() + 60_000; !text.includes('Saved beside the site.') && Date.now() < deadline; ) {
        await writeFile(guide, saved)
        for (const wait = Date.now() + 2000; !text.includes('Saved beside the site.') && Date.now() < wait; await new Promise((resolve) => setTimeout(resolve, 50))) text = await served()
      }
      assert.match(text, 'Saved beside the site.')
      assert.equal(problems, [])
    } finally {
      await serving.close()
    }
  })
})

test.run()
