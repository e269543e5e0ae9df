/** A Docusaurus site's React pages (issue 11 item 7): routes as Docusaurus gives them, drawn on the server in docsgen's page shell, their links checked. */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { installCommonJsWidget } from '../../helpers/commonjs-widget.js'
import { withFixtureSite } from '../../helpers/fixture-site.js'

const note =
  "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place; it ignores organizationName; it draws the 4 React pages of src/pages/ once, as static HTML without their CSS or their state and effects (nothing runs in the browser), with stand-ins for Docusaurus's Layout, Link and context. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]"

/** Takes the two broken links out of the fixture's help page, so a build of the fixture succeeds. */
async function mendHelpLinks(siteDir: string): Promise<void> {
  const help = join(siteDir, 'src/pages/help.js')
  await writeFile(help, (await readFile(help, 'utf8')).replace(', or the <Link to="/docs/nowhere">missing guide</Link>', '').replace(', <a href="/docs/lost">lost</a>', ''))
}

test('React pages get Docusaurus routes; one that throws is a diagnostic, links to it are not; their own links are checked, Link and plain <a> (internal ones) alike', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      note,
      "src/pages/broken.js:5:39: error: The page threw while rendering: Cannot read properties of undefined (reading 'items'). [docsgen:page-render-failed]",
      'src/pages/help.js:16:78: error: Link "/docs/nowhere" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
      'src/pages/help.js:17:131: error: Link "/docs/lost" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    ])
    assert.is(result.exitCode, 1)
    // `_draft.js` and the `_parts/` folder are not pages; styles.module.css is not published.
    const routes = result.manifest!.routes.filter((route) => route.source !== undefined).map((route) => `${route.source} → ${route.path}`)
    assert.equal(routes.sort(), ['docs/intro.md → /docs/intro', 'src/pages/broken.js → /broken', 'src/pages/help.js → /help', 'src/pages/index.js → /', 'src/pages/team/index.tsx → /team/'])
  })
})

test("React pages are drawn with Layout, Link, Heading, Translate, docsgen's Admonition, the site context (the config as written, custom fields included), CSS module class names and clsx, inside the page shell", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/broken.js'), 'export default function Mended() { return <p>mended</p> }\n')
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    const home = await site.read('build/index.html')
    // The title given to Layout names the home page too, as in Docusaurus; so does its description.
    assert.ok(home.includes('<title>Hello from Pages Site | Pages Site</title>'))
    assert.ok(home.includes('<meta name="description" content="The home of the pages site">'))
    assert.ok(home.includes('<header class="hero banner"><h1>Pages Site</h1><p>Pages drawn with React</p><p class="note">Made with care, by pages-org</p><img src="/base/img/logo.svg" alt=""/><a class="button" href="/base/docs/intro">Get started</a></header><section>3 features</section></div></article></main>'))
    // The page shell is docsgen's: its navbar and its footer.
    assert.ok(home.includes('<a class="navbar-brand" href="/base/">'))
    assert.ok(home.includes('<footer'))
    const helpPage = await site.read('build/help/index.html')
    assert.ok(helpPage.includes('<title>Help | Pages Site</title>'))
    // The page draws its own heading; `Head` draws nothing; @theme/Admonition is docsgen's own.
    assert.ok(helpPage.includes('<div class="markdown-body"><h1>Need help?</h1><div class="admonition admonition-tip" role="note"><p class="admonition-heading">Tip</p><div class="admonition-content">Ask away.</div></div><p>Ask <b>the team</b> anything. Or read the FAQ, not {constructor}. 3 ways in.</p><p>Read the <a href="/base/docs/intro#intro">intro</a>.</p><p>Plain links: <a href="/base/docs/intro">with the base URL</a>, <a href="https://example.org/help">elsewhere</a>.</p></div>'))
    assert.not.ok(helpPage.includes('ignored'))
    assert.ok((await site.read('build/team/index.html')).includes('<div class="markdown-body"><ul><li>Ada</li><li>Grace</li></ul></div>'))
    assert.ok((await site.read('build/broken/index.html')).includes('<div class="markdown-body"><p>mended</p></div>'))
    assert.not.ok((await site.list('build')).some((file) => file.includes('_draft') || file.includes('Feature') || file.endsWith('.module.css')))
  })
})

