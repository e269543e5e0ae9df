/** Files written into a staging folder: a reused folder's files are overwritten exactly. */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createFileWriter } from '../../../src/node/write/write-site.js'

test('a file written over a longer one ends with the new content only; new files and folders are made; bytes are counted', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-writer-'))
  try {
    await mkdir(join(root, 'docs'))
    await writeFile(join(root, 'docs', 'page.html'), '<p>An earlier build wrote this longer page.</p>')
    const writer = createFileWriter(root)
    writer.write('docs/page.html', '<p>Née</p>')
    writer.write('_docsgen/data/page.json', new Uint8Array([123, 125]))
    assert.is(await readFile(join(root, 'docs', 'page.html'), 'utf8'), '<p>Née</p>')
    assert.is(await readFile(join(root, '_docsgen', 'data', 'page.json'), 'utf8'), '{}')
    assert.equal(writer.written(), { files: 2, bytes: 13, paths: ['docs/page.html', '_docsgen/data/page.json'] })
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test.run()
