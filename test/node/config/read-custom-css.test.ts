/** The site's own style sheets (customCss): bundled over the theme's, their files published, nothing taken from outside the site's own files. */
import { execFileSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { launchChromium } from '../../helpers/chromium.js'
import { fixturesDir, withFixtureSite } from '../../helpers/fixture-site.js'
import { serveFolder } from '../../helpers/serve-folder.js'

const messages = (result: Awaited<ReturnType<typeof build>>) => result.diagnostics.map(formatDiagnostic)

test("the site's sheets come after the theme's in the one stylesheet, their imports inlined and their fonts published; the brand colour, font and Infima's greys show in both modes", async () => {
  await withFixtureSite('custom-css', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [])
    const files = await site.list('build/_docsgen')
    const sheets = files.filter((file) => file.endsWith('.css'))
    assert.is(sheets.length, 1)
    const css = await site.read(`build/_docsgen/${sheets[0]}`)
    // In the order customCss names them, the first one's import first; a URL from the site's root is static/'s file, published with them.
    const own =
      '\n@font-face{font-family:Brand;src:url("/_docsgen/assets/brand-LSRYMGCX.woff2") format("woff2")}:root{--ifm-color-primary: #2e8555;--ifm-color-primary-dark: #29784c;--ifm-font-family-base: Brand, sans-serif}[data-theme=dark]{--ifm-color-primary: #25c2a0}.markdown code{background-color:var(--ifm-color-emphasis-300)}.hero{background:url("/_docsgen/assets/hero-C4NWJ36D.svg") no-repeat}@media print{.navbar{display:none}}\n'
    assert.ok(css.endsWith(own), css.slice(-400))
    // Infima's properties come before them, for them to read or set.
    assert.ok(css.lastIndexOf(':root{--ifm-color-white: #ffffff;') < css.length - own.length)
    assert.ok(files.includes('assets/brand-LSRYMGCX.woff2'))
    assert.ok(files.includes('assets/hero-C4NWJ36D.svg'))
    assert.is(await site.read('build/_docsgen/assets/brand-LSRYMGCX.woff2'), 'wOF2 stand-in font bytes')
    // The sheet beside a private page is no file of the output.
    assert.not.ok((await site.list('build')).some((file) => file.includes('plan')))

    const server = await serveFolder(join(site.dir, 'build'))
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto(`${server.url}/docs/intro`)
      const linkColour = () => page.evaluate(() => getComputedStyle(document.querySelector('a[href="https://example.org/guide"]')!).color)
      const codeBackground = () => page.evaluate(() => getComputedStyle(document.querySelector('article code')!).backgroundColor)
      assert.is(await linkColour(), 'rgb(46, 133, 85)')
      assert.is(await codeBackground(), 'rgb(218, 221, 225)')
      assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /^Brand, sans-serif$/)
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
      assert.is(await linkColour(), 'rgb(37, 194, 160)')
      assert.is(await codeBackground(), 'rgb(96, 103, 112)')
    } finally {
      await browser.close()
      await server.close()
    }
  })
})

test('a sheet that is missing, outside the site or not CSS is a config error, placed where the config names it', async () => {
  await withFixtureSite('custom-css', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    const text = await readFile(config, 'utf8')
    await writeFile(config, text.replace("['src/css/custom.css', './src/css/print.css']", "['src/css/brand.css']"))
    const missing = await build({ siteDir: site.dir })
    assert.is(missing.exitCode, 2)
    assert.equal(messages(missing), [
      "site.config.ts:5:16: error: customCss names src/css/brand.css, which does not exist. Write the sheet's path from the site folder, as 'src/css/custom.css'. [docsgen:custom-css-invalid]",
    ])
    await writeFile(config, text.replace("['src/css/custom.css', './src/css/print.css']", "['../shared/brand.css', 'src/css/notes.txt']"))
    const outside = await build({ siteDir: site.dir })
    assert.is(outside.exitCode, 2)
    assert.equal(messages(outside), [
      "site.config.ts:5:3: error: \"customCss[0]\" must be a path inside the site folder, got '../shared/brand.css'. Write the path from the site folder, as 'src/css/custom.css'. [docsgen:config-invalid]",
      "site.config.ts:5:3: error: \"customCss[1]\" must name a .css file, got 'src/css/notes.txt'. [docsgen:config-invalid]",
    ])
  })
})

