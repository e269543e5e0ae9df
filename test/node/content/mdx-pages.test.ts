/** MDX pages (issue 11 item 1): compiled, rendered on the server, with partials, site components and Docusaurus's built-ins. */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupTabs } from '../../../src/client/runtime/tabs.js'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { installCommonJsWidget } from '../../helpers/commonjs-widget.js'
import { crawlOutput } from '../../helpers/crawl-output.js'
import { fixtureSite, fixturesDir, withFixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'
import { click, key, openRuntimePage, type RuntimePage } from '../../client/runtime/runtime-page.js'

const mdx = suite('MDX pages')

/** The page's article body. */
const bodyOf = (html: string) => html.slice(html.indexOf('<div class="markdown-body">'), html.indexOf('</article>'))

mdx('an MDX page renders with its exports, partials, site components, tabs, admonitions and inline ToC', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const body = bodyOf(await site.read('build/docs/Guides/install.html'))
    assert.match(body, '<p>Install version 2.1 on your machine. See the <a href="/docs/Guides/intro">intro</a>.</p>')
    assert.match(body, '<ul class="toc-inline"><li style="margin-left:0rem"><a href="#system">Pick your system</a></li><li style="margin-left:0rem"><a href="#configure-the-server">Configure the server</a></li></ul>')
    assert.match(body, '<h2 id="system">Pick your system<a class="hash-link" href="#system" aria-label="Direct link to Pick your system">#</a></h2>')
    assert.match(body, '<div class="tabs" data-group-id="os"><div class="tabs-list" role="tablist" aria-orientation="horizontal">')
    assert.match(body, 'aria-selected="true" tabindex="0" data-value="linux">Linux</button>')
    assert.match(body, 'data-value="mac" hidden="">Run <code>brew install tool</code>.</div>')
    assert.match(body, '<div class="admonition admonition-tip" role="note"><p class="admonition-heading">Fast path</p>')
    assert.match(body, '<div class="admonition admonition-warning" role="note"><p class="admonition-heading">Careful</p><div class="admonition-content">Back up first.</div></div>')
    // The partial's heading and link, its link read from the partial's own folder.
    assert.match(body, '<h2 id="configure-the-server">Configure the server<a class="hash-link" href="#configure-the-server" aria-label="Direct link to Configure the server">#</a></h2>\n<p>Edit the <a href="/docs/Guides/intro#settings">settings</a>.</p>')
    assert.match(body, '<p class="greeting">Hello, reader!</p>')
    for (const literal of [':::', 'import ', 'export ']) assert.not.match(body, literal)
    // The partial's heading is in the page's ToC and is an anchor other pages may link to.
    const route = result.manifest!.routes.find((entry) => entry.path === '/docs/Guides/install')!
    assert.equal(route.headings.map((heading) => heading.id), ['system', 'configure-the-server'])
    assert.match(await site.read('build/docs/Guides/install.html'), '<a class="table-of-contents-link" href="#configure-the-server">')
    // Partials are not pages.
    assert.not.ok((await site.list('build')).some((file) => file.includes('_setup')))
    assert.equal(crawlOutput({ outDir: join(site.dir, 'build'), baseUrl: '/' }).broken, [])
  })
})

mdx('an MDX page: HTML comments are left out, code spans keep theirs, fenced code is highlighted with its title', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/code.mdx'), '# Code\n\n<!-- a note\nfor authors -->\n\nWrite `<!-- x -->` to hide text.\n\n```ts title="a.ts"\n// highlight-next-line\nconst a = 1\n```\n')
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const body = bodyOf(await site.read('build/docs/Guides/code.html'))
    assert.not.match(body, 'for authors')
    assert.match(body, '<p>Write <code>&lt;!-- x --&gt;</code> to hide text.</p>')
    assert.match(body, '<div class="code-block" data-language="ts"><div class="code-block-title">a.ts</div><span class="code-block-language">ts</span><pre tabindex="0"><code class="language-ts hljs"><span class="code-line code-line--highlighted"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span></span></code></pre></div>')
  })
})

