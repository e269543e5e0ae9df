/** Files handed to the writing thread: all written whole, in the right places, or the first failure reported. */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startFileWriteThread } from '../../../src/node/write/file-write-thread.js'
import { createFileWriter } from '../../../src/node/write/write-site.js'

test('texts and bytes handed over are written whole over longer files, in new folders, once settled; the writer counts them', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-write-thread-'))
  try {
    await mkdir(join(root, 'docs'))
    await writeFile(join(root, 'docs', 'page.html'), '<p>An earlier build wrote this longer page.</p>')
    const thread = startFileWriteThread()
    const writer = createFileWriter(root, thread.sink)
    writer.write('docs/page.html', '<p>Née</p>')
    writer.write('_docsgen/data/page.json', new Uint8Array([123, 125]))
    writer.write('_docsgen/parts.json', ['[1,', '2]'])
    assert.equal(await thread.settle(), new Map(), 'no stamps unless asked')
    assert.is(await readFile(join(root, 'docs', 'page.html'), 'utf8'), '<p>Née</p>')
    assert.is(await readFile(join(root, '_docsgen', 'data', 'page.json'), 'utf8'), '{}')
    assert.is(await readFile(join(root, '_docsgen', 'parts.json'), 'utf8'), '[1,2]')
    assert.equal(writer.written(), { files: 3, bytes: 18, paths: ['docs/page.html', '_docsgen/data/page.json', '_docsgen/parts.json'] })
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('more than the ring holds, in records that wrap around its end, and files larger than it: each written whole, each stamped', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-write-thread-'))
  try {
    const thread = startFileWriteThread({ stamps: true, ringBytes: 64 * 1024 })
    const writer = createFileWriter(root, thread.sink)
    // Sizes that leave every kind of gap at the ring's end (none, under 8 bytes, more); about half
    // the ring (which goes through it, or is written by the renderer itself), and larger than it.
    const sizes = [...Array.from({ length: 300 }, (_, index) => (index * 7919) % 20_000), 5_000, 32_000, 50_000, 31_000, 32_700, 40_000, 65_536, 200_000, 3, 0]
    const texts = sizes.map((size, index) => `${index}:${'é'.repeat(size % 3)}${'x'.repeat(size)}`)
    for (const [index, text] of texts.entries()) writer.write(`pages/${index % 7}/${index}.html`, text)
    const stamps = await thread.settle()
    assert.is(stamps.size, texts.length)
    for (const [index, text] of texts.entries()) {
      const path = join(root, 'pages', String(index % 7), `${index}.html`)
      assert.ok((await readFile(path, 'utf8')) === text, `pages/${index % 7}/${index}.html`)
      const { size, mtimeMs } = await stat(path)
      assert.equal(stamps.get(path), [size, mtimeMs], path)
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('a write that fails is reported when the writes settle, with its path and reason; nothing after it is written', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-write-thread-'))
  try {
    // A file where a folder must be made.
    await writeFile(join(root, 'docs'), 'not a folder')
    const thread = startFileWriteThread()
    thread.sink(join(root, 'docs', 'page.html'), '<p>page</p>')
    const stopped = await new Promise<Error>((resolve) => {
      const tryMore = (attempt: number) => {
        try {
          thread.sink(join(root, `after-${attempt}.html`), 'after')
          setTimeout(() => tryMore(attempt + 1), 5)
        } catch (error) {
          resolve(error as Error)
        }
      }
      tryMore(0)
    })
    assert.is(stopped.message, 'A page could not be written.')
    try {
      await thread.settle()
      assert.unreachable('settle() should reject')
    } catch (error) {
      assert.instance(error, Error)
      assert.is((error as Error).message, `Cannot write ${join(root, 'docs', 'page.html')}: EEXIST: file already exists, mkdir '${join(root, 'docs')}'`)
      assert.is((error as NodeJS.ErrnoException).code, 'EEXIST')
    }
    assert.not.ok(existsSync(join(root, 'after-0.html')))
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test.run()