test("a sheet may not pull in a file of a content folder (its pages may be private) nor one outside the site, even through a link; every problem is said at once and nothing is written", async () => {
  await withFixtureSite('custom-css', async (site) => {
    await symlink('/etc/hostname', join(site.dir, 'src', 'css', 'host.css'))
    await writeFile(join(site.dir, 'src', 'css', 'print.css'), '@import "./host.css";\n@import "./nope.css";\n@import "@acme/docs-theme/styles/index.css";\n.plan { background: url("../../content/docs/secret/plan.css") }\n.broken { color: red\n')
    const result = await build({ siteDir: site.dir })
    assert.is(result.exitCode, 2)
    const suggestion = 'Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]'
    assert.equal(messages(result), [
      // Where the link leads, as it was followed.
      `src/css/print.css:1:9: error: The site's style sheets could not be bundled: /etc/hostname is outside the site folder: a style sheet may only use the site's own files. ${suggestion}`,
      `src/css/print.css:2:9: error: The site's style sheets could not be bundled: Could not resolve "./nope.css". ${suggestion}`,
      `src/css/print.css:3:9: error: The site's style sheets could not be bundled: Could not resolve "@acme/docs-theme/styles/index.css". The package "@acme/docs-theme" is not installed in the site: install its packages (npm install), then build again. [docsgen:custom-css-invalid]`,
      `src/css/print.css:4:25: error: The site's style sheets could not be bundled: content/docs/secret/plan.css is in content/docs/, whose pages may be private: a style sheet may not publish its files. Move it to src/css/. ${suggestion}`,
      `src/css/print.css:6:1: warning: The site's style sheets could not be read as written: Expected "}" to go with "{". ${suggestion}`,
    ])
    await rm(join(site.dir, 'src', 'css', 'host.css'))
    assert.is((await site.list('.')).some((file) => file.startsWith('build/')), false)
  })
})

test('a sheet that cannot be bundled does not keep the content from being checked: a broken link is reported with it, in the same run; the build fails as a config error and writes nothing', async () => {
  await withFixtureSite('custom-css', async (site) => {
    await writeFile(join(site.dir, 'src', 'css', 'print.css'), '@import "./nope.css";\n')
    const intro = join(site.dir, 'content', 'docs', 'intro.md')
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nSee [the plan](./plan.md).\n`)
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [
      'content/docs/intro.md:5:5: error: Link "./plan.md" names a file that does not exist (resolved as "content/docs/plan.md"). Check the file name; links to .md files are relative to the linking file. [docsgen:missing-file]',
      `src/css/print.css:1:9: error: The site's style sheets could not be bundled: Could not resolve "./nope.css". Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]`,
    ])
    assert.is(result.exitCode, 2)
    assert.equal(result.stages.map((stage) => `${stage.name}${stage.failed ? ' failed' : ''}`), ['config failed', 'content', 'manifest', 'validate failed'])
    assert.is((await site.list('.')).some((file) => file.startsWith('build/')), false)
  })
})

test("a Docusaurus sheet's `@site/…` URL is the site's file, as Docusaurus's alias makes it, and no way out of the site; the site's tsconfig.json (extending a package not installed) is no concern of its sheets", async () => {
  await withFixtureSite('docusaurus-css-alias', async (site) => {
    const result = await build({ siteDir: site.dir })
    assert.equal(messages(result), [
      'docusaurus.config.js: warning: docsgen reads docusaurus.config.js as a Docusaurus site: its docs (docs/), blog (none), pages (src/pages/), static/ and sidebars in place. Write a site.config.ts beside it with what docsgen should read instead (then docusaurus.config is not read). [docsgen:config-unknown-key]',
    ])
    assert.is(result.exitCode, 0)
    const sheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    assert.ok((await site.read(`build/_docsgen/${sheet}`)).endsWith('\n.card{background:url("/_docsgen/assets/card-2IOL26EU.svg") no-repeat}\n'))
    assert.is(await site.read('build/_docsgen/assets/card-2IOL26EU.svg'), await site.read('static/img/card.svg'))

    await writeFile(join(site.dir, 'src', 'css', 'custom.css'), ".out { background: url('@site/../../../../../../../../../etc/hostname') }\n")
    const outside = await build({ siteDir: site.dir })
    assert.is(outside.exitCode, 2)
    assert.equal(messages(outside).slice(1), [
      "src/css/custom.css:1:24: error: The site's style sheets could not be bundled: /etc/hostname is outside the site folder: a style sheet may only use the site's own files. Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]",
    ])
  })
})