mdx('a partial in a folder whose name begins with ".." is a partial of the site: shown, its headings anchors', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await mkdir(join(site.dir, '..shared'))
    await writeFile(join(site.dir, '..shared/_a.mdx'), '## Shared heading\n\nShared text.\n')
    await writeFile(join(site.dir, 'content/docs/shared.mdx'), "import A from '@site/..shared/_a.mdx'\n\n# Shared\n\n<A />\n\n[go](#shared-heading)\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.match(bodyOf(await site.read('build/docs/shared.html')), '<p>Shared text.</p>')
  })
})

mdx('an MDX page can show a component of an installed CommonJS package that requires React', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await installCommonJsWidget(site.dir)
    await writeFile(join(site.dir, 'content/docs/Guides/widget.mdx'), "import { Widget } from 'cjs-widget'\n\n# Widget\n\n<Widget />\n")
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.match(bodyOf(await site.read('build/docs/Guides/widget.html')), '<strong>widget works</strong>')
  })
})

mdx('MDX errors are diagnostics with the place in the file: syntax, a component docsgen does not provide', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/broken.mdx'), '# Broken\n\nA {curly without end\n')
    await writeFile(join(site.dir, 'content/docs/Guides/missing.mdx'), "import Nope from '@theme/Nope'\n\n<Nope />\n")
    await writeFile(join(site.dir, 'content/docs/Guides/broken-md.md'), '# Broken\n\n<Greeting />\n\nA {curly without end\n')
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "content/docs/Guides/broken-md.md:5:21: error: MDX cannot read this: Unexpected end of file in expression, expected a corresponding closing brace for `{`. MDX reads `{`, `<` and `import`/`export` lines as code: escape a literal one (`\\{`, `&lt;`), or set markdown.format: 'md' in the site config to read .md pages as plain Markdown. [docsgen:markdown-invalid]",
      'content/docs/Guides/broken.mdx:3:21: error: MDX cannot read this: Unexpected end of file in expression, expected a corresponding closing brace for `{`. MDX reads `{`, `<` and `import`/`export` lines as code: escape a literal one (`\\{`, `&lt;`), or write the page as .md. [docsgen:markdown-invalid]',
      'content/docs/Guides/missing.mdx:1:1: error: Cannot build the page: "@theme/Nope" is not one of the theme components docsgen provides (@theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/CodeBlock, @theme/Details, @theme/TOCInline, @theme/DocCard, @theme/DocCardList), nor in the site\'s src/theme/. [docsgen:page-render-failed]',
    ])
  })
})

