/**
 * The blog's sidebar of recent posts: its markup, and a blog of posts over two years in headless
 * Chromium at 1280 px (a column beside the post) and 390 px (in the mobile menu's panel), in both colour modes.
 */
import type { Browser } from 'playwright-core'
import { renderToStaticMarkup } from 'react-dom/server'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BlogSidebar } from '../../../src/client/theme/BlogSidebar.js'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { assertAccessible, launchChromium } from '../../helpers/chromium.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'
import { serveFolder, type FolderServer } from '../../helpers/serve-folder.js'

type Context = { site?: FixtureSite; server?: FolderServer; browser?: Browser }
const sidebar = suite<Context>('The blog sidebar')

sidebar('a nav named as Docusaurus names it, the title a heading, the current post marked, every text escaped', () => {
  const items = [
    { label: 'Newest <post>', href: '/blog/newest', active: false },
    { label: 'This one', href: '/blog/this-one', active: true },
  ]
  assert.is(
    renderToStaticMarkup(<BlogSidebar sidebar={{ title: 'Recent & new', groups: [{ year: undefined, items }] }} />),
    '<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">Recent &amp; new</h2><ul class="sidebar-list">' +
      '<li class="sidebar-item"><a class="sidebar-link" href="/blog/newest">Newest &lt;post&gt;</a></li>' +
      '<li class="sidebar-item"><a class="sidebar-link sidebar-link--active" href="/blog/this-one" aria-current="page">This one</a></li></ul></nav>',
  )
})

sidebar("by year, as Docusaurus groups it: each year a group under a heading one level below the sidebar's title", () => {
  const groups = [
    { year: '2024', items: [{ label: 'New', href: '/blog/new', active: true }] },
    { year: '2023', items: [{ label: 'Old', href: '/blog/old', active: false }] },
  ]
  assert.is(
    renderToStaticMarkup(<BlogSidebar sidebar={{ title: 'Recent posts', groups }} />),
    '<nav class="blog-sidebar" aria-label="Blog recent posts navigation"><h2 class="blog-sidebar-title">Recent posts</h2>' +
      '<div class="blog-sidebar-year" role="group"><h3 class="blog-sidebar-year-title">2024</h3><ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link sidebar-link--active" href="/blog/new" aria-current="page">New</a></li></ul></div>' +
      '<div class="blog-sidebar-year" role="group"><h3 class="blog-sidebar-year-title">2023</h3><ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link" href="/blog/old">Old</a></li></ul></div></nav>',
  )
})

/** The blog-years fixture built and served; the browser started (inside a test, so a missing one fails it). */
async function start(context: Context): Promise<{ server: FolderServer; browser: Browser }> {
  if (!context.server) {
    context.site = await fixtureSite('blog-years')
    const result = await build({ siteDir: context.site.dir })
    if (result.exitCode !== 0) throw new Error(`the blog-years fixture did not build: ${result.diagnostics.map(formatDiagnostic).join('\n')}`)
    context.server = await serveFolder(`${context.site.dir}/build`)
  }
  context.browser ??= await launchChromium()
  return { server: context.server, browser: context.browser }
}

sidebar.after(async (context) => {
  await context.browser?.close()
  await context.server?.close()
  await context.site?.remove()
})

const post = '/blog/2024/01/10/new-year'

/** A page at `width` in the colour mode asked for (the reader's choice, as the toggle keeps it: the fixture's default is light). */
async function openPage(browser: Browser, width: number, dark: boolean, url: string) {
  const page = await browser.newPage({ viewport: { width, height: 800 } })
  if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await page.goto(url)
  assert.is(await page.evaluate(() => document.documentElement.dataset.theme), dark ? 'dark' : 'light')
  return page
}

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light'

  sidebar(`1280 px, ${mode}: a column left of the post, its posts under a heading per year, the current post in the theme's primary colour, nothing wider than the window`, async (context) => {
    const { server, browser } = await start(context)
    const page = await openPage(browser, 1280, dark, `${server.url}${post}`)
    try {
      const nav = page.getByRole('navigation', { name: 'Blog recent posts navigation' })
      assert.ok(await nav.isVisible())
      assert.ok(await nav.getByRole('heading', { name: 'Recent posts', level: 2 }).isVisible())
      // Each year's posts under its heading, newest year first, in a group named by nothing else, as Docusaurus has them.
      assert.equal(await nav.getByRole('heading', { level: 3 }).allTextContents(), ['2024', '2023', 'Undated'])
      assert.equal(await nav.getByRole('group').evaluateAll((groups) => groups.map((group) => group.querySelectorAll('a').length)), [2, 2, 1])
      const [column, main] = await Promise.all([nav.boundingBox(), page.locator('main').boundingBox()])
      assert.ok(column && main && column.x + column.width <= main.x && column.width >= 200, `${JSON.stringify(column)} beside ${JSON.stringify(main)}`)
      const current = nav.getByRole('link', { name: 'New year' })
      assert.is(await current.getAttribute('aria-current'), 'page')
      const colours = await current.evaluate((link) => {
        const probe = document.createElement('span')
        probe.style.color = 'var(--color-primary)'
        document.body.append(probe)
        const primary = getComputedStyle(probe).color
        probe.remove()
        return { link: getComputedStyle(link).color, primary }
      })
      assert.is(colours.link, colours.primary)
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      await assertAccessible(page, `a post at 1280 px, ${mode}`)
    } finally {
      await page.close()
    }
  })

  sidebar(`390 px, ${mode}: hidden with the menu, in its panel below the navbar's links once opened, nothing wider than the window`, async (context) => {
    const { server, browser } = await start(context)
    const page = await openPage(browser, 390, dark, `${server.url}/blog`)
    try {
      const nav = page.getByRole('navigation', { name: 'Blog recent posts navigation' })
      assert.not.ok(await nav.isVisible())
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      const main = await page.locator('main').boundingBox()
      assert.ok(main && main.x === 0 && main.width === 390, JSON.stringify(main))
      await page.locator('.navbar-mobile-toggle').click()
      assert.ok(await nav.isVisible())
      const [links, list] = await Promise.all([page.getByRole('navigation', { name: 'Menu' }).boundingBox(), nav.boundingBox()])
      assert.ok(links && list && list.y >= links.y + links.height && list.x + list.width <= 390, `${JSON.stringify(list)} under ${JSON.stringify(links)}`)
      await assertAccessible(page, `the blog's menu open at 390 px, ${mode}`)
    } finally {
      await page.close()
    }
  })
}

sidebar.run()