test('a Docusaurus module docsgen does not stand in for is a diagnostic naming the ones it does; the page keeps its route', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import { useDocsSidebar } from '@docusaurus/plugin-content-docs/client'\nexport default function Sided() { return <p>{useDocsSidebar().name}</p> }\n")
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic).slice(1, 2), [
      'src/pages/broken.js:1:32: error: Cannot compile the page: "@docusaurus/plugin-content-docs/client" is not one of the Docusaurus modules docsgen stands in for (@theme/Layout, @theme/Heading, @theme/Icon/*, @docusaurus/Link, @docusaurus/useBaseUrl, @docusaurus/useDocusaurusContext, @docusaurus/Head, @docusaurus/BrowserOnly, @docusaurus/ExecutionEnvironment, @docusaurus/useIsBrowser, @docusaurus/Translate, @docusaurus/Interpolate, @docusaurus/useBrokenLinks, @docusaurus/theme-common, @docusaurus/router, @theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/CodeBlock, @theme/Details, @theme/TOCInline, @theme/DocCard, @theme/DocCardList). [docsgen:page-render-failed]',
    ])
    assert.ok(result.manifest!.routes.some((route) => route.path === '/broken'))
  })
})

test("a React page's anchors are the ids it draws and those it collects with useBrokenLinks (drawn only after a click), as Docusaurus checks them; another is a broken anchor", async () => {
  await withFixtureSite('docusaurus-page-anchors', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      'docs/intro.md:3:105: error: Link "/setup#rollup" points to "#rollup", which is not a heading on "/setup". Headings on that page: #install, #tom&jerry, #gulp, #webpack. [docsgen:missing-anchor]',
      "docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place; it draws the 1 React page of src/pages/ once, as static HTML without their state and effects (nothing runs in the browser), with stand-ins for Docusaurus's Layout, Link and context. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]",
    ])
  })
})

test('a component two pages import that does not compile is told once, at its own line', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/_parts/kit.js'), "import Embed from 'a-missing-embed-kit'\nexport default function Kit() { return <Embed /> }\n")
    for (const name of ['one', 'two']) await writeFile(join(site.dir, `src/pages/${name}.js`), `import Kit from './_parts/kit'\nexport default function Page() { return <Kit /> }\n`)
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(
      result.diagnostics.map(formatDiagnostic).filter((found) => found.includes('a-missing-embed-kit')),
      ['src/pages/_parts/kit.js:1:19: error: Cannot compile this file, which the page imports: Could not resolve "a-missing-embed-kit". The package "a-missing-embed-kit" is not installed in the site: install its packages (npm install), then build again. [docsgen:page-render-failed]'],
    )
  })
})

test('a page exported as memo(…) or forwardRef(…) is a page; pages get the site config as their `config` prop, as Docusaurus gives it', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import { memo } from 'react'\nfunction Home(props) { return <p>{props.config.title}: {props.config.customFields.heroNote}</p> }\nexport default memo(Home)\n")
    await writeFile(join(site.dir, 'src/pages/team/index.tsx'), "import { forwardRef } from 'react'\nexport default forwardRef(function Team() { return <p>team</p> })\n")
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/broken/index.html')).includes('<div class="markdown-body"><p>Pages Site: Made with care</p></div>'))
    assert.ok((await site.read('build/team/index.html')).includes('<div class="markdown-body"><p>team</p></div>'))
  })
})