mdx("Docusaurus's DocCardList and DocCard: the cards of the category the page opens (filled in when the sidebar is known), of given items, or written by hand; a theme component docsgen does not draw is the site's own from src/theme/", async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/index.mdx'), "# Guides\n\n<DocCardList />\n")
    await mkdir(join(site.dir, 'src/theme'), { recursive: true })
    await writeFile(join(site.dir, 'src/theme/Callout.jsx'), "export default function Callout({ children }) {\n  return <aside className=\"callout\">{children}</aside>\n}\n")
    await writeFile(
      join(site.dir, 'content/docs/Guides/cards.mdx'),
      "import DocCardList from '@theme/DocCardList'\nimport DocCard from '@theme/DocCard'\nimport Callout from '@theme/Callout'\n\n# Cards\n\n<DocCardList items={[{ type: 'link', href: '/docs/Guides/intro', label: 'Intro', description: 'Start here' }]} />\n\n<DocCardList>\n  <DocCard header=\"Install\" href=\"/docs/Guides/install\">Set it up</DocCard>\n</DocCardList>\n\n<DocCardList />\n\n<Callout>Swizzled</Callout>\n",
    )
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    const guides = bodyOf(await site.read('build/docs/Guides/index.html'))
    assert.match(guides, '<ul class="category-cards"><li class="category-card-item"><a class="category-card category-card--doc" href="/docs/Guides/cards"><span class="category-card-title">Cards</span>')
    assert.match(guides, '<a class="category-card category-card--doc" href="/docs/Guides/intro"><span class="category-card-title">')
    assert.not.match(guides, 'data-docsgen-doc-card-list')
    const cards = bodyOf(await site.read('build/docs/Guides/cards.html'))
    assert.match(cards, '<ul class="category-cards"><li class="category-card-item"><a class="category-card category-card--doc" href="/docs/Guides/intro"><span class="category-card-title">Intro</span><span class="category-card-description">Start here</span></a></li></ul>')
    assert.match(cards, '<ul class="category-cards"><li class="category-card-item"><a class="category-card category-card--doc" href="/docs/Guides/install"><span class="category-card-title">Install</span><span class="category-card-description">Set it up</span></a></li></ul>')
    // This page opens no category: its list stays empty.
    assert.match(cards, '<ul class="category-cards"></ul>')
    assert.match(cards, '<aside class="callout">Swizzled</aside>')
    // The page data client navigation loads has the cards too.
    assert.match(await site.read('build/_docsgen/data/docs/Guides.json'), 'category-card--doc')
  })
})

mdx('a file of static/ that a page imports (an image, a video) is its URL, as Docusaurus gives it; one elsewhere cannot be imported, and says so', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await mkdir(join(site.dir, 'static/video'), { recursive: true })
    await writeFile(join(site.dir, 'static/video/tour.mp4'), 'not really a video')
    await writeFile(join(site.dir, 'content/docs/Guides/tour.png'), 'not really an image')
    await writeFile(
      join(site.dir, 'content/docs/Guides/media.mdx'),
      "import tour from '@site/static/video/tour.mp4'\n\n# Media\n\n<video src={tour} /> <img src={require('@site/static/video/tour.mp4').default} />\n",
    )
    const built = await build({ siteDir: site.dir })
    assert.equal(built.diagnostics.map(formatDiagnostic), [])
    const media = bodyOf(await site.read('build/docs/Guides/media.html'))
    assert.match(media, '<video src="/video/tour.mp4"></video>')
    assert.match(media, '<img src="/video/tour.mp4"/>')
    await writeFile(join(site.dir, 'content/docs/Guides/beside.mdx'), "import shot from './tour.png'\n\n# Beside\n\n<img src={shot} />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/Guides/beside.mdx:1:1: error: Cannot build the page: Cannot import "content/docs/Guides/tour.png" as a URL: only a file of static/ can be, where it is served. Move it to static/, or show it with Markdown (![text](./file.png)). [docsgen:page-render-failed]',
    ])
  })
})

mdx('an SVG of static/ that an MDX page imports is a component drawing it inline; one beside the pages (which may be private) cannot be imported, and says so', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await mkdir(join(site.dir, 'static/img'), { recursive: true })
    await writeFile(join(site.dir, 'static/img/dot.svg'), '<svg viewBox="0 0 4 4" class="dot"><title>Dot</title><circle r="2"/></svg>')
    await writeFile(join(site.dir, 'content/docs/Guides/dot.mdx'), "import Dot from '@site/static/img/dot.svg'\n\n# Dot\n\n<Dot className=\"big\" title=\"A dot\" />\n")
    const built = await build({ siteDir: site.dir })
    assert.equal(built.diagnostics.map(formatDiagnostic), [])
    assert.match(bodyOf(await site.read('build/docs/Guides/dot.html')), '<svg viewBox="0 0 4 4" class="big"><title>A dot</title><circle r="2"/></svg>')
    await writeFile(join(site.dir, 'content/docs/Guides/chart.svg'), '<svg viewBox="0 0 1 1"></svg>')
    await writeFile(join(site.dir, 'content/docs/Guides/chart.mdx'), "import Chart from './chart.svg'\n\n# Chart\n\n<Chart />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/Guides/chart.mdx:1:1: error: Cannot build the page: Cannot import "content/docs/Guides/chart.svg" as a component: only an SVG file of static/ or of the site\'s own code (src/) can be, not one beside the pages or outside the site. Move it to static/ or src/. [docsgen:page-render-failed]',
    ])
  })
})

