/** A Docusaurus site's folder built as it is (issue 11 item 7): its config read, its folders in place, what is ignored said once. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { withFixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

const note =
  "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (blog/), pages (src/pages/), static/ and sidebars in place; it ignores organizationName, projectName, i18n, plugins, themeConfig.image, themeConfig.prism, themeConfig.footer.links[1].items[1], presets.classic.blog.editUrl; it stood in for the package prism-react-renderer, which is not installed; it draws the 1 React page of src/pages/ once, as static HTML, with stand-ins for Docusaurus's Layout, Link and context. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]"

test('every Markdown and MDX file of a Docusaurus folder gets the route Docusaurus gives it; what is ignored is said once', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.is(result.exitCode, 0)
    const routes = result.manifest!.routes.filter((route) => route.source !== undefined).map((route) => `${route.source} → ${route.path}`)
    assert.equal(routes.sort(), [
      'blog/2024-01-01-welcome.md → /blog/welcome',
      'docs/guides/setup.mdx → /docs/setting-up',
      'docs/intro.md → /docs/intro',
      'src/pages/about.md → /about',
      'src/pages/index.js → /',
      'versioned_docs/version-1.0/intro.md → /docs/1.0/intro',
      'versioned_docs/version-1.0/welcome.md → /docs/1.0/old-intro',
    ])
    // lastVersion: 'current' puts the current docs at /docs, labelled as the config says.
    assert.equal(result.manifest!.versions.map((version) => `${version.label} ${version.path}`), ['Canary /docs', '1.0 /docs/1.0'])
    assert.equal(Object.keys(result.manifest!.sidebars), ['tutorialSidebar', 'version-1.0/tutorialSidebar'])
    const intro = await site.read('build/docs/intro/index.html')
    assert.ok(intro.includes('<title>Tutorial Intro | Dino Docs</title>'))
    assert.ok(intro.includes('<a class="navbar-brand" href="/"><img class="navbar-logo" src="/img/logo.svg" alt="Dino" width="32" height="32"/><span class="navbar-title">Dino Docs</span></a>'))
    assert.ok(intro.includes('<li class="navbar-item"><a class="navbar-link navbar-link--active" href="/docs/intro" aria-current="page">Tutorial</a></li><li class="navbar-item"><a class="navbar-link" href="/blog">Blog</a></li>'))
    assert.ok(intro.includes('Copyright © 2024 Dino, Inc. Built with Docusaurus.'))
    assert.ok(intro.includes('<a class="navbar-versions-link" href="/docs/1.0/intro" data-docs-version="1.0">1.0</a>'))
    // MDX with Docusaurus's own components, and a link between docs resolved as Docusaurus does.
    const setup = await site.read('build/docs/setting-up/index.html')
    assert.ok(setup.includes('<button type="button" role="tab" class="tabs-tab"'))
    assert.ok(intro.includes('<a href="/docs/setting-up#install">set up</a>'))
    assert.equal(await site.list('build/img'), ['favicon.ico', 'logo.svg'])
    // The theme's customCss, laid over docsgen's theme.
    const stylesheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    assert.ok((await site.read(`build/_docsgen/${stylesheet}`)).endsWith('\n.hero{color:red}\n'))
  })
})

test('a Docusaurus config in TypeScript exporting an async function is read; one that throws is a diagnostic', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await rm(join(site.dir, 'docusaurus.config.js'))
    await writeFile(
      join(site.dir, 'docusaurus.config.ts'),
      "import type { Config } from '@docusaurus/types'\nimport { themes } from 'prism-react-renderer'\n\nexport default async function createConfig(): Promise<Config> {\n  return { title: 'Typed', url: 'https://typed.example.org', baseUrl: '/', themeConfig: { prism: { theme: themes.github } }, presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] } satisfies Config\n}\n",
    )
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "docusaurus.config.ts: warning: docsgen reads docusaurus.config.ts as a Docusaurus site: its docs (docs/), blog (blog/), pages (src/pages/), static/ and sidebars in place; it ignores themeConfig.prism; it stood in for the package prism-react-renderer, which is not installed; it draws the 1 React page of src/pages/ once, as static HTML, with stand-ins for Docusaurus's Layout, Link and context. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
    assert.is(result.manifest!.versions[0]!.path, '/docs/next')
    // A TypeScript config may name its TypeScript sidebars as './sidebars.js', as Docusaurus's loader allows.
    await rm(join(site.dir, 'sidebars.js'))
    await writeFile(join(site.dir, 'sidebars.ts'), "export default { guideSidebar: [{ type: 'doc', id: 'intro' }] }\n")
    await writeFile(join(site.dir, 'docusaurus.config.ts'), "export default { title: 'Typed', url: 'https://typed.example.org', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]] }\n")
    const typedSidebars = await build({ siteDir: site.dir, write: false })
    assert.is(typedSidebars.exitCode, 0)
    assert.equal(Object.keys(typedSidebars.manifest!.sidebars), ['guideSidebar', 'version-1.0/tutorialSidebar'])
    await writeFile(join(site.dir, 'docusaurus.config.ts'), "const config = { title: 'Broken' }\nthrow new Error('no config today')\nexport default config\n")
    const failed = await build({ siteDir: site.dir, write: false })
    assert.is(failed.exitCode, 2)
    assert.equal(failed.diagnostics.map(formatDiagnostic), [
      'docusaurus.config.ts:2:7: error: The Docusaurus config threw while loading: no config today. docsgen runs the Docusaurus config without its packages installed; install them (npm install) or write a site.config.ts. [docsgen:config-invalid]',
    ])
  })
})

test('an ES module config that makes its require with createRequire(import.meta.url) gets one that stands in for packages not installed, as its own require does', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await rm(join(site.dir, 'docusaurus.config.js'))
    const config = [
      "import { createRequire } from 'node:module'",
      'const require = createRequire(import.meta.url)',
      "export default { title: 'Esm', url: 'https://esm.example.org', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') }, theme: { customCss: [require.resolve('a-tweet-kit/theme.css')] } }]], customFields: { version: require('a-version-kit').version } }",
    ].join('\n')
    await writeFile(join(site.dir, 'docusaurus.config.mjs'), `${config}\n`)
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 0)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "docusaurus.config.mjs: warning: docsgen reads docusaurus.config.mjs as a Docusaurus site: its docs (docs/), blog (blog/), pages (src/pages/), static/ and sidebars in place; it ignores presets.classic.theme.customCss[0], customFields.version; it stood in for the packages a-tweet-kit, a-version-kit, which are not installed; it draws the 1 React page of src/pages/ once, as static HTML, with stand-ins for Docusaurus's Layout, Link and context. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
  })
})

test("a file of the site's own that the config requires (a plugin) gets stand-ins for the packages it requires that are not installed; a missing file of its own is still an error", async () => {
  await withFixtureSite('docusaurus-local-plugin', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'docusaurus.config.mjs: warning: docsgen reads docusaurus.config.mjs as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place; it ignores plugins; it stood in for the package monaco-editor-webpack-plugin, which is not installed. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]',
    ])
    assert.is(result.exitCode, 0)
    await rm(join(site.dir, 'webpack.plugin.cjs'))
    // Node's require stack, which names the config's compiled copy on this machine, is left out.
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      "docusaurus.config.mjs:11:13: error: The Docusaurus config threw while loading: Cannot find module './webpack.plugin.cjs'. docsgen runs the Docusaurus config without its packages installed; install them (npm install) or write a site.config.ts. [docsgen:config-invalid]",
    ])
  })
})

test("theme.customCss written from the site folder without './' is the site's file, as Docusaurus resolves it; without private pages, one beside the docs is read too", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("customCss: path.join(__dirname, 'src/css/custom.css')", "customCss: ['src/css/custom.css', 'docs/extra.css']"))
    await writeFile(join(site.dir, 'docs/extra.css'), '.extra { color: blue }\n')
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const stylesheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    assert.ok((await site.read(`build/_docsgen/${stylesheet}`)).endsWith('\n.hero{color:red}.extra{color:#00f}\n'))
  })
})

test("a path the config makes from the working folder (path.resolve('src/css/custom.css')) is the site's, as `docusaurus build` runs in the site folder, wherever docsgen was started", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("customCss: path.join(__dirname, 'src/css/custom.css')", "customCss: path.resolve('src/css/custom.css')"))
    const started = process.cwd()
    assert.is.not(started, site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.is(result.exitCode, 0)
    const stylesheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    assert.ok((await site.read(`build/_docsgen/${stylesheet}`)).endsWith('\n.hero{color:red}\n'))
    // The build's own working folder is the one it was started in.
    assert.is(process.cwd(), started)
  })
})

test("a Sass sheet in theme.customCss (docusaurus-plugin-sass's) is named as ignored and the build goes on with the site's other sheets", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("customCss: path.join(__dirname, 'src/css/custom.css')", "customCss: [require.resolve('./src/css/custom.scss'), 'src/css/custom.css']"))
    await writeFile(join(site.dir, 'src/css/custom.scss'), '$brand: red;\n.brand { color: $brand }\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note.replace('plugins, ', 'plugins, presets.classic.theme.customCss[0] (Sass, which docsgen does not compile), ')])
    assert.is(result.exitCode, 0)
    const stylesheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    const css = await site.read(`build/_docsgen/${stylesheet}`)
    assert.ok(css.endsWith('\n.hero{color:red}\n'), css.slice(-80))
  })
})

test("a footer link whose 'to' has a protocol is an external link, as Docusaurus's useBaseUrl leaves such a URL as written", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("{ label: 'Blog', to: '/blog' }", "{ label: 'Blog', to: '/blog' }, { label: 'Forge', to: 'https://electronforge.io' }"))
    const result = await build({ siteDir: site.dir })
    // The ignored HTML item moves one place down.
    assert.equal(result.diagnostics.map(formatDiagnostic), [note.replace('footer.links[1].items[1]', 'footer.links[1].items[2]')])
    assert.is(result.exitCode, 0)
    const footer = /<footer[\s\S]*<\/footer>/.exec(await site.read('build/index.html'))![0]
    assert.match(footer, '<a class="footer-link" href="/blog">Blog</a>')
    assert.match(footer, '<a class="footer-link" href="https://electronforge.io">Forge</a>')
  })
})

test("a docs folder written as an absolute path (path.resolve(__dirname, 'docs')) is the site's docs folder, as Docusaurus resolves it", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("        docs: {\n", "        docs: {\n          path: path.resolve(__dirname, 'docs'),\n"))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic).filter((message) => !message.includes('[docsgen:config-unknown-key]')), [])
    const docs = result.manifest!.routes.filter((route) => route.kind === 'doc').map((route) => route.source)
    assert.ok(docs.length > 0 && docs.every((source) => source!.startsWith('docs/') || source!.startsWith('versioned_docs/')), docs.join(', '))
  })
})

test("a broken Markdown link is reported under the stricter of onBrokenMarkdownLinks (the top-level key first, then markdown.hooks', as Docusaurus 3.9 reads them; 'warn' unset) and onBrokenLinks", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'docs/links.md'), '# Links\n\nSee [the guide](./guide.md).\n')
    const config = join(site.dir, 'docusaurus.config.js')
    const text = await readFile(config, 'utf8')
    const broken = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic).filter((message) => message.startsWith('docs/links.md'))
    const message = (severity: string) =>
      `docs/links.md:3:5: ${severity}: Link "./guide.md" names a file that does not exist (resolved as "docs/guide.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]`
    const withSettings = (settings: string) => writeFile(config, text.replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'warn',").replace("onBrokenMarkdownLinks: 'warn',", settings))
    await withSettings("markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } },")
    const thrown = await build({ siteDir: site.dir, write: false })
    assert.equal(broken(thrown), [message('error')])
    assert.is(thrown.exitCode, 1)
    await withSettings("onBrokenMarkdownLinks: 'log',\n  markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } },")
    assert.equal(broken(await build({ siteDir: site.dir, write: false })), [message('warning')])
    // Unset, 'warn': under onBrokenLinks 'throw' (the fixture's), an error all the same, as Docusaurus's link checker fails the build.
    await writeFile(config, text.replace("onBrokenMarkdownLinks: 'warn',", ''))
    assert.equal(broken(await build({ siteDir: site.dir, write: false })), [message('error')])
  })
})

test("`@site/…` in a Markdown link or image is a path from the site's folder, as in Docusaurus, and so is a relative path into static/; one that leaves the folder or names nothing is a broken link", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const links = '![logo](@site/static/img/logo.svg) [setup](@site/docs/guides/setup.mdx#install) ![icon](../static/img/favicon.ico) [gone](@site/static/img/gone.png) [out](@site/../secret.md)'
    await writeFile(join(site.dir, 'docs/links.md'), `# Links\n\n${links}\n`)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'docs/links.md:3:116: error: Link "@site/static/img/gone.png" names a file that does not exist (resolved as "static/img/gone.png"). Put the file beside the page; paths are relative to the page\'s source file. [docsgen:missing-file]',
      'docs/links.md:3:150: error: Link "@site/../secret.md" names a file that does not exist (resolved as "../secret.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
      note,
    ])
    await writeFile(join(site.dir, 'docs/links.md'), `# Links\n\n${links.slice(0, links.indexOf(' [gone]'))}\n`)
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/docs/links/index.html')).includes('<p><img src="/img/logo.svg" alt="logo"> <a href="/docs/setting-up#install">setup</a> <img src="/img/favicon.ico" alt="icon"></p>'))
  })
})

test('with trailingSlash unset, pages are written as Docusaurus writes them (page/index.html), so a link with a final "/" reaches its page; set to false, pages are page.html and links lose the final "/"', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'docs/slash.md'), '# Slash\n\nSee [the intro](/docs/intro/) and [this page](/docs/slash).\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.equal(result.manifest!.routes.filter((route) => route.path.startsWith('/docs/s')).map((route) => `${route.path} ${route.file}`), ['/docs/setting-up docs/setting-up/index.html', '/docs/slash docs/slash/index.html'])
    assert.ok((await site.read('build/docs/slash/index.html')).includes('<a href="/docs/intro/">the intro</a> and <a href="/docs/slash">this page</a>'))
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("url: '", "trailingSlash: false,\n  url: '"))
    const withoutSlash = await build({ siteDir: site.dir })
    assert.equal(withoutSlash.diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/docs/slash.html')).includes('<a href="/docs/intro">the intro</a> and <a href="/docs/slash">this page</a>'))
  })
})

test("a broken anchor is a warning unless the config says otherwise, as Docusaurus's default is; 'log' is read as a warning", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'docs/anchors.md'), '# Anchors\n\nSee [a heading](/docs/intro#nowhere) and [a page](/docs/nowhere).\n')
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'log'"))
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 0)
    assert.equal(result.diagnostics.map(formatDiagnostic).slice(0, 2), [
      'docs/anchors.md:3:5: warning: Link "/docs/intro#nowhere" points to "#nowhere", which is not a heading on "/docs/intro". Headings on that page: #tutorial-intro. [docsgen:missing-anchor]',
      'docs/anchors.md:3:42: warning: Link "/docs/nowhere" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    ])
  })
})

test('docs outside the site folder (`path: \'../docs\'`) are read in place, their partials too; a doc id in the navbar reaches its route', async () => {
  await withFixtureSite('docusaurus-outside', async (site) => {
    const result = await build({ siteDir: join(site.dir, 'website') })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (../docs/), blog (none), pages (src/pages/), static/ and sidebars in place. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
    assert.equal(result.manifest!.routes.filter((route) => route.source !== undefined).map((route) => `${route.source} → ${route.path}`), ['../docs/guide/guide.md → /guide/', '../docs/start.mdx → /start'])
    const start = await site.read('website/build/start/index.html')
    assert.ok(start.includes('<h2 id="careful">'))
    assert.ok(start.includes('<a class="navbar-link" href="/guide/">Guide</a>'))
  })
})

test("a doc outside the site folder may import a package installed in the site's node_modules, as Docusaurus resolves it", async () => {
  await withFixtureSite('docusaurus-outside', async (site) => {
    const kit = join(site.dir, 'website/node_modules/a-video-kit')
    await mkdir(kit, { recursive: true })
    await writeFile(join(kit, 'package.json'), '{ "name": "a-video-kit", "main": "index.js" }\n')
    await writeFile(join(kit, 'index.js'), "const { createElement } = require('react')\nmodule.exports = function Video({ id }) { return createElement('p', { className: 'video' }, 'Video ' + id) }\n")
    await writeFile(join(site.dir, 'docs/video.mdx'), "import Video from 'a-video-kit'\n\n# Video\n\n<Video id=\"intro\" />\n")
    const result = await build({ siteDir: join(site.dir, 'website') })
    assert.equal(result.diagnostics.map(formatDiagnostic).slice(1), [])
    assert.ok((await site.read('website/build/video/index.html')).includes('<p class="video">Video intro</p>'))
  })
})

test("a preset that wraps the classic one (its options have the classic shape) is read as it, and said so; docs.exclude leaves files out of every docs folder, as Docusaurus's option does", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    const written = (await readFile(config, 'utf8')).replace("'classic',", "'@acme/preset-docs',").replace("lastVersion: 'current',", "lastVersion: 'current',\n          exclude: ['README.md', '**/drafts/**'],")
    await writeFile(config, written)
    for (const file of ['docs/README.md', 'docs/drafts/idea.md', 'versioned_docs/version-1.0/README.md']) {
      await mkdir(dirname(join(site.dir, file)), { recursive: true })
      await writeFile(join(site.dir, file), '# Not a doc\n\nKept out.\n')
    }
    await writeFile(join(site.dir, 'docs/guides/README.md'), '# Guides readme\n\nOnly the docs root\'s README is excluded.\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      note.replace('in place; it ignores organizationName', 'in place; it reads presets[0] (@acme/preset-docs) as the classic preset (its docs, blog and pages options); it ignores organizationName'),
    ])
    const routes = result.manifest!.routes.filter((route) => route.source !== undefined).map((route) => route.source)
    assert.ok(routes.includes('docs/guides/README.md'))
    for (const file of ['docs/README.md', 'docs/drafts/idea.md', 'versioned_docs/version-1.0/README.md']) assert.not.ok(routes.includes(file), file)
  })
})

test("docs.include makes only the Markdown files it matches docs, in every docs folder, as Docusaurus's option does (a docs folder that holds a package's README and node_modules beside its docs)", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("lastVersion: 'current',", "lastVersion: 'current',\n          include: ['{guides,intro}/**/*.{md,mdx}', 'intro.md'],"))
    for (const file of ['docs/README.md', 'docs/node_modules/left-pad/README.md', 'versioned_docs/version-1.0/README.md']) {
      await mkdir(dirname(join(site.dir, file)), { recursive: true })
      await writeFile(join(site.dir, file), '# Not a doc\n\nKept out.\n')
    }
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    const sources = result.manifest!.routes.flatMap((route) => (route.source?.endsWith('.md') || route.source?.endsWith('.mdx') ? [route.source] : []))
    assert.ok(sources.length > 2)
    for (const source of sources) assert.match(source, /^(docs|versioned_docs\/version-1\.0)\/(guides\/|intro\.md$)|^(src\/pages|blog)\//, source)
    for (const file of ['docs/README.md', 'docs/node_modules/left-pad/README.md', 'versioned_docs/version-1.0/README.md']) assert.not.ok(sources.includes(file), file)
  })
})

