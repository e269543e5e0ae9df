import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bodySize, createBodyFolder, createBodyReader, createBodyWriter, emptyBody, type PageBody } from '../../../src/node/content/page-bodies.js'

function withCache(use: (cacheDir: string) => void): void {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-bodies-'))
  try {
    use(join(root, '.docsgen', 'cache'))
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

test('bodies written by two writers on one thread, past a batch and with any characters, read back as written', () => {
  withCache((cacheDir) => {
    const folder = createBodyFolder(cacheDir)
    const first = createBodyWriter(folder.dir)
    const second = createBodyWriter(folder.dir)
    const texts = Array.from({ length: 300 }, (_, index) => `<p>${index} Ünïcödé ✓ 𝄞 ${'x'.repeat(index * 50)}</p>`)
    const bodies = texts.map((text, index) => (index % 3 === 0 ? second : first).write(text))
    first.close()
    second.close()
    assert.is(readdirSync(folder.dir).length, 2)
    const reader = createBodyReader()
    // In any order, as threads render them.
    for (const index of [299, 0, 150, 1, 298, ...texts.keys()]) assert.is(reader.read(bodies[index]!), texts[index])
    reader.close()
    assert.is(bodySize(bodies[1]!), Buffer.byteLength(texts[1]!))
    folder.remove()
    assert.not.ok(existsSync(folder.dir))
  })
})

test('a writer says when the bodies given so far are on disk: after each full batch and when closed', () => {
  withCache((cacheDir) => {
    const folder = createBodyFolder(cacheDir)
    const readable: string[][] = []
    const given: PageBody[] = []
    const writer = createBodyWriter(folder.dir, () => {
      const reader = createBodyReader()
      readable.push(given.map((body) => reader.read(body).slice(0, 8)))
      reader.close()
    })
    for (const index of [1, 2, 3]) given.push(writer.write(`<p>${index}</p>${'x'.repeat(600 * 1024)}`))
    // The second body filled the batch: told while it was being given, before its caller held it.
    assert.equal(readable, [['<p>1</p>']])
    writer.close()
    assert.equal(readable, [['<p>1</p>'], ['<p>1</p>', '<p>2</p>', '<p>3</p>']])
  })
})

test('an empty body, a body given as HTML and a writer with no folder need no file', () => {
  const writer = createBodyWriter(undefined)
  assert.equal(writer.write('<p>kept nowhere</p>'), emptyBody)
  writer.close()
  const reader = createBodyReader()
  assert.is(reader.read(emptyBody), '')
  assert.is(reader.read({ html: '<p>rendered late</p>' }), '<p>rendered late</p>')
  assert.is(bodySize({ html: 'abc' }), 3)
  withCache((cacheDir) => {
    const folder = createBodyFolder(cacheDir)
    const empty = createBodyWriter(folder.dir)
    assert.equal(empty.write(''), emptyBody)
    empty.close()
    assert.equal(readdirSync(folder.dir), [])
  })
})

test('a body past the end of its file is a docsgen bug, said as such', () => {
  withCache((cacheDir) => {
    const folder = createBodyFolder(cacheDir)
    const writer = createBodyWriter(folder.dir)
    const body = writer.write('<p>short</p>')
    writer.close()
    const store = (body as { store: string }).store
    assert.throws(() => createBodyReader().read({ store, offset: 5, length: 100, hash: '' }), (error: Error) => error.message === `page-bodies: ${store} ends before 105`)
  })
})

test.run()