mdx('a package an MDX page imports that the site has not installed is an error that says to install the packages', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/video.mdx'), "import Embed from 'lite-video-embed'\n\n# Video\n\n<Embed id='x' />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/Guides/video.mdx:1:1: error: Cannot build the page: Could not resolve "lite-video-embed". The package "lite-video-embed" is not installed in the site: install its packages (npm install), then build again. [docsgen:page-render-failed]',
    ])
  })
})

mdx("a page that imports by docsgen's own names for its modules gets nothing by them: a diagnostic, as for any module that is not there", async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/names.mdx'), "import A from 'mdx-file:/etc/passwd'\nimport B from 'mdx-text:0'\nimport C from 'mdx-page:content/docs/Guides/install.mdx'\n\n# Names\n\n<A /><B /><C />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/Guides/names.mdx:1:1: error: Cannot build the page: Could not resolve "mdx-file:/etc/passwd". [docsgen:page-render-failed]',
      'content/docs/Guides/names.mdx:2:1: error: Cannot build the page: Could not resolve "mdx-text:0". [docsgen:page-render-failed]',
      'content/docs/Guides/names.mdx:3:1: error: Cannot build the page: Cannot import "mdx-page:content/docs/Guides/install.mdx": no such Markdown file in the site, or it does not compile. [docsgen:page-render-failed]',
    ])
  })
})

mdx("a public page cannot show a private page's text: not by importing its file, nor by docsgen's module names, even from a text shared by several pages", async () => {
  await withFixtureSite('mdx-site', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("customFields:", "login: { orgID: 'org', privatePaths: [{ path: '/docs/Private/**' }] }, customFields:"))
    await mkdir(join(site.dir, 'content/docs/Private'))
    await writeFile(join(site.dir, 'content/docs/Private/vault.mdx'), '# Vault\n\nThe vault code is swordfish.\n')
    const named = "import C from 'mdx-page:content/docs/Private/vault.mdx'\n\n# Named\n\n<C />\n"
    await writeFile(join(site.dir, 'content/docs/Guides/named-a.mdx'), named)
    await writeFile(join(site.dir, 'content/docs/Guides/named-b.mdx'), named)
    // The import is placed where it is written: the second line of the page's imports.
    await writeFile(join(site.dir, 'content/docs/Guides/imported.mdx'), "import Tabs from '@theme/Tabs'\nimport Vault from '../Private/vault.mdx'\n\n# Imported\n\n<Tabs /><Vault />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.is(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'content/docs/Guides/imported.mdx:2:1: error: The public page "/docs/Guides/imported" includes content/docs/Private/vault.mdx, the source of the private page "/docs/Private/vault", and would publish its text. Move the shared text into a file that is no private page, or make the including page private too. [docsgen:private-leak]',
      'content/docs/Guides/named-a.mdx:1:1: error: Cannot build the page: Cannot import "mdx-page:content/docs/Private/vault.mdx": no such Markdown file in the site, or it does not compile. [docsgen:page-render-failed]',
      'content/docs/Guides/named-b.mdx:1:1: error: Cannot build the page: Cannot import "mdx-page:content/docs/Private/vault.mdx": no such Markdown file in the site, or it does not compile. [docsgen:page-render-failed]',
    ])
  })
})

