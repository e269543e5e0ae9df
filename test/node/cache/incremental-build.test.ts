import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { createIncrementalBuild } from '../../../src/node/cache/incremental-build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

/** Every output file's bytes, deployable and private. */
async function tree(site: FixtureSite): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const folder of ['build', '.docsgen/private']) {
    for (const file of await site.list(folder)) files[`${folder}/${file}`] = await readFile(join(site.dir, folder, file), 'latin1')
  }
  return files
}

/** A site built incrementally, step by step, against the same changes built clean each time. */
async function withTwoSites(
  use: (change: (file: string, edit: (text: string) => string) => Promise<void>, incremental: FixtureSite, clean: FixtureSite) => Promise<void>,
  fixture = 'basic-site',
) {
  const [incremental, clean] = await Promise.all([fixtureSite(fixture), fixtureSite(fixture)])
  try {
    const change = async (file: string, edit: (text: string) => string) => {
      for (const site of [incremental, clean]) {
        const path = join(site.dir, file)
        await writeFile(path, edit(await readFile(path, 'utf8').catch(() => '')))
      }
    }
    await use(change, incremental, clean)
  } finally {
    await Promise.all([incremental.remove(), clean.remove()])
  }
}

/** The output files that differ between two sites, by name (the bytes are too long to read in a failure). */
async function differences(one: FixtureSite, other: FixtureSite): Promise<string[]> {
  const [a, b] = await Promise.all([tree(one), tree(other)])
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((file) => a[file] !== b[file]).sort()
}

/** Builds `incremental` with its cache and `clean` without, asserts both succeed with the same diagnostics and bytes; returns the incremental build's changed routes. */
function stepper(incremental: FixtureSite, clean: FixtureSite) {
  const builder = createIncrementalBuild({ siteDir: incremental.dir })
  return async (changed: string[] | undefined) => {
    const result = await builder.build(changed)
    const expected = await build({ siteDir: clean.dir, cache: false })
    assert.is(expected.exitCode, 0, expected.diagnostics.map(formatDiagnostic).join('\n'))
    assert.is(result.exitCode, 0)
    assert.equal(result.diagnostics.map(formatDiagnostic), expected.diagnostics.map(formatDiagnostic))
    assert.equal(await differences(incremental, clean), [])
    return result.changedRoutes
  }
}

const intro = 'content/docs/Guides/intro.md'
const shortcuts = 'content/docs/Tools & Tips/Shortcuts & Tricks.md'

test('after each one-file change an incremental build writes the bytes a clean build writes, and renders only the pages the change touches', async () => {
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    const everything = await step(undefined)
    assert.is(everything.length, 11)
    assert.equal(await step(undefined), [], 'nothing changed: nothing rendered')

    // A body change: that page only (its sidebar, title and neighbours are as they were).
    await change(shortcuts, (text) => text.replace('Keyboard shortcuts.', 'Keyboard shortcuts, and more.'))
    assert.equal(await step([shortcuts]), ['/docs/Tools & Tips/Shortcuts & Tricks'])

    // A new page: it, and every page whose sidebar or previous/next link now shows it.
    await change('content/docs/Guides/Zebra.md', () => '# Zebra\n\nStripes. See the [introduction](./intro.md#first-steps).\n')
    const added = await step(['content/docs/Guides/Zebra.md'])
    assert.ok(added.includes('/docs/Guides/Zebra') && added.length < 11, added.join(', '))

    // A title change: the page, and the pages whose sidebar shows its label or that link to it as previous or next.
    await change(intro, (text) => text.replace('title: Introduction', 'title: Welcome'))
    const retitled = await step([intro])
    for (const path of ['/docs/Guides/intro', '/docs/Guides/Setup/Install the Server', '/docs/category/guides']) assert.ok(retitled.includes(path), `${path} in ${retitled.join(', ')}`)

    // Same bytes as the saved cache when the caller does not say what changed.
    await change(shortcuts, (text) => `${text}\nOne more line.\n`)
    assert.equal(await step(undefined), ['/docs/Tools & Tips/Shortcuts & Tricks'])
  })
})

