import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createSearchIndexBuilder } from '../../../src/node/write/search-index-builder.js'
import type { SearchMeta } from '../../../src/shared/search-words.js'

test('a shard over 64 KiB is split by one character more, again and again; the word that is its prefix stays in it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-search-builder-'))
  try {
    const builder = createSearchIndexBuilder(join(dir, 'work'))
    const many = Array.from({ length: 6000 }, (_, index) => `se0${String(index).padStart(4, '0')}`).join(' ')
    builder.add('/b', [{ title: 'B', anchor: '', text: `se apache ${many}` }])
    builder.add('/a', [{ title: 'A', anchor: '', text: 'apache' }])
    const { paths } = builder.write(dir, 'search')
    const meta = JSON.parse(await readFile(join(dir, 'search/meta.json'), 'utf8')) as SearchMeta
    assert.equal(meta.split, ['73-65', '73-65-30'])
    const shards = (await readdir(join(dir, 'search', meta.folder, 'w'))).sort()
    assert.equal(shards, ['61-70.json', '61.json', '62.json', '73-65-30-30.json', '73-65-30-31.json', '73-65-30-32.json', '73-65-30-33.json', '73-65-30-34.json', '73-65-30-35.json', '73-65-30.json', '73-65.json'])
    // A split shard names its parts under "", for a query of just its prefix.
    assert.is(await readFile(join(dir, 'search', meta.folder, 'w/73-65.json'), 'utf8'), '{"":["73-65-30"],"se":[1,2]}')
    assert.is(await readFile(join(dir, 'search', meta.folder, 'w/73-65-30.json'), 'utf8'), '{"":["73-65-30-30","73-65-30-31","73-65-30-32","73-65-30-33","73-65-30-34","73-65-30-35"]}')
    // Pages are numbered by URL: /a is 0, /b is 1. Each once: the short page's count is raised, the long one's lowered (BM25's length normalisation).
    assert.is(await readFile(join(dir, 'search', meta.folder, 'w/61-70.json'), 'utf8'), '{"apache":[0,16,1,2]}')
    assert.is(paths.length, 1 + shards.length + 2)
    assert.equal(await readdir(dir), ['search'], 'the work folder is removed')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('an index is written over the earlier one a staging folder holds, in place: its files keep their inodes; what it does not write again, and anything else in it, is removed; links in it are not followed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-search-builder-'))
  try {
    const first = createSearchIndexBuilder(join(dir, 'work'))
    for (const url of ['/a', '/b', '/c']) first.add(url, [{ title: url, anchor: '', text: `apache ${url}` }])
    first.write(dir, 'search')
    const earlier = (JSON.parse(await readFile(join(dir, 'search/meta.json'), 'utf8')) as SearchMeta).folder
    const inode = async (file: string) => (await stat(join(dir, 'search', file))).ino
    const fragmentInode = await inode(`${earlier}/p/0.json`)
    const shardInode = await inode(`${earlier}/w/61-70.json`)
    await writeFile(join(dir, 'search', earlier, 'notes.txt'), 'put there by hand')
    await writeFile(join(dir, 'outside.json'), 'not the index')
    await rm(join(dir, 'search', earlier, 'p', '1.json'))
    await symlink(join(dir, 'outside.json'), join(dir, 'search', earlier, 'p', '1.json'))
    await rm(join(dir, 'search', 'meta.json'))
    await symlink(join(dir, 'outside.json'), join(dir, 'search', 'meta.json'))

    const second = createSearchIndexBuilder(join(dir, 'work'))
    for (const url of ['/a', '/b']) second.add(url, [{ title: url, anchor: '', text: `apache ${url} again` }])
    const { paths } = second.write(dir, 'search')
    const folder = (JSON.parse(await readFile(join(dir, 'search/meta.json'), 'utf8')) as SearchMeta).folder
    assert.not.equal(folder, earlier)
    assert.equal((await readdir(join(dir, 'search'))).sort(), [folder, 'meta.json'])
    assert.equal((await readdir(join(dir, 'search', folder))).sort(), ['p', 'w'])
    assert.equal((await readdir(join(dir, 'search', folder, 'p'))).sort(), ['0.json', '1.json'])
    assert.is(await inode(`${folder}/p/0.json`), fragmentInode)
    assert.is(await inode(`${folder}/w/61-70.json`), shardInode)
    assert.is(await readFile(join(dir, 'search', folder, 'p/0.json'), 'utf8'), '{"url":"/a","title":"/a","sections":[["/a","","apache /a again"]]}')
    assert.is(await readFile(join(dir, 'search', folder, 'p/1.json'), 'utf8'), '{"url":"/b","title":"/b","sections":[["/b","","apache /b again"]]}')
    assert.is(await readFile(join(dir, 'outside.json'), 'utf8'), 'not the index')
    assert.equal(paths.filter((path) => path.includes('/p/')), [`search/${folder}/p/0.json`, `search/${folder}/p/1.json`])
    assert.equal((await readdir(dir)).sort(), ['outside.json', 'search'], 'the work folder is removed')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test.run()
