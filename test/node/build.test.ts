import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../src/node/build.js'
import { formatDiagnostic } from '../../src/shared/diagnostic.js'
import { crawlOutput } from '../helpers/crawl-output.js'
import { withFixtureSite, type FixtureSite } from '../helpers/fixture-site.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)

const output = suite('build: output of a valid site')

output('writes one HTML file per route, the files pages use, static/, the manifest, the stylesheet and the sitemap', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    // Warnings do not fail a build.
    assert.equal(messages(result), [
      'content/pages/about.md:7:5: warning: Public page links to the private page "/docs/Private/", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]',
    ])
    assert.is(result.exitCode, 0)
    const files = (await site.list('build')).filter((file) => !file.startsWith('_docsgen/')).map((file) => file.replace(/styles\.[0-9a-f]{10}\.css$/, 'styles.HASH.css'))
    assert.equal(files, [
      '404.html',
      'about.html',
      'docs.html',
      'docs/Guides/Setup/Install the Server.html',
      // Files beside the pages are published where they sit, if a page uses them (unused.txt is not).
      'docs/Guides/Setup/server checklist.txt',
      'docs/Guides/diagram.svg',
      'docs/Guides/intro.html',
      'docs/Tools & Tips/Shortcuts & Tricks.html',
      'docs/category/guides.html',
      'docs/category/setup.html',
      'img/logo.svg',
      'index.html',
      'robots.txt',
      'sitemap.xml',
    ])
    // What the build generates for the browser lives in its own folder: the runtime, the stylesheet,
    // the favicon, the manifest, page data of each public route, sidebar data and the search index.
    const generated = (await site.list('build')).filter((file) => file.startsWith('_docsgen/') && !file.startsWith('_docsgen/search/'))
    assert.equal(
      generated.map((file) => file.replace(/[-.][0-9A-Za-z]{8,10}\.(js|css|svg)$/, '-HASH.$1').replace(/branch-[0-9a-f]{12}\.json$/, 'branch-HASH.json')),
      [
        '_docsgen/chunk-HASH.js',
        '_docsgen/data.json',
        '_docsgen/data/about.json',
        '_docsgen/data/docs.json',
        '_docsgen/data/docs/Guides/Setup/Install the Server.json',
        '_docsgen/data/docs/Guides/intro.json',
        '_docsgen/data/docs/Tools & Tips/Shortcuts & Tricks.json',
        '_docsgen/data/docs/category/guides.json',
        '_docsgen/data/docs/category/setup.json',
        '_docsgen/favicon-HASH.svg',
        // The login form, loaded on demand (the site has login settings).
        '_docsgen/login-widget-HASH.js',
        '_docsgen/manifest.json',
        '_docsgen/runtime-HASH.js',
        '_docsgen/sidebar/0-1.json',
        '_docsgen/sidebar/0.json',
        '_docsgen/sidebar/1.json',
        // The sidebar list of each branch, for client navigation: three branches in this site.
        '_docsgen/sidebar/branch-HASH.json',
        '_docsgen/sidebar/branch-HASH.json',
        '_docsgen/sidebar/branch-HASH.json',
        '_docsgen/styles-HASH.css',
      ],
    )
    assert.ok((await site.list('build')).includes('_docsgen/search/search.js'))
    // Private pages (as the page data the gate answers) and files, the gate's manifest and the one sign-in shell go to the private folder only.
    assert.equal(await site.list('.docsgen/private'), [
      '_docsgen/data/docs/Private.json',
      '_docsgen/data/docs/Private/Vault/secrets.json',
      'docs/Private/Vault/vault-map.svg',
      'gate.json',
      'manifest.json',
      'shell.html',
    ])
  })
})

output("a navbar or footer link's query and hash are kept as written, after its path", async () => {
  await withFixtureSite('basic-site', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("to: '/docs/Guides/intro' }]", "to: '/docs/Guides/intro?tab=npm#local-section' }]"))
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.match(await site.read('build/about.html'), '<a class="footer-link" href="/docs/Guides/intro?tab=npm#local-section">Intro</a>')
  })
})