test("another docs folder that a plugin-content-docs instance adds is named in the note, with why links to its pages are reported missing (typescript-eslint's website: 89 missing routes into ../../docs at /)", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("plugins: [function myPlugin() { return { name: 'my-plugin' } }],", "plugins: [function myPlugin() { return { name: 'my-plugin' } }, ['@docusaurus/plugin-content-docs', { id: 'base', path: '../../docs', routeBasePath: '/' }], ['content-docs', { id: 'api' }], ['content-docs', { id: 'abs', path: require('path').resolve(__dirname, 'api-docs'), routeBasePath: 'api' }]],"))
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      note.replace('plugins, ', 'plugins (among them 3 other docs folders, ../../docs at /, docs at /docs, api-docs at /api: docsgen builds one, so links to their pages are reported missing), '),
    ])
    await writeFile(config, (await readFile(config, 'utf8')).replace(/, \['content-docs'[^\]]*\]/g, ''))
    const one = await build({ siteDir: site.dir, write: false })
    assert.equal(one.diagnostics.map(formatDiagnostic), [
      note.replace('plugins, ', 'plugins (among them another docs folder, ../../docs at /: docsgen builds one, so links to its pages are reported missing), '),
    ])
  })
})

test('front matter keys of its own (read by the site\'s components) are accepted in a Docusaurus folder, as Docusaurus accepts them, unless close to a known key; a docsgen site is warned of every one', async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'docs/custom.md'), '---\ncontributors: [dino]\nsidebar_positon: 2\n---\n\n# Custom\n')
    await writeFile(join(site.dir, 'docs/custom-mdx.mdx'), '---\ncontributors: [dino]\n---\n\n# Custom MDX\n')
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      "docs/custom.md:3:1: warning: Unknown key 'sidebar_positon'. Did you mean 'sidebar_position'? [docsgen:front-matter-invalid]",
      note,
    ])
  })
  await withFixtureSite('basic-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/custom.md'), '---\ncontributors: [dino]\n---\n\n# Custom\n')
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic).filter((line) => line.startsWith('content/docs/custom.md')), [
      "content/docs/custom.md:2:1: warning: Unknown key 'contributors'. Known keys: title, description, sidebar_label, sidebar_position, id, slug, draft, unlisted, hide_title, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, pagination_prev, pagination_next, sidebar_class_name, keywords, tags. [docsgen:front-matter-invalid]",
    ])
  })
})

