/** A VitePress site's folder built as it is: `.vitepress/config` read, its pages where VitePress finds them, what is ignored said once. */
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const note =
  ".vitepress/config.mts: warning: docsgen reads .vitepress/config.mts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown, the style sheets its theme imports (.vitepress/theme/custom.css); it ignores lastUpdated, markdown.lineNumbers, pwa, vite, head[1] (meta), themeConfig.nav[2] (a dropdown); it stood in for the packages @vite-pwa/vitepress, vitepress, which are not installed. Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]"

const routesOf = (result: Awaited<ReturnType<typeof build>>) =>
  result
    .manifest!.routes.filter((route) => route.source !== undefined)
    .map((route) => `${route.source} → ${route.path}`)
    .sort()

test('every .md of a VitePress folder gets the route VitePress gives it (index.md its folder\'s; README, _ and number prefixes kept); node_modules, dist, public/ and srcExclude are no pages', async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.is(result.exitCode, 0)
    assert.equal(routesOf(result), [
      'README.md → /README',
      'guide/01-setup.md → /guide/01-setup',
      'guide/_notes.md → /guide/_notes',
      'guide/code.md → /guide/code',
      'guide/getting-started.md → /guide/getting-started',
      'guide/guide.md → /guide/guide',
      'guide/index.md → /guide/',
      'index.md → /',
      'reference/api.md → /reference/api',
    ])
    // Written where VitePress writes them; public/ published as it is, a .md in it too.
    assert.equal(await site.list('build/guide'), ['01-setup.html', '_notes.html', 'code.html', 'getting-started.html', 'guide.html', 'index.html'])
    assert.equal(await site.list('build/img'), ['logo.svg'])
    assert.is(await site.read('build/notes.md'), '# Published as it is\n')
    assert.is(await site.read('build/robots.txt'), 'User-agent: *\n')
    // The sheet the theme imports is laid over docsgen's theme, whose primary colour follows --vp-c-brand-1.
    const stylesheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    assert.ok((await site.read(`build/_docsgen/${stylesheet}`)).endsWith('\n:root{--vp-c-brand-1: #3eaf7c}\n'))
    const page = await site.read('build/guide/getting-started.html')
    // themeConfig.editLink.pattern, `:path` the page's file under srcDir.
    assert.match(page, '<p class="edit-this-page"><a href="https://github.com/example/vite-docs/edit/main/guide/getting-started.md" target="_blank" rel="noopener noreferrer">Edit this page</a></p>')
    assert.ok(page.includes('<title>Getting Started | Vite Docs</title>'))
    assert.ok((await site.read('build/index.html')).includes('<title>Vite Docs · Fast docs, written once.</title>'))
    assert.ok(page.includes('<link rel="icon" href="/img/logo.svg" type="image/svg+xml">'))
    assert.ok(page.includes('<a class="navbar-brand" href="/"><img class="navbar-logo" src="/img/logo.svg" alt="Vite Docs" width="32" height="32"/><span class="navbar-title">Vite Docs</span></a>'))
    assert.ok(page.includes('<ul class="navbar-items"><li class="navbar-item"><a class="navbar-link navbar-link--active" href="/guide/getting-started" aria-current="page">Guide</a></li><li class="navbar-item"><a class="navbar-link" href="/reference/api">Reference</a></li></ul>'))
    assert.ok(page.includes('<ul class="navbar-items navbar-items--right"><li class="navbar-item"><a class="navbar-link" href="https://github.com/example/vite-docs">GitHub</a></li></ul>'))
    assert.ok(page.includes('<footer class="footer"><div class="footer-inner"><p class="footer-copyright">Released under the MIT License. Copyright © 2024 Example</p></div></footer>'))
    // The sidebar of the path's prefix: groups as categories, links to pages as docs, others as links.
    assert.equal(Object.keys(result.manifest!.sidebars), ['guide', 'reference'])
    const guide = JSON.stringify(result.manifest!.sidebars.guide)
    for (const item of ['"label":"Introduction","collapsed":false,"collapsible":true', '"type":"doc","label":"What is it?","path":"/guide/"', '"type":"doc","label":"Setup","path":"/guide/01-setup"', '"type":"link","label":"Code","href":"/guide/code#focus"', '"type":"link","label":"Changelog","href":"https://example.org/changelog"'])
      assert.ok(guide.includes(item), item)
    // VitePress's outline: level 2 headings unless the config says otherwise.
    assert.ok(page.includes('<a class="table-of-contents-link" href="#install">Install</a>'))
    // The VitePress flavour is on: `[!code]` comments read.
    const code = await site.read('build/guide/code.html')
    assert.ok(code.includes('<span class="code-line code-line--diff-add">  <span class="hljs-attr">cleanUrls</span>: <span class="hljs-literal">true</span>,</span>'))
    assert.not.ok(code.includes('[!code'))
    assert.ok((await site.read('build/sitemap.xml')).includes('<loc>https://vite-docs.example/guide/getting-started</loc>'))
  })
})