output('rewrites links to .md files into routes, encoding spaces and &', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    const intro = await site.read('build/docs/Guides/intro.html')
    assert.match(intro, '<a href="/docs/Guides/Setup/Install%20the%20Server#configure-the-port">server guide</a>')
    assert.match(intro, '<a href="/docs/Tools%20&#x26;%20Tips/Shortcuts%20&#x26;%20Tricks">tools and tips</a>')
    assert.match(intro, '<h2 id="first-steps">First steps<a class="hash-link" href="#first-steps" aria-label="Direct link to First steps">#</a></h2>')
    const server = await site.read('build/docs/Guides/Setup/Install the Server.html')
    assert.match(server, '<a href="/docs/Guides/intro#first-steps">introduction</a>')
  })
})

output('sanitises raw HTML: a script goes with its text (javascript: URLs are errors: test/node/content/find-unsafe-urls)', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    const about = await site.read('build/about.html')
    assert.not.match(about, 'alert')
    assert.match(about, '<p>A standalone page. </p>')
  })
})

output('renders a React component page and redirects the docs root to the main doc', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    assert.match(await site.read('build/index.html'), '<h1 class="home-title">Fixture Docs</h1><p class="home-tagline">Dinosaurs are cool</p>')
    assert.match(await site.read('build/docs.html'), '<meta http-equiv="refresh" content="0; url=/docs/Guides/intro">')
  })
})

output('every link, stylesheet and redirect of every page, public and private, leads to a file and its anchor', async () => {
  await withFixtureSite('basic-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const crawl = crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/', privateDir: join(site.dir, '.docsgen/private') })
    assert.equal(crawl.broken, [])
    assert.ok(crawl.followed > 150, `only ${crawl.followed} references followed`)
  })
})

output('images and files beside the pages are published where they sit; static/ is published as it is', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    const intro = await site.read('build/docs/Guides/intro.html')
    assert.match(intro, '<p><img src="/docs/Guides/diagram.svg" alt="How the server is set up"></p>')
    assert.match(intro, '<a href="/docs/Guides/Setup/server%20checklist.txt#ports">server checklist</a>')
    assert.match(intro, '<img class="navbar-logo" src="/img/logo.svg" alt="Fixture logo"')
    assert.is(await site.read('build/docs/Guides/diagram.svg'), await site.read('content/docs/Guides/diagram.svg'))
    assert.equal(
      result.manifest!.assets.map((asset) => [asset.path, asset.source, asset.access.private]),
      [
        ['/docs/Guides/Setup/server checklist.txt', 'content/docs/Guides/Setup/server checklist.txt', false],
        ['/docs/Guides/diagram.svg', 'content/docs/Guides/diagram.svg', false],
        ['/docs/Private/Vault/vault-map.svg', 'content/docs/Private/Vault/vault-map.svg', true],
        ['/img/logo.svg', 'static/img/logo.svg', false],
      ],
    )
  })
})

/** Serves the fixture site under /handbook/, written as users often do, without the slashes. */
async function underHandbook(site: FixtureSite): Promise<void> {
  const configFile = join(site.dir, 'site.config.ts')
  await writeFile(configFile, (await readFile(configFile, 'utf8')).replace("url: 'https://fixture.example',", "url: 'https://fixture.example',\n  baseUrl: 'handbook',"))
}