test('a long sidebar list drawn in part: a retitled or added item changes the pages that draw it, as a clean build does', async () => {
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    await step(undefined)
    // Topic 05 is drawn by the pages of the first block of the top-level list (and by the private page's whole sidebar) only.
    await change('content/docs/topic-05.md', (text) => text.replace('# Topic 05', '# Topic five'))
    const retitled = await step(['content/docs/topic-05.md'])
    assert.equal(retitled, [...Array.from({ length: 20 }, (_, index) => `/docs/topic-${String(index + 1).padStart(2, '0')}`), '/docs/topic-30'])
    // A new item moves every later one: the windows of the list move with it.
    await change('content/docs/topic-00.md', () => '---\nsidebar_position: 0\n---\n\n# Topic 00\n')
    assert.ok((await step(['content/docs/topic-00.md'])).includes('/docs/Reference/entry-60'))
  }, 'long-sidebar')
})

test("the sidebar's published lists are kept as they are while the sidebar is, and made again, as a clean build makes them, when it changes", async () => {
  const lists = ['build/_docsgen/sidebar/top.json', 'build/_docsgen/sidebar/top.html']
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    const inodes = async () => Promise.all(lists.map(async (file) => (await stat(join(incremental.dir, file))).ino))
    await step(undefined)
    await change('content/docs/topic-07.md', (text) => `${text}\nOne more line.\n`)
    await step(['content/docs/topic-07.md'])
    const kept = await inodes()
    // A body change leaves the sidebar as it was: the lists are the same files, linked, not written again.
    await change('content/docs/topic-08.md', (text) => `${text}\nOne more line.\n`)
    await step(['content/docs/topic-08.md'])
    assert.equal(await inodes(), kept)
    // A retitled item is in the top list: written again, with the bytes a clean build writes (stepper compares them).
    await change('content/docs/topic-05.md', (text) => text.replace('# Topic 05', '# Topic five'))
    await step(['content/docs/topic-05.md'])
    assert.ok((await incremental.read(lists[0]!)).includes('Topic five'))
  }, 'long-sidebar')
})

test('an MDX page (parsed again every build) and a draft (left out, then published): an incremental build writes the bytes a clean build writes', async () => {
  const widget = 'content/docs/Guides/Widget.mdx'
  const later = 'content/docs/Guides/Later.md'
  await withTwoSites(async (change, incremental, clean) => {
    await change(widget, () => "export const count = 2\n\n# Widget\n\nIt has {count} parts. See the [introduction](./intro.md).\n")
    await change(later, () => '---\ndraft: true\n---\n# Later\n\nNot yet.\n')
    const step = stepper(incremental, clean)
    const everything = await step(undefined)
    assert.ok(everything.includes('/docs/Guides/Widget') && !everything.includes('/docs/Guides/Later'), everything.join(', '))
    assert.equal(await step(undefined), [], 'nothing changed: nothing rendered, the MDX page included')

    await change(widget, (text) => text.replace('count = 2', 'count = 3'))
    assert.equal(await step([widget]), ['/docs/Guides/Widget'])

    // Published: its page, and the pages whose sidebar or previous/next now show it.
    await change(later, (text) => text.replace('draft: true', 'draft: false'))
    const published = await step([later])
    assert.ok(published.includes('/docs/Guides/Later') && !published.includes('/about'), published.join(', '))

    // A Markdown page the MDX page links to, retitled: both outputs agree again.
    await change(intro, (text) => text.replace('title: Introduction', 'title: Welcome'))
    assert.ok((await step([intro])).includes('/docs/Guides/intro'))
  })
})

