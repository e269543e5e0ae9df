/**
 * The serve watcher (watch-site.ts): a save made right after the one last reported, as an author
 * fixing what the overlay just showed does, is reported too.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { watchSite } from '../../../src/node/serve/watch-site.js'

test('a file saved again just after its change was reported is reported again, with what the second save wrote', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-watch-'))
  const file = join(dir, 'content', 'page.md')
  await mkdir(join(dir, 'content'))
  await writeFile(file, 'first\n')
  const seen: string[] = []
  const watcher = watchSite(dir, (files) => {
    // What a rebuild starting now would read.
    if (files.includes(file)) seen.push(readFileSync(file, 'utf8'))
  }, (message) => assert.unreachable(message))
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 30_000; !done() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5))
  }
  try {
    await watcher.ready
    await writeFile(file, 'second\n')
    await until(() => seen.length > 0)
    // At once, as a rebuild that fails fast lets the author save the fix.
    await writeFile(file, 'third\n')
    await until(() => seen.includes('third\n'))
    assert.is(seen.at(-1), 'third\n')
  } finally {
    await watcher.close()
    await rm(dir, { recursive: true, force: true })
  }
})

test.run()