output('a site served under a sub-path: every href, the stylesheet, redirects and the sitemap carry the base URL', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await underHandbook(site)
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    assert.is(result.manifest!.baseUrl, '/handbook/')
    // Route paths and the files they are written to do not change; only what links to them does.
    assert.ok(existsSync(join(site.dir, 'build/docs/Guides/intro.html')))
    const crawl = crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/handbook/', privateDir: join(site.dir, '.docsgen/private') })
    assert.equal(crawl.broken, [])
    assert.ok(crawl.followed > 150, `only ${crawl.followed} references followed`)
    // The same output served at the root would break: the crawl can tell.
    assert.ok(crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/' }).broken.length > 100)

    const intro = await site.read('build/docs/Guides/intro.html')
    assert.match(intro, '<a href="/handbook/docs/Guides/Setup/Install%20the%20Server#configure-the-port">server guide</a>')
    assert.match(intro, '<a href="/handbook/docs/Tools%20&#x26;%20Tips/Shortcuts%20&#x26;%20Tricks">tools and tips</a>')
    assert.match(intro, '<a class="navbar-brand" href="/handbook/">')
    assert.match(intro, /<link rel="stylesheet" href="\/handbook\/_docsgen\/styles\.[0-9a-f]{10}\.css">/)
    assert.match(await site.read('build/about.html'), '<a href="/handbook/docs/Private/">admin area</a>')
    assert.match(await site.read('build/index.html'), '<a class="home-start" href="/handbook/docs/Guides/intro#first-steps">Start reading</a>')
    assert.match(intro, '<img src="/handbook/docs/Guides/diagram.svg" alt="How the server is set up">')
    assert.match(intro, '<img class="navbar-logo" src="/handbook/img/logo.svg" alt="Fixture logo"')
    assert.match(await site.read('build/docs.html'), '<meta http-equiv="refresh" content="0; url=/handbook/docs/Guides/intro">')
    assert.match(await site.read('build/404.html'), '<a class="button button--secondary" href="/handbook/docs/Guides/intro">Read the docs introduction</a>')
    assert.match(await site.read('build/sitemap.xml'), '<loc>https://fixture.example/handbook/docs/Guides/intro</loc>')
  })
})

output('a link written with the base URL in it is broken, and the message says to drop the base URL', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await underHandbook(site)
    await writeFile(join(site.dir, 'content/pages/about.md'), '---\ntitle: About\n---\n\nRead [the intro](/handbook/docs/Guides/intro).\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/pages/about.md:5:6: error: Link "/handbook/docs/Guides/intro" matches no page. Write the link without the base URL, as "/docs/Guides/intro": docsgen publishes it under "/handbook/". [docsgen:missing-route]',
    ])
  })
})

/** Every file of a folder with its content. */
async function snapshot(site: FixtureSite, folder: string): Promise<Record<string, string>> {
  const files = await site.list(folder)
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await site.read(`${folder}/${file}`)] as const)))
}

/** Makes a public doc private and deletes a page: a spare from before holds stale files for both. */
async function changeSite(site: FixtureSite): Promise<void> {
  const configFile = join(site.dir, 'site.config.ts')
  const config = await readFile(configFile, 'utf8')
  await writeFile(configFile, config.replace("privatePaths: [", "privatePaths: [{ path: '/docs/Tools & Tips/**', groups: ['admins'] }, "))
  await rm(join(site.dir, 'content/pages/about.md'))
}

output('a rebuild stages into the output it replaced last time, and ends byte-identical to a fresh build', async () => {
  const reused = await withFixtureSite('basic-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    // The first build's output is now the spare the next build writes into.
    assert.ok((await site.list('.docsgen/spare/public')).includes('about.html'))
    assert.ok((await site.list('.docsgen/spare/private')).includes('manifest.json'))
    await changeSite(site)
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    return { public: await snapshot(site, 'build'), private: await snapshot(site, '.docsgen/private') }
  })
  const fresh = await withFixtureSite('basic-site', async (site) => {
    await changeSite(site)
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    return { public: await snapshot(site, 'build'), private: await snapshot(site, '.docsgen/private') }
  })
  assert.equal(reused, fresh)
  assert.not.ok('about.html' in reused.public)
  assert.ok('_docsgen/data/docs/Tools & Tips/Shortcuts & Tricks.json' in reused.private)
  assert.not.ok(Object.values(reused.public).some((html) => html.includes('Keyboard shortcuts')))
})