test("under a base URL, a link or sidebar href that starts with it already reaches its page, as Docusaurus's Link does not add it twice; one without it too", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("baseUrl: '/',", "baseUrl: '/dino/',"))
    await writeFile(join(site.dir, 'sidebars.js'), "module.exports = { tutorialSidebar: [{ type: 'autogenerated', dirName: '.' }, { type: 'link', label: 'Intro again', href: '/dino/docs/intro' }] }\n")
    await writeFile(join(site.dir, 'docs/based.md'), '# Based\n\n[With the base](/dino/docs/intro#tutorial-intro), [without](/docs/intro) and [wrong](/dino/docs/nowhere).\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'docs/based.md:3:78: error: Link "/dino/docs/nowhere" matches no page (resolved as "/docs/nowhere"). Link to an existing route, or create the page. [docsgen:missing-route]',
      note,
    ])
    await writeFile(join(site.dir, 'docs/based.md'), '# Based\n\n[With the base](/dino/docs/intro#tutorial-intro) and [without](/docs/intro).\n')
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    const based = await site.read('build/docs/based/index.html')
    assert.match(based, '<p><a href="/dino/docs/intro#tutorial-intro">With the base</a> and <a href="/dino/docs/intro">without</a>.</p>')
    assert.match(based, 'href="/dino/docs/intro">Intro again</a>')
  })
})