test('a sheet may not read the private output, wherever --private-dir puts it, nor a named pipe (which would never end)', async () => {
  await withFixtureSite('custom-css', async (site) => {
    await mkdir(join(site.dir, 'priv', 'docs'), { recursive: true })
    await writeFile(join(site.dir, 'priv', 'docs', 'plan.png'), 'private bytes')
    execFileSync('mkfifo', [join(site.dir, 'src', 'css', 'pipe.css')])
    await writeFile(join(site.dir, 'src', 'css', 'print.css'), '@import "./pipe.css";\n.p { background: url("../../priv/docs/plan.png") }\n')
    const result = await build({ siteDir: site.dir, privateDir: 'priv' })
    assert.is(result.exitCode, 2)
    const suggestion = 'Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]'
    assert.equal(messages(result), [
      `src/css/print.css:1:9: error: The site's style sheets could not be bundled: src/css/pipe.css is not a plain file. ${suggestion}`,
      `src/css/print.css:2:22: error: The site's style sheets could not be bundled: priv/docs/plan.png is in priv/, whose pages may be private: a style sheet may not publish its files. Move it to static/. ${suggestion}`,
    ])
  })
})

test("under a base URL, the sheets' files and static/'s are linked under it; a root URL that names no file of static/ is left as written", async () => {
  await withFixtureSite('custom-css', async (site) => {
    const config = join(site.dir, 'site.config.ts')
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Brand Docs',", "title: 'Brand Docs',\n  baseUrl: '/proj/',"))
    await writeFile(join(site.dir, 'src', 'css', 'print.css'), '.gone { background: url("/img/gone.png") }\n')
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const sheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    const css = await site.read(`build/_docsgen/${sheet}`)
    assert.match(css, 'src:url("/proj/_docsgen/assets/brand-LSRYMGCX.woff2")')
    assert.match(css, '.hero{background:url("/proj/_docsgen/assets/hero-C4NWJ36D.svg") no-repeat}')
    assert.ok(css.endsWith('.gone{background:url(/img/gone.png)}\n'))
  })
})