output('a build that stops at a content error leaves the spare as it was, and no staging folder', async () => {
  await withFixtureSite('basic-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const spare = await snapshot(site, '.docsgen/spare/public')
    await writeFile(join(site.dir, 'content/pages/broken.md'), '# Broken\n\n[gone](./gone.md)\n')
    assert.is((await build({ siteDir: site.dir })).exitCode, 1)
    assert.equal(await snapshot(site, '.docsgen/spare/public'), spare)
    assert.equal((await readdir(site.dir)).filter((name) => name.includes('.next-')), [])
    // The next build stages into it again.
    await rm(join(site.dir, 'content/pages/broken.md'))
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.ok((await site.list('.docsgen/spare/public')).includes('about.html'))
  })
})

// Each thread renders a run of routes: a blog's list, tag, author and archive pages show posts of the others' runs.
for (const fixture of ['basic-site', 'blog', 'versioned-docs']) {
  output(`parsing and rendering on several threads gives the same site as on one (${fixture})`, async () => {
    await withFixtureSite(fixture, async (site) => {
      const outputs = async () => {
        const files = [...(await site.list('build')).map((file) => `build/${file}`), ...(await site.list('.docsgen/private')).map((file) => `.docsgen/private/${file}`)]
        return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await site.read(file)] as const)))
      }
      assert.is((await build({ siteDir: site.dir, threads: 1, cache: false })).exitCode, 0)
      const single = await outputs()
      assert.is((await build({ siteDir: site.dir, threads: 3, cache: false })).exitCode, 0)
      const several = await outputs()
      assert.equal(Object.keys(several), Object.keys(single))
      assert.equal(Object.keys(several).filter((file) => several[file] !== single[file]), [])
    })
  })
}

output('each stage is a measure on the performance timeline, with the memory as it ended; only the last build is kept', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await build({ siteDir: site.dir })
    const result = await build({ siteDir: site.dir })
    const measures = (performance.getEntriesByType('measure') as PerformanceMeasure[]).filter((entry) => entry.name.startsWith('docsgen:'))
    assert.equal(
      measures.map((entry) => entry.name),
      ['docsgen:config', 'docsgen:content', 'docsgen:manifest', 'docsgen:validate', 'docsgen:render', 'docsgen:search', 'docsgen:write'],
    )
    for (const [index, entry] of measures.entries()) {
      const detail = entry.detail as { name: string; milliseconds: number; heapUsedBytes: number; peakRssBytes: number }
      assert.equal({ name: detail.name, milliseconds: detail.milliseconds }, { name: result.stages[index]!.name, milliseconds: result.stages[index]!.milliseconds })
      assert.is(entry.duration, detail.milliseconds)
      assert.ok(detail.heapUsedBytes > 0 && detail.heapUsedBytes < detail.peakRssBytes, `${entry.name}: ${detail.heapUsedBytes} bytes of heap, ${detail.peakRssBytes} at the peak`)
    }
  })
})

output('pages wait for rendering in a body folder under .docsgen/cache: without the cache, removed when the build ends, built or failed', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const bodyFolders = async () => (existsSync(join(site.dir, '.docsgen', 'cache')) ? (await site.list('.docsgen/cache')).filter((file) => file.startsWith('bodies-')) : [])
    assert.is((await build({ siteDir: site.dir, cache: false })).exitCode, 0)
    assert.equal(await bodyFolders(), [])
    await writeFile(join(site.dir, 'content', 'docs', 'Guides', 'intro.md'), '# Intro\n\n[broken](./nowhere.md)\n')
    assert.is((await build({ siteDir: site.dir, cache: false })).exitCode, 1)
    assert.equal(await bodyFolders(), [])
  })
})

output('with the cache, bodies are kept in .docsgen/cache/incremental/bodies only while a cached page uses them', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const bodyFiles = async () => (await site.list('.docsgen/cache/incremental/bodies')).length
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.is(await bodyFiles(), 1)
    // Another page links to its "First steps".
    await writeFile(join(site.dir, 'content', 'docs', 'Guides', 'intro.md'), '# Intro\n\nChanged.\n\n## First steps\n')
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.is(await bodyFiles(), 2)
    for (const file of ['content/docs/Guides/Setup/Install the Server.md', 'content/docs/Private/index.md', 'content/docs/Private/Vault/secrets.md', 'content/docs/Tools & Tips/Shortcuts & Tricks.md', 'content/pages/about.md'])
      await writeFile(join(site.dir, file), '# Rewritten\n\nAgain.\n')
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    // Every page the first build parsed was parsed again: its body file went.
    assert.is(await bodyFiles(), 2)
  })
})