mdx("an MDX page imports Docusaurus's modules as Docusaurus sites do, by their default exports; the site context has the config's custom fields", async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(
      join(site.dir, 'content/docs/Guides/linked.mdx'),
      "import Link from '@docusaurus/Link'\nimport useBaseUrl from '@docusaurus/useBaseUrl'\nimport useDocusaurusContext from '@docusaurus/useDocusaurusContext'\n\nexport function Site() {\n  const { siteConfig } = useDocusaurusContext()\n  return <b>{siteConfig.title}, {siteConfig.customFields.support}</b>\n}\n\n# Linked\n\n<Link to=\"/docs/Guides/linked\">again</Link> <img src={useBaseUrl('/logo.svg')} /> <Site />\n",
    )
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.ok(bodyOf(await site.read('build/docs/Guides/linked.html')).includes('<a href="/docs/Guides/linked">again</a>\n<img src="/logo.svg"/>\n<b>MDX Docs, help@mdx.example</b></div>'))
  })
})

mdx('a page that throws while rendering fails the build, the others render', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    await writeFile(join(site.dir, 'content/docs/Guides/throws.mdx'), "export function Boom() {\n  throw new Error('kaboom')\n}\n\n<Boom />\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), ['content/docs/Guides/throws.mdx: error: The page threw while rendering: kaboom. [docsgen:page-render-failed]'])
  })
})

mdx('tabs switch without React: a click or an arrow key chooses, a group follows, the choice is remembered for the next page', async () => {
  await withFixtureSite('mdx-site', async (site) => {
    const page = await site.read('content/docs/Guides/install.mdx')
    await writeFile(join(site.dir, 'content/docs/Guides/install.mdx'), `${page}\n<Tabs groupId="os">\n  <TabItem value="mac" label="macOS">Mac again</TabItem>\n  <TabItem value="linux" label="Linux">Linux again</TabItem>\n</Tabs>\n`)
    await build({ siteDir: site.dir })
    const html = await site.read('build/docs/Guides/install.html')
    // The runtime's tabs behaviour, as the browser runs it on this page.
    const open = (stored?: string) => {
      const opened = openRuntimePage(html, { url: 'https://mdx.example/docs/Guides/install' })
      if (stored) opened.window.localStorage.setItem('docusaurus.tab.os', stored)
      setupTabs(opened.platform)
      return opened
    }
    const shown = (opened: RuntimePage) => [...opened.document.querySelectorAll('.tabs-panel')].filter((panel) => !(panel as HTMLElement).hidden).map((panel) => panel.textContent)
    const first = open()
    try {
      // Each group starts on its own default until the reader chooses.
      assert.equal(shown(first), ['Run apt install tool.', 'Mac again'])
      click(first, first.document.querySelector('.tabs-tab[data-value="mac"]'))
      assert.equal(shown(first), ['Run brew install tool.', 'Mac again'])
      assert.is(first.window.localStorage.getItem('docusaurus.tab.os'), 'mac')
      key(first, first.document.querySelector('.tabs-tab[aria-selected="true"]')!, 'ArrowRight')
      assert.equal(shown(first), ['Run apt install tool.', 'Linux again'])
      assert.is(first.window.localStorage.getItem('docusaurus.tab.os'), 'linux')
    } finally {
      await first.close()
    }
    // A page opened later starts on the remembered tab.
    const later = open('mac')
    try {
      assert.equal(shown(later), ['Run brew install tool.', 'Mac again'])
    } finally {
      await later.close()
    }
  })
})

mdx('MDX pages compiled and rendered on several threads build the site one thread builds, byte for byte', async () => {
  const sites = await Promise.all([fixtureSite('mdx-site'), fixtureSite('mdx-site')])
  const [one, two] = sites as [FixtureSite, FixtureSite]
  try {
    assert.equal((await build({ siteDir: one.dir, threads: 1 })).diagnostics.map(formatDiagnostic), [])
    assert.equal((await build({ siteDir: two.dir, threads: 2 })).diagnostics.map(formatDiagnostic), [])
    const files = await one.list('build')
    assert.equal(await two.list('build'), files)
    for (const file of files) assert.is(await two.read(`build/${file}`), await one.read(`build/${file}`), file)
  } finally {
    await Promise.all(sites.map((site) => site.remove()))
  }
})