test("a page's @theme/Icon/<Name> (Copy, Success, ExternalLink…) is drawn as an empty, hidden icon of its size", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import IconCopy from '@theme/Icon/Copy'\nimport IconSuccess from '@theme/Icon/Success'\nexport default function Copy() { return <button><IconCopy className=\"icon\" /><IconSuccess width={16} height={16} /> Copy</button> }\n")
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.ok(
      (await site.read('build/broken/index.html')).includes('<button><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="icon"></svg><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"></svg> Copy</button>'),
    )
  })
})

test("a page's @docusaurus/theme-common hooks (useColorMode, usePrismTheme, useThemeConfig, useWindowSize, usePluralForm) and ThemeClassNames draw it as Docusaurus draws it on the server: in the site's default colour mode", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(
      join(site.dir, 'src/pages/broken.js'),
      "import { useColorMode, usePrismTheme, useThemeConfig, useWindowSize, usePluralForm, PageMetadata, ThemeClassNames } from '@docusaurus/theme-common'\n" +
        'export default function Themed() {\n' +
        '  const { colorMode } = useColorMode()\n' +
        '  const { selectMessage } = usePluralForm()\n' +
        "  return <p className={ThemeClassNames.docs.docMarkdown + ' ' + ThemeClassNames.common.admonitionType('tip')} data-styles={usePrismTheme().styles.length}><PageMetadata title=\"x\" />{colorMode} {useWindowSize()} {typeof useThemeConfig()} {selectMessage(2, 'One page|{count} pages')}</p>\n" +
        '}\n',
    )
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/broken/index.html')).includes('<div class="markdown-body"><p class="theme-doc-markdown theme-admonition-tip" data-styles="0">light ssr object {count} pages</p></div>'))
  })
})

test('an installed CommonJS package that requires React renders with the same React as the page', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await installCommonJsWidget(site.dir)
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import { Widget } from 'cjs-widget'\nexport default function WithWidget() { return <p><Widget /></p> }\n")
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/broken/index.html')).includes('<div class="markdown-body"><p><strong>widget works</strong></p></div>'))
  })
})

test('javascript: and data: URLs a page draws are errors at the place they are written, as in Markdown', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(
      join(site.dir, 'src/pages/broken.js'),
      "import Link from '@docusaurus/Link'\nexport default function Sly() {\n  return <p><Link to=\"javascript:alert(1)\">run</Link> <a href='data:text/html,hi'>data</a></p>\n}\n",
    )
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic).slice(1), [
      'src/pages/broken.js:3:22: error: Link "javascript:alert(1)" is a javascript: URL, which runs code; it never reaches a page. Link to a page of the site or to an https: URL instead. [docsgen:unsafe-url]',
      'src/pages/broken.js:3:63: error: Link "data:text/html,hi" is a data: URL, which carries a document of its own; it never reaches a page. Link to a page of the site or to an https: URL instead. [docsgen:unsafe-url]',
      'src/pages/help.js:16:78: error: Link "/docs/nowhere" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
      'src/pages/help.js:17:131: error: Link "/docs/lost" matches no page. Link to an existing route, or create the page. [docsgen:missing-route]',
    ])
    assert.is(result.exitCode, 1)
  })
})

test("an image of static/ that a React page imports or requires is its URL under the base URL, as Docusaurus's file loader makes it", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await mkdir(join(site.dir, 'static/img'), { recursive: true })
    await writeFile(join(site.dir, 'static/img/hero.png'), 'not really an image')
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import hero from '@site/static/img/hero.png'\nexport default function Hero() { return <p><img src={hero} alt='a' /><img src={require('@site/static/img/hero.png').default} alt='b' /></p> }\n")
    await mendHelpLinks(site.dir)
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    assert.ok((await site.read('build/broken/index.html')).includes('<div class="markdown-body"><link rel="preload" as="image" href="/base/img/hero.png"/><p><img src="/base/img/hero.png" alt="a"/><img src="/base/img/hero.png" alt="b"/></p></div>'))
  })
})