output('a build past its heap limit stops with a diagnostic naming the stage and the amounts, and writes nothing', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const result = await build({ siteDir: site.dir, heapLimitBytes: 1 })
    assert.is(result.exitCode, 1)
    assert.equal(
      messages(result).map((message) => message.replace(/held \d+ MB/, 'held N MB')),
      [
        '.: error: The build stopped in the config stage: the JavaScript heap held N MB of the 0 MB the build may use. Give Node.js a larger heap (NODE_OPTIONS=--max-old-space-size=8192, in megabytes), or build the site in parts. [docsgen:out-of-memory]',
      ],
    )
    assert.equal(
      result.stages.map(({ name, detail, failed }) => ({ name, detail, failed })),
      [{ name: 'config', detail: 'stopped: out of memory', failed: true }],
    )
    assert.not.ok(existsSync(join(site.dir, 'build')))
  })
})

output('an output folder that cannot be made is a diagnostic naming it and why, not a crash; the last output stays', async () => {
  await withFixtureSite('basic-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const before = await site.list('build')
    await writeFile(join(site.dir, 'afile'), 'a file, not a folder')
    const result = await build({ siteDir: site.dir, outDir: 'afile/build' })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result).filter((message) => message.includes('error')), [
      'afile/build: error: The build could not write here: a part of its path is not a folder. Make the folder writable by the user running the build and check the disk has room, or choose other folders with --out-dir and --private-dir. [docsgen:output-unwritable]',
    ])
    assert.equal(await site.list('build'), before)
    assert.equal((await readdir(site.dir)).filter((name) => name.includes('.next-')), [])
  })
})

output("staging folders a stopped build left beside the outputs go (moved aside, removed in the background); a running build's stay, and so does a folder of such a name holding no build's output", async () => {
  await withFixtureSite('basic-site', async (site) => {
    // A process that has ended: its pid runs nothing now.
    const ended = spawnSync(process.execPath, ['-e', '']).pid!
    const left = [`build.next-${ended}`, `.docsgen/private.previous-${ended}`, `.docsgen/private.next-${ended}`]
    const running = `build.next-${process.ppid}`
    for (const folder of [...left, running]) {
      await mkdir(join(site.dir, folder, '_docsgen'), { recursive: true })
      await writeFile(join(site.dir, folder, '_docsgen', 'page.json'), '{"from": "a build that was stopped"}')
    }
    // A folder of such a name that holds no build's output is someone else's.
    const theirs = `build.previous-${ended}`
    await mkdir(join(site.dir, theirs))
    await writeFile(join(site.dir, theirs, 'notes.txt'), 'mine')
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    assert.equal(left.filter((folder) => existsSync(join(site.dir, folder))), [])
    assert.ok(existsSync(join(site.dir, running, '_docsgen', 'page.json')))
    assert.is(await readFile(join(site.dir, theirs, 'notes.txt'), 'utf8'), 'mine')
    // A check writes nothing, so it leaves them.
    await mkdir(join(site.dir, left[0]!))
    assert.is((await build({ siteDir: site.dir, write: false })).exitCode, 0)
    assert.ok(existsSync(join(site.dir, left[0]!)))
  })
})

const validation = suite('build and check: every problem, with file:line:col, at once')