test('a renamed heading that another page links to: the linking page is rewritten, or reported, exactly as a clean build does', async () => {
  await withTwoSites(async (change, incremental, clean) => {
    const builder = createIncrementalBuild({ siteDir: incremental.dir })
    assert.is((await builder.build()).exitCode, 0)
    // Install the Server links to intro.md#first-steps.
    await change(intro, (text) => text.replace('## First steps', '## Getting started'))
    const broken = await builder.build([intro])
    const expected = await build({ siteDir: clean.dir, cache: false })
    assert.is(expected.exitCode, 1)
    assert.is(broken.exitCode, 1)
    assert.equal(broken.diagnostics.map(formatDiagnostic), expected.diagnostics.map(formatDiagnostic))
    // The heading comes back: the link is whole again and both outputs agree.
    await change(intro, (text) => text.replace('## Getting started', '## First steps'))
    assert.is((await builder.build([intro])).exitCode, 0)
    assert.is((await build({ siteDir: clean.dir, cache: false })).exitCode, 0)
    assert.equal(await differences(incremental, clean), [])
  })
})

test('unchanged pages are linked from the last output, and a later change to one never writes into the output it was linked from', async () => {
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    const about = join(incremental.dir, 'build', 'about.html')
    const spareAbout = join(incremental.dir, '.docsgen', 'spare', 'public', 'about.html')
    await step(undefined)
    await change(intro, (text) => `${text}\nOne more line.\n`)
    await step([intro])
    assert.is((await stat(about)).nlink, 2, 'kept by a link into the output before it, now the spare')
    const before = await readFile(about, 'utf8')
    await change('content/pages/about.md', (text) => `${text}\nA new closing line.\n`)
    assert.equal(await step(['content/pages/about.md']), ['/about'])
    assert.ok((await readFile(about, 'utf8')).includes('A new closing line.'))
    assert.is(await readFile(spareAbout, 'utf8'), before, 'the output the page was linked from is as it was')
    // Spares moved aside (after the first, full build) are removed in the background: waited for, within a generous limit.
    const spares = async () => (await readdir(join(incremental.dir, '.docsgen', 'spare'))).sort()
    for (const started = Date.now(); (await spares()).length > 2 && Date.now() - started < 60_000; ) await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(await spares(), ['private', 'public'], 'spares moved aside are removed')
  })
})

test("a blog post's excerpt or author changed: the list pages that show it are rendered again, as a clean build renders them", async () => {
  const welcome = 'content/blog/2024-01-05-welcome.md'
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    await step(undefined)
    await change(welcome, (text) => text.replace('The first paragraph, shown in the list.', 'A new first paragraph, shown in the list.'))
    // The post is on the second list page, its author's and its tags' pages.
    assert.equal(await step([welcome]), ['/blog/2024/01/05/welcome', '/blog/authors/ada', '/blog/page/2', '/blog/tags/news', '/blog/tags/release'])
    await change(welcome, (text) => text.replace('authors: [ada]', 'authors: []'))
    await step([welcome])
  }, 'blog')
})

test("a blog post retitled: every page whose sidebar of recent posts shows it is rendered again, as a clean build renders it", async () => {
  const second = 'content/blog/2024-02-01-second.md'
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    await step(undefined)
    await change(second, (text) => text.replace('title: Second post', 'title: The second post, renamed'))
    const retitled = await step([second])
    // Posts and pages that do not list it (another post, the lists of tags and of authors, an author's page) show it in their sidebar.
    for (const route of ['/blog/2024/02/01/second', '/blog/2024/01/05/welcome', '/blog/in-a-folder', '/blog/hidden', '/blog/tags', '/blog/authors', '/blog/authors/ada'])
      assert.ok(retitled.includes(route), `${route} not rendered again: ${retitled.join(', ')}`)
    assert.match(await incremental.read('build/blog/in-a-folder.html'), '<a class="sidebar-link" href="/site/blog/2024/02/01/second">The second post, renamed</a>')
    // A new post, the newest: first in every sidebar.
    await change('content/blog/2024-05-01-newest.md', () => '---\ntitle: Newest\n---\n\nNews.\n')
    assert.ok((await step(['content/blog/2024-05-01-newest.md'])).includes('/blog/hidden'))
  }, 'blog')
})