test("a navbar doc item opens its doc where its slug puts it, in the version served at the docs' base; a doc id no doc has is an error", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const intro = join(site.dir, 'docs/intro.md')
    await writeFile(intro, (await readFile(intro, 'utf8')).replace('---\n', '---\nslug: /start-here\n'))
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("{ label: 'Tutorial', to: '/docs/intro' }", "{ label: 'Tutorial', to: '/docs/start-here' }"))
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/docs/start-here/index.html')).includes('<li class="navbar-item"><a class="navbar-link navbar-link--active" href="/docs/start-here" aria-current="page">Tutorial</a></li>'))
    await writeFile(config, (await readFile(config, 'utf8')).replace("docId: 'intro'", "docId: 'intro-gone'"))
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      note,
      'docusaurus.config.js:43:34: error: navbar.items[0].docId "intro-gone" names no doc of the docs at /docs. Write the id of a doc: its path under the docs folder without the extension or number prefixes (such as "guides/intro"), or its front matter id. [docsgen:nav-missing-route]',
    ])
  })
})

test("a navbar sidebar item opens the first page of that sidebar, in the version served at the docs' base, as Docusaurus's docSidebar items do; a sidebar id that names none is an error", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    const sidebarItem = "{ type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Tutorial' }"
    const footer = ["{ label: 'Tutorial', to: '/docs/intro' }", "{ label: 'Tutorial', to: '/docs/start-here' }"] as const
    await writeFile(config, (await readFile(config, 'utf8')).replace("{ type: 'doc', docId: 'intro', position: 'left', label: 'Tutorial' }", sidebarItem).replace(...footer))
    const intro = join(site.dir, 'docs/intro.md')
    await writeFile(intro, (await readFile(intro, 'utf8')).replace('---\n', '---\nslug: /start-here\n'))
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/index.html')).includes('<li class="navbar-item"><a class="navbar-link" href="/docs/start-here">Tutorial</a></li>'))
    // Version 1.0 served at /docs: its own sidebar (versioned_sidebars), whose first doc keeps the id's route.
    await writeFile(config, (await readFile(config, 'utf8')).replace("lastVersion: 'current'", "lastVersion: '1.0'").replace(footer[1], footer[0]))
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/index.html')).includes('<li class="navbar-item"><a class="navbar-link" href="/docs/intro">Tutorial</a></li>'))
    await writeFile(config, (await readFile(config, 'utf8')).replace("sidebarId: 'tutorialSidebar'", "sidebarId: 'tutorialSidebr'"))
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      note,
      'docusaurus.config.js:43:45: error: navbar.items[0].sidebarId "tutorialSidebr" names no sidebar with a page of the docs at /docs (did you mean "tutorialSidebar"?). Write the id of a sidebar: a key of the sidebars file, or docs.sidebarId without one. [docsgen:nav-missing-route]',
    ])
  })
})