validation('broken links, anchors, files, images and navbar targets', async () => {
  await withFixtureSite('broken-links', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Guides/intro.md:5:13: error: Link "/docs/Guides/instal" matches no page. Did you mean "/docs/Guides/install"? [docsgen:missing-route]',
      'content/docs/Guides/intro.md:5:58: error: Link "./install.md#configure-the-prot" points to "#configure-the-prot", which is not a heading on "/docs/Guides/install". Did you mean "#configure-the-port"? [docsgen:missing-anchor]',
      'content/docs/Guides/intro.md:7:3: error: Link "./setup.md" names a file that does not exist (resolved as "content/docs/Guides/setup.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
      'content/docs/Guides/intro.md:11:9: error: Link "#local-sectoin" points to "#local-sectoin", which is not a heading on "/docs/Guides/intro". Did you mean "#local-section"? [docsgen:missing-anchor]',
      'content/docs/Guides/intro.md:13:1: error: Image "./server-diagam.svg" names a file that does not exist (resolved as "content/docs/Guides/server-diagam.svg"). Did you mean "./server-diagram.svg"? [docsgen:missing-file]',
      'content/docs/Guides/intro.md:13:51: error: Image "/img/logo.png" matches no file in static/ or beside the pages. Did you mean "/img/logo.svg"? [docsgen:missing-file]',
      'content/docs/Guides/intro.md:15:14: error: Link "./install.ps1" names a file that does not exist (resolved as "content/docs/Guides/install.ps1"). Put the file beside the page; paths are relative to the page\'s source file. [docsgen:missing-file]',
      'site.config.ts:5:45: error: navbar.items[0].to "/docs/Guides/Intro" matches no page. Did you mean "/docs/Guides/intro"? Routes are case-sensitive. [docsgen:nav-missing-route]',
      'site.config.ts:5:83: error: navbar.logo.src "/img/logo.png" matches no file in static/. Did you mean "/img/logo.svg"? [docsgen:missing-file]',
    ])
  })
})

validation('a link to a missing .md file is reported under the stricter of onBrokenMarkdownLinks and onBrokenLinks, which it follows unset; a navbar link under onBrokenLinks', async () => {
  await withFixtureSite('broken-links', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    const text = await readFile(config, 'utf8')
    const severities = async (settings: string) => {
      await writeFile(config, text.replace("title: 'Broken links',", `title: 'Broken links',\n  ${settings}`))
      const found = messages(await build({ siteDir: site.dir, write: false }))
      const of = (link: string) => found.filter((message) => message.includes(`Link "${link}"`)).map((message) => message.split(': ')[1])
      // The navbar's link is checked as the pages' are, as Docusaurus checks the links it draws.
      const navbar = found.filter((message) => message.includes('navbar.items[0].to')).map((message) => message.split(': ')[1])
      return { markdown: of('./setup.md'), route: of('/docs/Guides/instal'), navbar }
    }
    assert.equal(await severities("onBrokenLinks: 'warn',"), { markdown: ['warning'], route: ['warning'], navbar: ['warning'] })
    assert.equal(await severities("onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'throw',"), { markdown: ['error'], route: ['warning'], navbar: ['warning'] })
    assert.equal(await severities("onBrokenMarkdownLinks: 'ignore',"), { markdown: ['error'], route: ['error'], navbar: ['error'] })
    assert.equal(await severities("onBrokenLinks: 'ignore',"), { markdown: [], route: [], navbar: [] })
  })
})

validation('a link to "index" in a folder reaches the folder\'s page, as hosts serve it; "index" of a folder without one is still missing', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/index.md'), '# Guides\n\nSee [this page](./index), [again](/docs/Guides/index#guides) and [nothing](../Tools%20&%20Tips/index).\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(messages(result).filter((message) => message.startsWith('content/docs/Guides/index.md')), [
      'content/docs/Guides/index.md:3:66: error: Link "../Tools & Tips/index" matches no page (resolved as "/docs/Tools & Tips/index"). Link to an existing route, or create the page. [docsgen:missing-route]',
    ])
    // Written as Guides.html, the folder's page is not where a host looks for /docs/Guides/index.
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("tagline:", 'trailingSlash: false,\n  tagline:'))
    const withoutSlash = await build({ siteDir: site.dir, write: false })
    assert.equal(messages(withoutSlash).filter((message) => message.startsWith('content/docs/Guides/index.md')), [
      'content/docs/Guides/index.md:3:5: error: Link "./index" matches no page (resolved as "/docs/index"). Link to an existing route, or create the page. [docsgen:missing-route]',
      'content/docs/Guides/index.md:3:27: error: Link "/docs/Guides/index#guides" matches no page. Did you mean "/docs/Guides/intro"? [docsgen:missing-route]',
      'content/docs/Guides/index.md:3:66: error: Link "../Tools & Tips/index" matches no page (resolved as "/Tools & Tips/index"). Link to an existing route, or create the page. [docsgen:missing-route]',
    ])
  })
})