test('srcDir, base, a config that is a function of its environment, and vitepress installed in the site (its own defineConfig used)', async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    // The fixture's node_modules is a link to docsgen's own: the site gets one of its own here.
    await rm(join(site.dir, 'node_modules'))
    await mkdir(join(site.dir, 'node_modules/vitepress'), { recursive: true })
    await writeFile(join(site.dir, 'node_modules/vitepress/package.json'), '{ "name": "vitepress", "main": "index.js" }\n')
    await writeFile(join(site.dir, 'node_modules/vitepress/index.js'), 'exports.defineConfig = (config) => ({ ...config, description: "from the installed vitepress" })\n')
    await rm(join(site.dir, '.vitepress/config.mts'))
    await writeFile(
      join(site.dir, '.vitepress/config.ts'),
      "import { defineConfig } from 'vitepress'\n\nexport default ({ mode }: { mode: string }) => defineConfig({ title: `Guide (${mode})`, srcDir: './guide', base: '/handbook/', themeConfig: { sidebar: [{ text: 'Start', link: '/getting-started' }] } })\n",
    )
    const result = await build({ siteDir: site.dir })
    // public/ is the srcDir's: the root's is not published, and what names it is a broken link.
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config.ts: warning: docsgen reads .vitepress/config.ts as a VitePress site: every .md of guide/ as a page at the route VitePress gives it, guide/public/ published as it is, the nav and sidebar, VitePress's Markdown, the style sheets its theme imports (.vitepress/theme/custom.css); its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page). Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
      'guide/getting-started.md:3:1: error: Image "/img/logo.svg" matches no file in guide/public/ or beside the pages. Put the file in guide/public/ (guide/public/img/logo.svg is served at /img/logo.svg). [docsgen:missing-file]',
    ])
    assert.equal(routesOf(result), [
      'guide/01-setup.md → /01-setup',
      'guide/_notes.md → /_notes',
      'guide/code.md → /code',
      'guide/getting-started.md → /getting-started',
      'guide/guide.md → /guide',
      'guide/index.md → /',
    ])
    await mkdir(join(site.dir, 'guide/public/img'), { recursive: true })
    await writeFile(join(site.dir, 'guide/public/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n')
    const fixed = await build({ siteDir: site.dir })
    assert.is(fixed.exitCode, 0)
    assert.equal(await site.list('build/img'), ['logo.svg'])
    const page = await site.read('build/getting-started.html')
    assert.ok(page.includes('<title>Getting Started | Guide (production)</title>'))
    assert.ok((await site.read('build/index.html')).includes('<title>Guide (production) · from the installed vitepress</title>'))
    assert.ok(page.includes('href="/handbook/getting-started"'))
  })
})

test('a VitePress config that throws, does not compile, or never ends is a config-invalid error at its place, exit 2, no stack trace', async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const config = join(site.dir, '.vitepress/config.mts')
    await writeFile(config, "import { defineConfig } from 'vitepress'\n\nconst base = process.env.NOPE!.trim()\nexport default defineConfig({ base })\n")
    const threw = await build({ siteDir: site.dir, write: false })
    assert.is(threw.exitCode, 2)
    assert.equal(threw.diagnostics.map(formatDiagnostic), [
      ".vitepress/config.mts:3:32: error: The VitePress config threw while loading: Cannot read properties of undefined (reading 'trim'). docsgen runs the VitePress config without its packages installed; install them (npm install) or write a site.config.ts. [docsgen:config-invalid]",
    ])
    await writeFile(config, "export default {\n  title: 'x',,\n}\n")
    const broken = await build({ siteDir: site.dir, write: false })
    assert.is(broken.exitCode, 2)
    assert.equal(broken.diagnostics.map(formatDiagnostic), [
      '.vitepress/config.mts:2:14: error: Cannot compile the VitePress config: Expected identifier but found ",". [docsgen:config-invalid]',
    ])
    await writeFile(config, 'while (true) {}\nexport default {}\n')
    const endless = await build({ siteDir: site.dir, write: false, userCodeTimeLimitMs: 500 })
    assert.is(endless.exitCode, 2)
    assert.equal(endless.diagnostics.map(formatDiagnostic), [
      '.vitepress/config.mts: error: The VitePress config did not finish loading within 0.5 s. A config must evaluate to its settings in moments, without ending the process. [docsgen:config-invalid]',
    ])
  })
})

test("a broken link in a VitePress site's nav is a warning, not an error: VitePress does not check its nav", async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const config = join(site.dir, '.vitepress/config.mts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("link: '/reference/api.html'", "link: '/reference/apis.html'"))
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 0)
    assert.equal(result.diagnostics.map(formatDiagnostic).filter((message) => message.includes('nav-missing-route')), [
      '.vitepress/config.mts:24:37: warning: navbar.items[1].to "/reference/apis" matches no page. Did you mean "/reference/api"? Routes are case-sensitive. [docsgen:nav-missing-route]',
    ])
  })
})