test("a search fragment changed by hand in the output (a link to the indexer's cache) is not trusted: the index is made again as a clean build makes it", async () => {
  await withTwoSites(async (_change, incremental, clean) => {
    const builder = createIncrementalBuild({ siteDir: incremental.dir })
    await builder.build()
    const { folder } = JSON.parse(await readFile(join(incremental.dir, 'build/_docsgen/search/meta.json'), 'utf8')) as { folder: string }
    const fragment = join(incremental.dir, 'build/_docsgen/search', folder, 'p/0.json')
    assert.ok((await stat(fragment)).nlink > 1, 'linked from the cache')
    const text = await readFile(fragment, 'utf8')
    // Same size, other bytes: only the time tells.
    await writeFile(fragment, text.replace(/[a-z]/, (letter) => (letter === 'x' ? 'y' : 'x')))
    assert.is((await builder.build()).exitCode, 0)
    await build({ siteDir: clean.dir, cache: false })
    assert.equal(await differences(incremental, clean), [])
  })
})

test("search fragments in the spare the build stages into are kept only while they are the indexer's own files: one replaced by hand, or a folder in its place, is linked again", async () => {
  await withTwoSites(async (change, incremental, clean) => {
    const step = stepper(incremental, clean)
    await step(undefined)
    await change(intro, (text) => `${text}\nOne more line.\n`)
    await step([intro])
    // The spare now holds the output before last, the next build's staging folder.
    const search = join(incremental.dir, '.docsgen/spare/public/_docsgen/search')
    const { folder } = JSON.parse(await readFile(join(search, 'meta.json'), 'utf8')) as { folder: string }
    const fragment = join(search, folder, 'p/0.json')
    // A new file in its place: same size and times to the nanosecond (touch -r), other bytes.
    await rename(fragment, `${fragment}.was`)
    await writeFile(fragment, 'x'.repeat((await stat(`${fragment}.was`)).size))
    execFileSync('touch', ['-r', `${fragment}.was`, fragment])
    await rm(`${fragment}.was`)
    // And a folder in place of another.
    await rm(join(search, folder, 'p/1.json'))
    await mkdir(join(search, folder, 'p/1.json'))
    await writeFile(join(search, folder, 'p/1.json/inside.json'), '{}')
    await change(shortcuts, (text) => `${text}\nOne more line.\n`)
    await step([shortcuts])
    await change(intro, (text) => `${text}\nAnd another.\n`)
    await step([intro])
  })
})

test('a cache whose output folder was changed by hand, or removed, is not trusted', async () => {
  await withTwoSites(async (_change, incremental, clean) => {
    const builder = createIncrementalBuild({ siteDir: incremental.dir })
    await builder.build()
    await builder.build()
    await writeFile(join(incremental.dir, 'build', 'about.html'), 'edited by hand')
    await writeFile(join(incremental.dir, 'build', '_docsgen', 'manifest.json'), '{"edited": "by hand"}\n')
    await rename(join(incremental.dir, '.docsgen', 'spare'), join(incremental.dir, '.docsgen', 'spare-moved'))
    const result = await builder.build()
    assert.ok(result.changedRoutes.includes('/about'), result.changedRoutes.join(', '))
    await build({ siteDir: clean.dir, cache: false })
    assert.equal(await differences(incremental, clean), [])
  })
})

/** Every file of the site's content and config dated an hour ago: old enough for the cache to trust it by its stamp (size, times, inode) without reading it. */
async function age(site: FixtureSite, files?: readonly string[]): Promise<void> {
  const past = new Date(Date.now() - 3_600_000)
  const names = files ?? [...(await site.list('content')).map((file) => `content/${file}`), 'site.config.ts']
  for (const file of names) await utimes(join(site.dir, file), past, past)
}

/** Like stepper, with the caller not saying what changed, for builds that may fail: both have the same exit code and diagnostics, and when they succeed the same bytes. */
function unguidedStepper(incremental: FixtureSite, clean: FixtureSite) {
  const builder = createIncrementalBuild({ siteDir: incremental.dir })
  return async () => {
    const result = await builder.build()
    const expected = await build({ siteDir: clean.dir, cache: false })
    assert.is(result.exitCode, expected.exitCode, result.diagnostics.map(formatDiagnostic).join('\n'))
    assert.equal(result.diagnostics.map(formatDiagnostic), expected.diagnostics.map(formatDiagnostic))
    if (expected.exitCode === 0) assert.equal(await differences(incremental, clean), [])
    return result.changedRoutes
  }
}