test("an SVG a React page imports or requires is a component drawing it inline, the page's props over the file's attributes and `title` as its title, as Docusaurus's SVGR makes it", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await mkdir(join(site.dir, 'static/img'), { recursive: true })
    await mkdir(join(site.dir, 'src/components'), { recursive: true })
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
    await writeFile(join(site.dir, 'static/img/hill.svg'), `${declaration}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" class="hill" style="fill: red; stroke-width: 2"><title>A hill</title><g id="top"><path d="M0 10L5 0z"/><use xlink:href="#top"/></g></svg>\n`)
    await writeFile(join(site.dir, 'src/components/dot.svg'), '<svg viewBox="0 0 4 4"><circle r="2"/></svg>')
    const page = [
      "import Hill from '@site/static/img/hill.svg'",
      "import Dot from '../components/dot.svg'",
      "const Again = require('@site/static/img/hill.svg').default",
      "export default function Pictures() { return <p><Hill className='feature' role='img' /><Again title='Hills & <more>' width={40} /><Dot /></p> }",
    ].join('\n')
    await writeFile(join(site.dir, 'src/pages/broken.js'), page)
    await mendHelpLinks(site.dir)
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    const hill = (attributes: string, title: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" ${attributes}>${title}<g id="top"><path d="M0 10L5 0z"/><use xlink:href="#top"/></g></svg>`
    const expected = [
      '<p>',
      hill('class="feature" style="fill:red;stroke-width:2" role="img"', '<title>A hill</title>'),
      hill('class="hill" style="fill:red;stroke-width:2" width="40"', '<title>Hills &amp; &lt;more></title>'),
      '<svg viewBox="0 0 4 4"><circle r="2"/></svg>',
      '</p>',
    ].join('')
    assert.ok((await site.read('build/broken/index.html')).includes(`<div class="markdown-body">${expected}</div>`))
  })
})

test('an SVG beside the pages (which may be private) or outside the site is no component a page may import: an error naming where it may be', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'docs/chart.svg'), '<svg viewBox="0 0 1 1"></svg>')
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import Chart from '../../docs/chart.svg'\nexport default function Page() { return <Chart /> }\n")
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir })
    assert.equal(result.exitCode, 1)
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      note,
      'src/pages/broken.js:1:19: error: Cannot compile the page: Cannot import "docs/chart.svg" as a component: only an SVG file of static/ or of the site\'s own code (src/) can be, not one beside the pages or outside the site. Move it to static/ or src/. [docsgen:page-render-failed]',
    ])
  })
})

test('a React page that draws its own <main> below a header (the classic template) gets no second main landmark around it', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    const page = "import Layout from '@theme/Layout'\nexport default function Home() { return <Layout title='Home'><header className='hero'><h1>Hi</h1></header><main><p>Features</p></main></Layout> }\n"
    await writeFile(join(site.dir, 'src/pages/broken.js'), page)
    await mendHelpLinks(site.dir)
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    const html = await site.read('build/broken/index.html')
    assert.is(html.match(/<main[\s>]/g)?.length, 1)
    assert.match(html, '<div id="main-content" class="plain-page"><header class="hero"><h1>Hi</h1></header><main><p>Features</p></main></div>')
  })
})

test("pathname:///x, Docusaurus's way past its router, is /x under the base URL and is not checked: in a page's Link and in the navbar and footer", async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    const config = join(site.dir, 'docusaurus.config.js')
    const theme = "themeConfig: { navbar: { items: [{ to: 'pathname:///playground/', label: 'Playground' }, { href: 'pathname:///tools', label: 'Tools' }] }, footer: { links: [{ title: 'More', items: [{ to: 'pathname:///legacy/index.html', label: 'Legacy' }] }] } },\n  presets:"
    await writeFile(config, (await readFile(config, 'utf8')).replace('presets:', theme))
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import Link from '@docusaurus/Link'\nexport default function Play() { return <p><Link to='pathname:///playground/'>Try it</Link></p> }\n")
    await mendHelpLinks(site.dir)
    assert.equal((await build({ siteDir: site.dir })).diagnostics.map(formatDiagnostic), [note])
    const html = await site.read('build/broken/index.html')
    assert.match(html, '<p><a href="/base/playground/">Try it</a></p>')
    assert.match(html, '<a class="navbar-link" href="/base/playground/">Playground</a>')
    assert.match(html, '<a class="navbar-link" href="/base/tools">Tools</a>')
    assert.match(html, 'href="/base/legacy/index.html"')
  })
})