test("a doc's page links to where its source is edited, its file under the site folder added to the docs' editUrl; a post's editUrl that is a function is ignored, and said so", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    const edit = (path: string) => `<p class="edit-this-page"><a href="https://github.com/dino/dino-docs/tree/main/${path}" target="_blank" rel="noopener noreferrer">Edit this page</a></p>`
    assert.match(await site.read('build/docs/intro/index.html'), edit('docs/intro.md'))
    assert.match(await site.read('build/docs/1.0/intro/index.html'), edit('versioned_docs/version-1.0/intro.md'))
    assert.not.match(await site.read('build/blog/index.html'), 'edit-this-page')
  })
})

test("the blog preset's blogSidebarCount and blogSidebarTitle are read, and themeConfig.blog.sidebar.groupByYear; a wrong count said where it is written, a groupByYear that is not a boolean said ignored", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    const written = await readFile(config, 'utf8')
    await writeFile(config, written.replace('blog: { showReadingTime: true,', "blog: { showReadingTime: true, blogSidebarCount: 'ALL', blogSidebarTitle: 'All posts',"))
    const sidebar = async () => (await buildAndRead(site, 'build/blog/index.html')).match(/<nav class="blog-sidebar"[^]*?<\/nav>/)?.[0]
    const welcome = '<ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link" href="/blog/welcome">Welcome</a></li></ul>'
    // Grouped by year by default, as Docusaurus 3.5 and later group it.
    assert.is(
      await sidebar(),
      `<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">All posts</h2><div class="blog-sidebar-year" role="group"><h3 class="blog-sidebar-year-title">2024</h3>${welcome}</div></nav>`,
    )
    await writeFile(config, written.replace("image: 'img/social-card.jpg',", "image: 'img/social-card.jpg', blog: { sidebar: { groupByYear: false } },"))
    assert.is(await sidebar(), `<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">Recent posts</h2>${welcome}</nav>`)
    await writeFile(config, written.replace('blog: { showReadingTime: true,', "blog: { showReadingTime: true, blogSidebarCount: 'all',").replace("image: 'img/social-card.jpg',", "image: 'img/social-card.jpg', blog: { sidebar: { groupByYear: 'no' } },"))
    // A groupByYear Docusaurus would refuse is said ignored by the name it is written under (a config error could only name docsgen's key).
    assert.equal((await build({ siteDir: site.dir, write: false })).diagnostics.map(formatDiagnostic), [
      note.replace('themeConfig.prism,', 'themeConfig.prism, themeConfig.blog.sidebar.groupByYear,'),
      'docusaurus.config.js:29:40: error: "blog.blogSidebarCount" must be a whole number (0 for no sidebar) or \'ALL\', got the text "all". [docsgen:config-invalid]',
    ])
  })
})