test('files trusted by their stamp: an edit of the same size with its time put back, a title, a new, a deleted and a renamed page, a private page and the config, each built as a clean build builds it', async () => {
  const install = 'content/docs/Guides/Setup/Install the Server.md'
  const secrets = 'content/docs/Private/Vault/secrets.md'
  await withTwoSites(async (change, incremental, clean) => {
    const both = async (edit: (site: FixtureSite) => Promise<void>) => {
      for (const site of [incremental, clean]) await edit(site)
      await age(incremental)
    }
    const step = unguidedStepper(incremental, clean)
    await age(incremental)
    assert.is((await step()).length, 11)
    assert.equal(await step(), [], 'nothing changed: nothing rendered')

    // Same size, its modification time put back: only the change time tells.
    const { mtime } = await stat(join(incremental.dir, shortcuts))
    await change(shortcuts, (text) => text.replace('Keyboard shortcuts.', 'Keyboard shortcutz.'))
    await utimes(join(incremental.dir, shortcuts), mtime, mtime)
    assert.equal(await step(), ['/docs/Tools & Tips/Shortcuts & Tricks'])

    await change(intro, (text) => text.replace('title: Introduction', 'title: Welcome'))
    await age(incremental)
    assert.ok((await step()).includes('/docs/Guides/Setup/Install the Server'), 'its next page names it')

    await change('content/docs/Guides/Zebra.md', () => '# Zebra\n\nStripes.\n')
    await age(incremental)
    assert.ok((await step()).includes('/docs/Guides/Zebra'))
    await both((site) => rm(join(site.dir, 'content/docs/Guides/Zebra.md')))
    assert.ok((await step()).includes('/docs/Guides/Zebra'), 'its page is removed')

    // The page intro.md links to by its file renamed: intro.md's link is broken, as in a clean build, until it follows.
    await both((site) => rename(join(site.dir, install), join(site.dir, 'content/docs/Guides/Setup/Install.md')))
    await step()
    await change(intro, (text) => text.replace('./Setup/Install the Server.md', './Setup/Install.md'))
    await age(incremental)
    assert.ok((await step()).includes('/docs/Guides/intro'))

    // A category's description, shown on its generated index page.
    await change('content/docs/Guides/_category_.json', (text) => text.replace('Guides for everything.', 'Guides for all of it.'))
    await age(incremental)
    assert.ok((await step()).includes('/docs/category/guides'))

    await change(secrets, (text) => text.replace('PRIVATE-MARKER-BODY-SECRETS', 'PRIVATE-MARKER-BODY-SECRETS, changed'))
    await age(incremental)
    // Its sentences are what every public page is checked not to hold: every page is checked again.
    assert.ok((await step()).includes('/docs/Private/Vault/secrets'))

    // The config is part of the cache's key: every page again.
    await change('site.config.ts', (text) => text.replace("title: 'Fixture Docs'", "title: 'Fixture Docs, renamed'"))
    await age(incremental)
    assert.is((await step()).length, 11)
  })
})

test('a config that imports a module: a change to the module is a change of the config, parsing included, as a clean build sees it', async () => {
  await withTwoSites(async (change, incremental, clean) => {
    for (const site of [incremental, clean]) {
      await writeFile(join(site.dir, 'settings.ts'), "export const slugify = 'github' as const\n")
      const config = join(site.dir, 'site.config.ts')
      const text = await readFile(config, 'utf8')
      await writeFile(config, `import { slugify } from './settings'\n${text.replace("tagline:", 'markdown: { slugify, flavor: \'default\' },\n  tagline:')}`)
    }
    await change(intro, (text) => `${text}\n## Émile's Übersicht\n`)
    await age(incremental)
    const step = unguidedStepper(incremental, clean)
    await step()
    await change('settings.ts', () => "export const slugify = 'vitepress' as const\n")
    await age(incremental, ['settings.ts'])
    await step()
  })
})