test('a package a page imports that the site has not installed is an error that says to install the packages', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import Tweet from '@tweets/kit/theme'\nexport default function Page() { return <Tweet /> }\n")
    await mendHelpLinks(site.dir)
    const result = await build({ siteDir: site.dir, write: false })
    assert.equal(result.diagnostics.map(formatDiagnostic), [
      note,
      'src/pages/broken.js:1:19: error: Cannot compile the page: Could not resolve "@tweets/kit/theme". The package "@tweets/kit" is not installed in the site: install its packages (npm install), then build again. [docsgen:page-render-failed]',
    ])
  })
})


test('a component that does not compile, imported by MDX pages and a React page, is one diagnostic on its own line, not one per bundler', async () => {
  await withFixtureSite('docusaurus-broken-component', async (site) => {
    const result = await build({ siteDir: site.dir, write: false })
    const errors = result.diagnostics.filter((item) => item.severity === 'error').map(formatDiagnostic)
    assert.equal(errors, ['src/components/Badge.js:2:17: error: Cannot compile this file, which the page imports: Unexpected ";". [docsgen:page-render-failed]'])
    assert.is(result.exitCode, 1)
  })
})

test('a Docusaurus module docsgen has no stand-in for is refused with one reason, whether an MDX page or a React page imports it', async () => {
  await withFixtureSite('docusaurus-pages', async (site) => {
    await writeFile(join(site.dir, 'docs/photo.mdx'), "import Image from '@docusaurus/plugin-ideal-image'\nimport {\n  useActiveVersion,\n} from '@docusaurus/plugin-content-docs/client'\n\n# Photo\n\n<Image img='x' />\n")
    await writeFile(join(site.dir, 'src/pages/broken.js'), "import Image from '@docusaurus/plugin-ideal-image'\nexport default function Photo() { return <Image img='x' /> }\n")
    const result = await build({ siteDir: site.dir, write: false })
    const reason =
      '"@docusaurus/plugin-ideal-image" is not one of the Docusaurus modules docsgen stands in for (@theme/Layout, @theme/Heading, @theme/Icon/*, @docusaurus/Link, @docusaurus/useBaseUrl, @docusaurus/useDocusaurusContext, @docusaurus/Head, @docusaurus/BrowserOnly, @docusaurus/ExecutionEnvironment, @docusaurus/useIsBrowser, @docusaurus/Translate, @docusaurus/Interpolate, @docusaurus/useBrokenLinks, @docusaurus/theme-common, @docusaurus/router, @theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/CodeBlock, @theme/Details, @theme/TOCInline, @theme/DocCard, @theme/DocCardList).'
    assert.equal(
      result.diagnostics.map(formatDiagnostic).filter((found) => found.includes('plugin-ideal-image')),
      [`docs/photo.mdx:1:1: error: Cannot build the page: ${reason} [docsgen:page-render-failed]`, `src/pages/broken.js:1:19: error: Cannot compile the page: ${reason} [docsgen:page-render-failed]`],
    )
    // A named import, over several lines, is placed where it begins.
    assert.ok(result.diagnostics.map(formatDiagnostic).some((found) => found.startsWith('docs/photo.mdx:2:1: error: Cannot build the page: "@docusaurus/plugin-content-docs/client" is not one of the Docusaurus modules')))
  })
})

test.run()