test("the docs' breadcrumbs: false leaves the trail off doc pages, as in Docusaurus", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    assert.match(await buildAndRead(site, 'build/docs/intro/index.html'), '<nav class="breadcrumbs" aria-label="Breadcrumbs">')
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("lastVersion: 'current',", "lastVersion: 'current', breadcrumbs: false,"))
    assert.not.match(await buildAndRead(site, 'build/docs/intro/index.html'), 'class="breadcrumbs"')
  })
})

test("the docs' sidebarCollapsed: false opens the categories that do not say otherwise, as in Docusaurus", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    const category = '<li class="sidebar-item sidebar-category sidebar-category--collapsed" data-place="1">'
    assert.match(await buildAndRead(site, 'build/docs/intro/index.html'), category)
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace("lastVersion: 'current',", "lastVersion: 'current', sidebarCollapsed: false,"))
    const open = await buildAndRead(site, 'build/docs/intro/index.html')
    assert.not.match(open, 'sidebar-category--collapsed')
    assert.match(open, '<li class="sidebar-item sidebar-category sidebar-category--expanded" data-place="1">')
    // A category file that says `collapsed: true` keeps it so.
    await writeFile(join(site.dir, 'docs/guides/_category_.json'), JSON.stringify({ label: 'Guides', collapsed: true }))
    assert.match(await buildAndRead(site, 'build/docs/intro/index.html'), category)
  })
})

async function buildAndRead(site: FixtureSite, file: string): Promise<string> {
  assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
  return site.read(file)
}

test.run()