/** A site built twice with its cache (a change between), handed to `use` with its unguided stepper and its cache folder. */
async function withBuiltCache(use: (change: (file: string, edit: (text: string) => string) => Promise<void>, step: () => Promise<readonly string[]>, cacheDir: string, incremental: FixtureSite) => Promise<void>) {
  await withTwoSites(async (change, incremental, clean) => {
    const step = unguidedStepper(incremental, clean)
    await step()
    await change(shortcuts, (text) => `${text}\nOne more line.\n`)
    await step()
    await use(change, step, join(incremental.dir, '.docsgen/cache/incremental'), incremental)
  })
}

test('a cache cut short, or holding what another build wrote, is not trusted: the build is what a clean build makes', async () => {
  await withBuiltCache(async (change, step, cacheDir, incremental) => {
    const files = (await incremental.list('.docsgen/cache/incremental')).filter((file) => file.endsWith('.json'))
    assert.ok(files.some((file) => file.startsWith('validation-')) && files.some((file) => file.startsWith('parse/')) && files.includes('output.json'), files.join(', '))
    for (const file of files) {
      const path = join(cacheDir, file)
      const text = await readFile(path, 'utf8')
      await writeFile(path, text.slice(0, Math.floor(text.length / 2)))
    }
    await change(shortcuts, (text) => `${text}\nAnd another.\n`)
    await step()
    // Whole JSON, of another shape or key.
    for (const file of files) await writeFile(join(cacheDir, file), '{"format": 1, "key": "another", "entries": {}, "results": {}}')
    await change(intro, (text) => text.replace('title: Introduction', 'title: Welcome'))
    await step()
  })
})

test('a cache file changed by hand, its JSON whole and its name kept, is not trusted: each build is what a clean build makes', async () => {
  await withBuiltCache(async (change, step, cacheDir, incremental) => {
    /** Replaces `from` by `to` in the cache's files under `folder` that hold it; asserts one did. */
    const edit = async (folder: string, from: RegExp, to: string) => {
      let edited = 0
      for (const file of await incremental.list(`.docsgen/cache/incremental/${folder}`)) {
        const path = join(cacheDir, folder, file)
        const text = await readFile(path, 'latin1')
        if (!from.test(text)) continue
        await writeFile(path, text.replace(from, to), 'latin1')
        edited++
      }
      assert.ok(edited > 0, `${from} in ${folder}`)
    }
    // A page's title in its parse entry, the text of a body (same length), a ledger of another shape.
    await edit('parse', /"title":"Introduction"/, '"title":"Edited by hand"')
    await edit('bodies', /Start here\./, 'Start HERE.')
    await writeFile(join(cacheDir, 'output.json'), (await readFile(join(cacheDir, 'output.json'), 'latin1')).replace(/"public":/g, '"publik":'), 'latin1')
    // The introduction's next page retitled: the introduction is rendered again, its body read from the cache.
    await change('content/docs/Guides/Setup/Install the Server.md', (text) => text.replace('title: Install the server', 'title: Installing the server'))
    await step()
    // Validation's problems, removed by hand: still reported.
    await change(shortcuts, (text) => `${text}\nSee [the old page](./gone.md).\n`)
    await step()
    await edit('', /"diagnostics":\[.+\],"links"/, '"diagnostics":[],"links"')
    await step()
    // The search records' last count, changed by hand: the index is what a clean build makes.
    const records = join(cacheDir, 'search', 'records.bin')
    const bytes = await readFile(records)
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 24) ^ 0x3f, bytes.length - 24)
    await writeFile(records, bytes)
    await change(intro, (text) => `${text}\nOne more line.\n`)
    await step()
    await change(shortcuts, (text) => text.replace('./gone.md', '../Guides/intro.md'))
    await step()
  })
})

test('named pipes in place of the cache\'s files are not waited on: the build is what a clean build makes', async () => {
  await withBuiltCache(async (change, step, cacheDir) => {
    for (const file of ['output.json', 'links.json', 'bodies.json', 'parse/0.json', 'search/records.bin']) {
      await rm(join(cacheDir, file))
      execFileSync('mkfifo', [join(cacheDir, file)])
    }
    await change(intro, (text) => text.replace('title: Introduction', 'title: Welcome'))
    await step()
  })
})

test.run()