test("a package's sheet installed above the site (a monorepo's node_modules/) may be named and imported; a file beside it may not", async () => {
  const root = await mkdtemp(join(tmpdir(), 'docsgen-monorepo-'))
  try {
    await mkdir(join(root, 'node_modules', 'brand-kit'), { recursive: true })
    await writeFile(join(root, 'node_modules', 'brand-kit', 'brand.css'), ':root { --ifm-color-primary: #aa3355 }\n')
    await writeFile(join(root, 'node_modules', 'brand-kit', 'type.css'), '.kit { font-weight: 600 }\n')
    await writeFile(join(root, 'shared.css'), '.shared { color: red }\n')
    const site = join(root, 'website')
    await cp(join(fixturesDir, 'custom-css'), site, { recursive: true })
    await writeFile(join(site, 'src', 'css', 'print.css'), "@import 'brand-kit/type.css';\n")
    const config = join(site, 'site.config.ts')
    const text = await readFile(config, 'utf8')
    await writeFile(config, text.replace("customCss: ['src/css/custom.css', './src/css/print.css']", "customCss: ['../node_modules/brand-kit/brand.css', 'src/css/print.css']"))
    const result = await build({ siteDir: site })
    assert.equal(messages(result), [])
    const sheet = (await readdir(join(site, 'build', '_docsgen'))).find((file) => file.endsWith('.css'))!
    assert.ok((await readFile(join(site, 'build', '_docsgen', sheet), 'utf8')).endsWith(':root{--ifm-color-primary: #aa3355 }.kit{font-weight:600}\n'))
    await writeFile(config, text.replace("customCss: ['src/css/custom.css', './src/css/print.css']", "customCss: ['../shared.css']"))
    assert.equal(messages(await build({ siteDir: site, write: false })), [
      "site.config.ts:5:3: error: \"customCss[0]\" must be a path inside the site folder, got '../shared.css'. Write the path from the site folder, as 'src/css/custom.css'. [docsgen:config-invalid]",
    ])
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test("a web font's @import comes first in the stylesheet, where a browser reads it", async () => {
  await withFixtureSite('custom-css', async (site) => {
    await writeFile(join(site.dir, 'src', 'css', 'print.css'), "@import url('https://fonts.example.org/css2?family=Inter:wght@400;700&display=swap');\n.p { color: red }\n")
    assert.is((await build({ siteDir: site.dir })).exitCode, 0)
    const sheet = (await site.list('build/_docsgen')).find((file) => file.endsWith('.css'))!
    const css = await site.read(`build/_docsgen/${sheet}`)
    assert.ok(css.startsWith('@import"https://fonts.example.org/css2?family=Inter:wght@400;700&display=swap";:root{'), css.slice(0, 120))
    assert.ok(css.endsWith('.p{color:red}\n'))
  })
})

test("on a site whose pages are its whole folder (VitePress's) and some are private, a sheet may use its theme's folder but no file beside the pages", async () => {
  await withFixtureSite('vitepress-folder', async (site) => {
    await writeFile(join(site.dir, 'guide', 'secret.css'), '.guide-secret { color: hotpink }\n')
    const privatePages = { login: { orgID: 'o', privatePaths: [{ path: '/guide/**', groups: ['staff'] }] } }
    assert.is((await build({ siteDir: site.dir, write: false, configOverrides: privatePages })).exitCode, 0)
    const theme = join(site.dir, '.vitepress', 'theme', 'custom.css')
    await writeFile(theme, `@import '../../guide/secret.css';\n${await readFile(theme, 'utf8')}`)
    const refused = await build({ siteDir: site.dir, write: false, configOverrides: privatePages })
    assert.equal(
      messages(refused).filter((message) => message.includes('custom-css-invalid')),
      [
        ".vitepress/theme/custom.css:1:9: error: The site's style sheets could not be bundled: guide/secret.css is in ./, whose pages may be private: a style sheet may not publish its files. Move it to .vitepress/theme/. Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]",
      ],
    )
    // Without private pages, nothing beside the pages is private.
    assert.is((await build({ siteDir: site.dir, write: false })).exitCode, 0)
  })
})


test("on a Docusaurus site with private pages, a sheet or image in src/pages/ is refused with advice that fits where it is: a sheet to src/css/ (static/ when src/ is all pages), an image to static/", async () => {
  await withFixtureSite('docusaurus-site', async (site) => {
    await writeFile(join(site.dir, 'src', 'pages', 'extra.css'), '.extra { color: teal }\n')
    await writeFile(join(site.dir, 'src', 'pages', 'banner.png'), 'png bytes')
    await writeFile(join(site.dir, 'src', 'css', 'custom.css'), "@import '../pages/extra.css';\n.hero { background: url('../pages/banner.png') }\n")
    const privatePages = { login: { orgID: 'o', privatePaths: [{ path: '/about', groups: ['staff'] }] } }
    const result = await build({ siteDir: site.dir, write: false, configOverrides: privatePages })
    const suggestion = 'Fix the sheet, its @import or url() path, or leave it out of customCss. [docsgen:custom-css-invalid]'
    assert.equal(
      messages(result).filter((message) => message.includes('custom-css-invalid')),
      [
        `src/css/custom.css:1:9: error: The site's style sheets could not be bundled: src/pages/extra.css is in src/pages/, whose pages may be private: a style sheet may not publish its files. Move it to src/css/. ${suggestion}`,
        `src/css/custom.css:2:25: error: The site's style sheets could not be bundled: src/pages/banner.png is in src/pages/, whose pages may be private: a style sheet may not publish its files. Move it to static/. ${suggestion}`,
      ],
    )
    // Pages read from all of src/ (pages.path: 'src'): src/css/ is no place for a sheet either, static/ is.
    const config = join(site.dir, 'docusaurus.config.js')
    await writeFile(config, (await readFile(config, 'utf8')).replace('theme: { customCss', "pages: { path: 'src' }, theme: { customCss"))
    assert.equal(
      messages(await build({ siteDir: site.dir, write: false, configOverrides: privatePages })).filter((message) => message.includes('custom-css-invalid')),
      [`docusaurus.config.js:30:42: error: The site's style sheets could not be bundled: src/css/custom.css is in src/, whose pages may be private: a style sheet may not publish its files. Move it to static/. ${suggestion}`],
    )
  })
})

test.run()
