/**
 * What `docsgen serve` watches: every file a build reads, in a docsgen site and in a Docusaurus
 * folder, and nothing else; and a save made right after the one last reported (an author fixing
 * what the overlay just showed) is reported too.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { watchSite } from '../../../src/node/serve/watch-site.js'

/** A site folder with `files`, watched; `saved` writes files one batch at a time and says which changes were reported. */
async function watched(files: readonly string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-watch-'))
  const write = async (file: string) => {
    await mkdir(dirname(join(dir, file)), { recursive: true })
    await writeFile(join(dir, file), `${file} ${Date.now()}\n`)
  }
  for (const file of files) await write(file)
  const reported: string[] = []
  const watcher = watchSite(dir, (changed) => reported.push(...changed.map((file) => relative(dir, file).split('\\').join('/'))), (message) => assert.unreachable(message))
  await watcher.ready
  return {
    /** Writes `ignoredFile` then `file`, and waits (up to 20 s) until `file` is reported: what was reported by then. */
    async saved(file: string, ignoredFile: string): Promise<string[]> {
      reported.length = 0
      await write(ignoredFile)
      await write(file)
      for (const deadline = Date.now() + 20_000; !reported.includes(file) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20))
      // Changes that arrive together are one batch: the ignored file, written first, would be in it.
      await new Promise((resolve) => setTimeout(resolve, 100))
      return [...new Set(reported)].sort()
    },
    close: async () => {
      await watcher.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

test('a docsgen site: content, static, the config, a sidebars file and versioned docs are watched; other folders are not', async () => {
  // The folders exist already: a new folder is reported too (a rebuild finds its files).
  const site = await watched(['site.config.ts', 'content/docs/intro.md', 'docs/notes.md', 'src/x.ts', 'versioned_docs/version-1.0/old.md', 'versioned_sidebars/old.json'])
  try {
    assert.equal(await site.saved('content/docs/intro.md', 'docs/notes.md'), ['content/docs/intro.md'])
    assert.equal(await site.saved('sidebars.js', 'src/x.ts'), ['sidebars.js'])
    assert.equal(await site.saved('versions.json', 'notes.txt'), ['versions.json'])
    assert.equal(await site.saved('versioned_docs/version-1.0/intro.md', 'build/index.html'), ['versioned_docs/version-1.0/intro.md'])
    assert.equal(await site.saved('versioned_sidebars/version-1.0-sidebars.json', '.docsgen/cache/x'), ['versioned_sidebars/version-1.0-sidebars.json'])
  } finally {
    await site.close()
  }
})

test('a Docusaurus folder: its config, docs/, blog/ and src/ (pages, components) are watched as well', async () => {
  const site = await watched(['docusaurus.config.js', 'docs/intro.md', 'blog/2024-01-01-hello.md', 'src/pages/index.js'])
  try {
    assert.equal(await site.saved('docs/intro.md', 'node_modules/x/index.js'), ['docs/intro.md'])
    assert.equal(await site.saved('blog/2024-01-01-hello.md', 'build/index.html'), ['blog/2024-01-01-hello.md'])
    assert.equal(await site.saved('src/pages/index.js', 'README.md'), ['src/pages/index.js'])
    assert.equal(await site.saved('docusaurus.config.js', 'package.json'), ['docusaurus.config.js'])
  } finally {
    await site.close()
  }
})

test('a VitePress folder: every file of it and .vitepress/ are watched, but installed packages, old builds, docsgen\'s output and other hidden files', async () => {
  const site = await watched(['.vitepress/config.mts', 'index.md', 'guide/intro.md', 'public/logo.svg'])
  try {
    assert.equal(await site.saved('guide/intro.md', 'node_modules/x/index.js'), ['guide/intro.md'])
    assert.equal(await site.saved('.vitepress/config.mts', 'build/index.html'), ['.vitepress/config.mts'])
    assert.equal(await site.saved('public/logo.svg', '.docsgen/cache/x'), ['public/logo.svg'])
    assert.equal(await site.saved('index.md', 'guide/node_modules/y/README.md'), ['index.md'])
  } finally {
    await site.close()
  }
})

/** Files under a new temporary folder (`under` inside it, when given), and a watcher of its site folder (`website/` unless named). */
async function followedSite(files: readonly string[], under = '', siteFolder = 'website') {
  const base = await mkdtemp(join(tmpdir(), 'docsgen-watch-'))
  const root = join(base, under)
  for (const file of files) {
    await mkdir(dirname(join(root, file)), { recursive: true })
    await writeFile(join(root, file), 'first\n')
  }
  const reported: string[] = []
  const watcher = watchSite(join(root, siteFolder), (changed) => reported.push(...changed.map((file) => relative(root, file).split('\\').join('/'))), (message) => assert.unreachable(message))
  const saved = async (file: string, ignoredFiles: readonly string[]) => {
    reported.length = 0
    // Saved again until reported: a followed folder is watched once chokidar has listed it, which it does not announce.
    for (const deadline = Date.now() + 20_000; !reported.includes(file) && Date.now() < deadline; ) {
      for (const ignored of ignoredFiles) await writeFile(join(root, ignored), `${Date.now()}\n`)
      await writeFile(join(root, file), `${Date.now()}\n`)
      for (const wait = Date.now() + 500; !reported.includes(file) && Date.now() < wait; ) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    return [...new Set(reported)].sort()
  }
  await watcher.ready
  return { watcher, saved, remove: () => rm(base, { recursive: true, force: true }) }
}

test('folders the config names are followed, outside the site folder too; their installed packages and the folders around the site are not', async () => {
  const { watcher, saved, remove } = await followedSite(['website/docusaurus.config.js', 'docs/intro.md', 'docs/node_modules/x/index.js', 'notes/todo.md', 'website/documentation/start.md'])
  try {
    // '..' holds the site folder: never watched whole. A folder of the site's own with a name not watched by default is followed too.
    watcher.follow(['../docs', '..', 'documentation'])
    assert.equal(await saved('docs/intro.md', ['docs/node_modules/x/index.js', 'notes/todo.md']), ['docs/intro.md'])
    assert.equal(await saved('website/documentation/start.md', ['notes/todo.md']), ['website/documentation/start.md'])
  } finally {
    await watcher.close()
    await remove()
  }
})

test('a followed folder deep in the site is watched alone, not the top folder around it; a followed folder is watched in a project that sits under a node_modules folder', async () => {
  const { watcher, saved, remove } = await followedSite(['website/docusaurus.config.js', 'website/i18n/en/docs/start.md', 'website/i18n/fr/docs/start.md', 'website/i18n/node_modules/x/index.js', 'docs/intro.md'], 'node_modules/project')
  try {
    watcher.follow(['i18n/en/docs', '../docs'])
    assert.equal(await saved('website/i18n/en/docs/start.md', ['website/i18n/fr/docs/start.md', 'website/i18n/node_modules/x/index.js']), ['website/i18n/en/docs/start.md'])
    assert.equal(await saved('docs/intro.md', []), ['docs/intro.md'])
  } finally {
    await watcher.close()
    await remove()
  }
})

test("a folder whose name begins with '..' is a folder like another: in a followed folder it is watched; as the site folder, the folder around it is still not watched whole", async () => {
  const { watcher, saved, remove } = await followedSite(['..site/docusaurus.config.js', '..site/docs/intro.md', 'docs/..drafts/page.md', 'notes/todo.md'], '', '..site')
  try {
    watcher.follow(['../docs'])
    assert.equal(await saved('docs/..drafts/page.md', ['notes/todo.md']), ['docs/..drafts/page.md'])
    // '..' holds the site folder, whatever the site folder's name.
    watcher.follow(['..'])
    assert.equal(await saved('..site/docs/intro.md', ['notes/todo.md']), ['..site/docs/intro.md'])
  } finally {
    await watcher.close()
    await remove()
  }
})

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