/**
 * Docs folders `v1`…`v3` holding the same MDX page, the partial it shows and what they link to;
 * `distinct` makes each copy's texts differ. The page shows a package's component: the site's
 * copy, but v3 has a nearer copy of its own.
 */
async function addCopies(site: FixtureSite, distinct: boolean): Promise<void> {
  await installCommonJsWidget(site.dir)
  for (const [index, folder] of ['v1', 'v2', 'v3'].entries()) {
    const dir = join(site.dir, 'content', 'docs', folder)
    await mkdir(dir, { recursive: true })
    for (const file of ['guide.mdx', '_note.mdx']) {
      const text = await readFile(join(fixturesDir, 'mdx-shared', file), 'utf8')
      await writeFile(join(dir, file), distinct ? text + '\n'.repeat(index + 1) : text)
    }
    for (const file of ['other.md', 'picture.png']) await copyFile(join(fixturesDir, 'mdx-shared', file), join(dir, file))
  }
  const nearer = join(site.dir, 'content', 'docs', 'v3', 'node_modules', 'cjs-widget')
  await mkdir(nearer, { recursive: true })
  await writeFile(join(nearer, 'package.json'), '{ "name": "cjs-widget", "main": "index.js" }\n')
  await writeFile(join(nearer, 'index.js'), "const React = require('react')\nexports.Widget = () => React.createElement('em', null, 'the nearer widget')\n")
}

mdx('pages of one text share one module, each rendered with its own links, partials and packages, as each page compiled alone renders', async () => {
  const sites = await Promise.all([fixtureSite('mdx-site'), fixtureSite('mdx-site')])
  const [shared, alone] = sites as [FixtureSite, FixtureSite]
  try {
    await addCopies(shared, false)
    await addCopies(alone, true)
    const result = await build({ siteDir: shared.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [])
    assert.equal((await build({ siteDir: alone.dir })).diagnostics.map(formatDiagnostic), [])
    for (const folder of ['v1', 'v2', 'v3']) {
      const body = bodyOf(await shared.read(`build/docs/${folder}/guide.html`))
      assert.is(body, bodyOf(await alone.read(`build/docs/${folder}/guide.html`)), folder)
      assert.match(body, `<p>Read <a href="/docs/${folder}/other">the other page</a> first, or <a href="/docs/${folder}/other#part-two">its second part</a>.</p>`)
      assert.match(body, `<p>Raw HTML with a link: <a href="/docs/${folder}/other">other</a>.</p>`)
      assert.match(body, `<a href="/docs/${folder}/other">A link component</a>`)
      assert.match(body, `<img src="/docs/${folder}/picture.png" alt="A picture"/>`)
      // The partial's link is read from its own folder; its heading is the page's.
      assert.match(body, `<p>The note links to <a href="/docs/${folder}/other#part-two">the other page&#x27;s second part</a>.</p>`)
      assert.match(body, folder === 'v3' ? '<em>the nearer widget</em>' : '<strong>widget works</strong>')
      const route = result.manifest!.routes.find((entry) => entry.path === `/docs/${folder}/guide`)!
      assert.equal(route.headings.map((heading) => heading.id), ['guide', 'a-note'])
    }
  } finally {
    await Promise.all(sites.map((site) => site.remove()))
  }
})

mdx("a site component an MDX page imports joins class names with clsx or classnames, not installed, as on a React page", async () => {
  await withFixtureSite('docusaurus-mdx-clsx', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
    assert.is(result.exitCode, 0)
    assert.match(await site.read('build/docs/intro/index.html'), '<div class="box box--wide box--shown">In a box.</div>')
  })
})

mdx.run()