validation('a public page that links to a private page by its Markdown file is warned as one that links to its route', async () => {
  await withFixtureSite('basic-site', async (site) => {
    const intro = join(site.dir, 'content/docs/Guides/intro.md')
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nSee the [vault](../Private/Vault/secrets.md).\n`)
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(messages(result).filter((message) => message.startsWith('content/docs/Guides/intro.md')), [
      `content/docs/Guides/intro.md:${(await readFile(intro, 'utf8')).trimEnd().split('\n').length}:9: warning: Public page links to the private page "/docs/Private/Vault/secrets", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]`,
    ])
  })
})

validation('a static file under a private path, and a file where a page, a folder or the generated files are, are errors', async () => {
  await withFixtureSite('basic-site', async (site) => {
    await mkdir(join(site.dir, 'static/docs/Private'), { recursive: true })
    await mkdir(join(site.dir, 'static/docs/Guides'), { recursive: true })
    await writeFile(join(site.dir, 'static/docs/Private/roster.csv'), 'name,group\n')
    await writeFile(join(site.dir, 'static/about.html'), '<p>An old page</p>\n')
    // Where hosts look for the page /docs/Guides/intro before intro.html.
    await writeFile(join(site.dir, 'static/docs/Guides/intro'), 'plain text\n')
    // A file where the pages need a folder, and files the build writes itself.
    await writeFile(join(site.dir, 'static/docs/Tools & Tips'), 'plain text\n')
    await mkdir(join(site.dir, 'static/_docsgen'))
    await writeFile(join(site.dir, 'static/_docsgen/manifest.json'), '{}\n')
    await mkdir(join(site.dir, 'content/pages/_Docsgen'))
    await writeFile(join(site.dir, 'content/pages/_Docsgen/data.md'), '# Data\n')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.not.ok(existsSync(join(site.dir, 'build')))
    assert.equal(messages(result), [
      'content/pages/_Docsgen/data.md: error: "_Docsgen/data.html" is in the folder "_docsgen/", which docsgen keeps for the files it generates. Move it out of a folder named "_docsgen". [docsgen:reserved-path]',
      'content/pages/about.md:7:5: warning: Public page links to the private page "/docs/Private/", which most readers cannot open. Link to a public page instead, or make this page private too. [docsgen:private-link]',
      'static/_docsgen/manifest.json: error: "_docsgen/manifest.json" is in the folder "_docsgen/", which docsgen keeps for the files it generates. Move it out of a folder named "_docsgen". [docsgen:reserved-path]',
      'static/about.html: error: "/about.html" is produced twice, or as both a file and a folder: by "static/about.html" and by "content/pages/about.md". Rename or move one of them; only one file or folder can live at a path. [docsgen:duplicate-route]',
      'static/docs/Guides/intro: error: "/docs/Guides/intro" is produced twice, or as both a file and a folder: by "static/docs/Guides/intro" and by "content/docs/Guides/intro.md". Rename or move one of them; only one file or folder can live at a path. [docsgen:duplicate-route]',
      'static/docs/Private/roster.csv: error: Static file is served at "/docs/Private/roster.csv", which private-path rule "/docs/Private/**" protects, but files in static/ are always public. Move it into content/ beside the private pages that show it (they publish it privately), or out of /docs/Private/**. [docsgen:static-private]',
      'static/docs/Tools & Tips: error: "/docs/Tools & Tips" is produced twice, or as both a file and a folder: by "static/docs/Tools & Tips" and by "content/docs/Tools & Tips/Shortcuts & Tricks.md". Rename or move one of them; only one file or folder can live at a path. [docsgen:duplicate-route]',
    ])
  })
})

validation("the spec's own rule /docs/category/private/* matches no route and is an error naming the routes it meant", async () => {
  await withFixtureSite('spec-private-rule', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'site.config.ts:7:29: error: Private path rule login.privatePaths[0] "/docs/category/private/*" matches no route, so it protects nothing and the pages it was meant for are public. Did you mean "/docs/Private/**"? It would match 2 routes: "/docs/Private/", "/docs/Private/notice". [docsgen:private-path-unmatched]',
    ])
  })
})

validation('an invalid glob and a private redirect target', async () => {
  await withFixtureSite('invalid-glob', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      // The only doc is private, so the docs root would send everyone to it.
      'site.config.ts: error: "/" sends readers on to the main doc "/docs/secret", which is private, so every reader would be sent to sign in and its path would be public. Set docs.mainDoc to a public doc (its path under content/docs, without the extension). [docsgen:redirect-target-private]',
      'site.config.ts: error: "/docs" sends readers on to the main doc "/docs/secret", which is private, so every reader would be sent to sign in and its path would be public. Set docs.mainDoc to a public doc (its path under content/docs, without the extension). [docsgen:redirect-target-private]',
      'site.config.ts:7:27: error: login.privateRedirectPath "/docs/secret" is itself private, so refused readers would be redirected in a loop. Point it at a public page, such as "/". [docsgen:redirect-target-private]',
      'site.config.ts:8:29: error: Private path rule login.privatePaths[0] "/docs/[secret" is not a valid glob: Missing closing: "]" - use "\\\\]" to match literal characters. Escape literal brackets with "\\", or write a plain route path such as "/docs/Private/". [docsgen:private-path-invalid-glob]',
    ])
  })
})

validation('duplicate routes and a component page without a default export', async () => {
  await withFixtureSite('duplicate-routes', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(messages(result), [
      'content/docs/Foo/index.md: error: Route "/docs/Foo/" is produced twice: by "content/docs/Foo/Foo.md" and by "content/docs/Foo/index.md". Rename or move one of them; only one page can live at a path. [docsgen:duplicate-route]',
      'content/pages/about.tsx:1:1: error: The page has no default export, so there is nothing to render. Export the page component as the default: `export default function Page() { … }`. [docsgen:page-default-export]',
    ])
  })
})

validation('config errors are reported together and exit with code 2', async () => {
  await withFixtureSite('bad-config', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 2)
    assert.equal(messages(result), [
      `site.config.ts:6:3: error: "onBrokenLinks" must be one of 'throw', 'warn', 'ignore', got 'trow'. Did you mean 'throw'? [docsgen:config-invalid]`,
      "site.config.ts:10:5: error: Unknown key 'privatPaths' in login. Did you mean 'privatePaths'? [docsgen:config-unknown-key]",
    ])
  })
})

validation('a failed build leaves the previous output untouched', async () => {
  await withFixtureSite('basic-site', async (site) => {
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const before = await site.read('build/docs/Guides/intro.html')
    await writeFile(join(site.dir, 'content/docs/Guides/intro.md'), '---\ntitle: Introduction\n---\n\n[broken](/docs/nowhere)\n')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 1)
    assert.is(await site.read('build/docs/Guides/intro.html'), before)
  })
})

validation('a site without a config builds with defaults; the first doc is the main doc', async () => {
  await withFixtureSite('no-config', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    assert.is(result.manifest?.version.mainDoc, 'Start/getting-started')
    assert.match(await site.read('build/index.html'), 'url=/docs/Start/getting-started')
    assert.match(await site.read('build/docs/Start/getting-started.html'), '<h1 id="getting-started">Getting started</h1>')
  })
})

output.run()
validation.run()