test('a site.config.ts beside .vitepress/ wins: the VitePress config is not read', async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    await writeFile(join(site.dir, 'site.config.ts'), "export default { title: 'Own' }\n")
    await mkdir(join(site.dir, 'content/docs'), { recursive: true })
    await writeFile(join(site.dir, 'content/docs/intro.md'), '# Intro\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.equal(routesOf(result), ['content/docs/intro.md → /docs/intro'])
  })
})

test('with the site folder as the source root, includes reach its pages but no hidden file (.vitepress, .env) and nothing outside it', async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    await writeFile(join(site.dir, 'includes.md'), '# Includes\n\n<!--@include: @/guide/getting-started.md#install-->\n\n<!--@include: ./.vitepress/sidebar.ts-->\n\n<<< @/../outside.js\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic).slice(1), [
      'includes.md:5:1: error: Cannot include "./.vitepress/sidebar.ts": .vitepress/sidebar.ts is a hidden file or in a hidden folder, which is never content. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
      'includes.md:7:1: error: Cannot import the code snippet "@/../outside.js": it is outside the site folder, the folder included files must be in. Write a path relative to the page (or "@/" for the source root) to a file inside the source root. [docsgen:include-invalid]',
    ])
    // The include from the root (@/guide/…) is read without a word.
    assert.is(result.exitCode, 1)
  })
})

test("a theme's import of a sheet that is missing or outside the site is an error at its line in the theme's entry; one in a comment is no import", async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const entry = join(site.dir, '.vitepress', 'theme', 'index.ts')
    await writeFile(entry, "import DefaultTheme from 'vitepress/theme'\nimport './custom.css'\n/*\nimport './commented.css'\n*/\nimport './missing.css'\n  import '../../../outside.css'\n\nexport default DefaultTheme\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 2)
    assert.equal(
      result.diagnostics.map(formatDiagnostic).filter((message) => message.includes('custom-css-invalid')),
      [
        ".vitepress/theme/index.ts:6:8: error: The theme imports ./missing.css, which does not exist. Import a sheet of the site's own, by its path from the theme's folder. [docsgen:custom-css-invalid]",
        ".vitepress/theme/index.ts:7:10: error: The theme imports ../../../outside.css, which is outside the site folder. Import a sheet of the site's own, by its path from the theme's folder. [docsgen:custom-css-invalid]",
      ],
    )
  })
})

test("a theme entry that is a named pipe is not read (it would never end): the site builds without the theme's sheets", async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    const entry = join(site.dir, '.vitepress', 'theme', 'index.ts')
    await rm(entry)
    execFileSync('mkfifo', [entry])
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 0)
    assert.not.match(result.diagnostics.map(formatDiagnostic).join('\n'), 'the style sheets its theme imports')
  })
})

test('.vitepress/config/index.* is read before .vitepress/config.*, as VitePress reads it; its markdown.attrs delimiters give headings and paragraphs their ids (%{#id}%), braces then being text', async () => {
  await withFixtureSite('vitepress-config-folder', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      ".vitepress/config/index.mts: warning: docsgen reads .vitepress/config/index.mts as a VitePress site: every .md of the site folder as a page at the route VitePress gives it, public/ published as it is, the nav and sidebar, VitePress's Markdown; its pages are linked without .html, as with cleanUrls: true (the host must serve page.html at /page); it ignores markdown.attrs.allowedAttributes; it stood in for the package vitepress, which is not installed. Write a site.config.ts beside .vitepress/ with what docsgen should read instead (then .vitepress/config is not read). [docsgen:config-unknown-key]",
    ])
    assert.is(result.exitCode, 0)
    const home = await site.read('build/index.html')
    assert.match(home, '<title>Config folder</title>')
    assert.match(
      home,
      [
        '<h1 id="start">Start</h1><div class="markdown-body">',
        '<p id="para">A paragraph with an id.</p>',
        '<p>A paragraph with braces {#kept-as-text}</p>',
        '<h2 id="migrating-from-vuex-≤4">从 Vuex ≤4 迁移<a class="hash-link" href="#migrating-from-vuex-≤4" aria-label="Direct link to 从 Vuex ≤4 迁移">#</a></h2>',
        '<p>See <a href="#migrating-from-vuex-%E2%89%A44">the migration</a>, <a href="/guide/setup#set-up">setting up</a> and <a href="#para">the paragraph</a>.</p>',
      ].join('\n'),
    )
    assert.not.match(home, '%{')
    assert.match(await site.read('build/guide/setup.html'), '<h2 id="set-up">Setting it up<a class="hash-link" href="#set-up" aria-label="Direct link to Setting it up">#</a></h2>')
  })
})

test.run()
