/** Files written into a staging folder: a reused folder's files are overwritten exactly. */
import { link, lstat, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createFileWriter, createStaging, swapIn, sweepStaging } from '../../../src/node/write/write-site.js'

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

test('texts larger than the buffer a writer keeps and smaller ones, in any order, are each written whole', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-writer-'))
  try {
    const large = `${'é'.repeat(700_000)}end`
    const writer = createFileWriter(root)
    writer.write('small.txt', 'one')
    writer.write('manifest.json', large)
    writer.write('after.txt', 'two')
    assert.is(await readFile(join(root, 'small.txt'), 'utf8'), 'one')
    assert.is(await readFile(join(root, 'manifest.json'), 'utf8'), large)
    assert.is(await readFile(join(root, 'after.txt'), 'utf8'), 'two')
    assert.is(writer.written().bytes, 6 + 1_400_003)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('a file that shares its data with another link (a page an incremental build linked from the live output) is replaced, not written into', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-writer-'))
  try {
    await mkdir(join(root, 'live'))
    await mkdir(join(root, 'staging'))
    await writeFile(join(root, 'live', 'page.html'), '<p>What readers see now.</p>')
    await link(join(root, 'live', 'page.html'), join(root, 'staging', 'page.html'))
    createFileWriter(join(root, 'staging')).write('page.html', '<p>The next build.</p>')
    assert.is(await readFile(join(root, 'live', 'page.html'), 'utf8'), '<p>What readers see now.</p>')
    assert.is(await readFile(join(root, 'staging', 'page.html'), 'utf8'), '<p>The next build.</p>')
    assert.is((await stat(join(root, 'live', 'page.html'))).nlink, 1)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})


test('a symbolic link or a folder where a file goes (put in a staging folder by anything but a build) is replaced: nothing is written where a link points', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-writer-'))
  try {
    await mkdir(join(root, 'staging', 'docs'), { recursive: true })
    await writeFile(join(root, 'elsewhere.txt'), 'Not the build\'s to write.')
    await symlink(join(root, 'elsewhere.txt'), join(root, 'staging', 'page.html'))
    await mkdir(join(root, 'staging', 'docs', 'intro.html', 'inside'), { recursive: true })
    const writer = createFileWriter(join(root, 'staging'))
    writer.write('page.html', '<p>Page</p>')
    writer.write('docs/intro.html', '<p>Intro</p>')
    assert.is(await readFile(join(root, 'elsewhere.txt'), 'utf8'), 'Not the build\'s to write.')
    assert.ok((await lstat(join(root, 'staging', 'page.html'))).isFile())
    assert.is(await readFile(join(root, 'staging', 'page.html'), 'utf8'), '<p>Page</p>')
    assert.is(await readFile(join(root, 'staging', 'docs', 'intro.html'), 'utf8'), '<p>Intro</p>')
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('a reused spare is swept of every file and folder it held that the build did not write, by the listing taken as it was claimed', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-sweep-'))
  try {
    const spare = join(root, 'spare')
    await mkdir(join(spare, 'gone'), { recursive: true })
    await mkdir(join(spare, 'kept'))
    for (const file of ['old.html', 'keep.html', 'gone/x.html', 'kept/y.html', 'kept/z.html']) await writeFile(join(spare, file), file)
    const staging = await createStaging(join(root, 'out'), spare)
    assert.ok(staging.reused)
    const writer = createFileWriter(staging.dir)
    for (const file of ['keep.html', 'kept/y.html', 'new/n.html']) writer.write(file, `new ${file}`)
    await sweepStaging(staging, writer.written().paths)
    await swapIn(staging)
    const files = (await readdir(join(root, 'out'), { recursive: true })).sort()
    assert.equal(files, ['keep.html', 'kept', 'kept/y.html', 'new', 'new/n.html'])
    assert.is(await readFile(join(root, 'out', 'kept', 'y.html'), 'utf8'), 'new kept/y.html')
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('a folder the sweep would remove is handed to moveAside first, and left to it when it takes it: only its files are not unlinked one by one', async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-sweep-'))
  try {
    const spare = join(root, 'spare')
    await mkdir(join(spare, 'index', 'old'), { recursive: true })
    await mkdir(join(spare, 'refused'))
    for (const file of ['old.html', 'index/old/a.json', 'index/old/b.json', 'refused/r.html']) await writeFile(join(spare, file), file)
    const staging = await createStaging(join(root, 'out'), spare)
    const writer = createFileWriter(staging.dir)
    writer.write('index/new/a.json', 'new')
    const asked: string[] = []
    const aside = join(root, 'aside')
    await sweepStaging(staging, writer.written().paths, async (folder) => {
      asked.push(folder)
      if (!folder.endsWith('old')) return false
      await rename(folder, aside)
      return true
    })
    assert.equal(asked.sort(), [join(staging.dir, 'index', 'old'), join(staging.dir, 'refused')])
    assert.equal((await readdir(staging.dir, { recursive: true })).sort(), ['index', 'index/new', 'index/new/a.json'])
    assert.equal((await readdir(aside)).sort(), ['a.json', 'b.json'])
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test.run()
