/**
 * The runtime in headless Chromium (Debian's, through playwright-core), on a fixture site built
 * by docsgen and served by a plain static host, as a reader would use it: by roles, labels, keys
 * and clicks. axe-core checks the pages in both colour modes at desktop and phone widths, and
 * the JavaScript a doc page downloads is weighed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { gzipSync } from 'node:zlib'
import { build } from '../../../src/node/build.js'
import { formatDiagnostic } from '../../../src/shared/diagnostic.js'
import { assertAccessible, launchChromium } from '../../helpers/chromium.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'
import { serveFolder, type FolderServer } from '../../helpers/serve-folder.js'

type Context = { site?: FixtureSite; server?: FolderServer; browser?: Browser }
const reader = suite<Context>('The reader in headless Chromium')

const intro = '/docs/Guides/intro'
const setup = '/docs/Guides/setup'

/**
 * Builds the fixture, serves it and starts the browser for the first test: inside the tests, not
 * a `before` hook, since uvu does not show a hook's error and a missing browser must fail them.
 */
async function start(context: Context): Promise<{ server: FolderServer; browser: Browser }> {
  if (!context.server) {
    context.site = await fixtureSite('reader-site')
    const result = await build({ siteDir: context.site.dir })
    if (result.exitCode !== 0) throw new Error(`the fixture site did not build: ${result.diagnostics.map(formatDiagnostic).join('\n')}`)
    context.server = await serveFolder(`${context.site.dir}/build`)
  }
  context.browser ??= await launchChromium()
  return { server: context.server, browser: context.browser }
}

reader.after(async (context) => {
  await context.browser?.close()
  await context.server?.close()
  await context.site?.remove()
})

async function withPage(context: Context, options: { width?: number; dark?: boolean; javaScript?: boolean }, run: (page: Page, url: (path: string) => string, browserContext: BrowserContext) => Promise<void>): Promise<void> {
  const { server, browser } = await start(context)
  const browserContext = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, colorScheme: options.dark ? 'dark' : 'light', javaScriptEnabled: options.javaScript ?? true })
  const page = await browserContext.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => void errors.push(error.message))
  try {
    await run(page, (path) => `${server.url}${encodeURI(path)}`, browserContext)
    assert.equal(errors, [], 'no script error on the page')
  } finally {
    await browserContext.close()
  }
}

/** Marks the document, to tell a client navigation (the mark stays) from a full page load (it goes). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { docsgenMark: number }).docsgenMark = 1))
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { docsgenMark?: number }).docsgenMark === 1)
const runtimeReady = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-runtime'))

reader('the colour toggle switches, and the choice survives reloads without a flash of the other mode', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    assert.is(await background(), 'rgb(255, 255, 255)')
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click()
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
    assert.is(await page.evaluate(() => localStorage.getItem('theme')), 'dark')
    // The runtime is held back: the first paint can only use what the head script did.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/runtime-[A-Z0-9]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(url(setup), { waitUntil: 'commit' })
    await page.waitForSelector('footer', { state: 'attached' })
    assert.is(await page.evaluate(() => document.documentElement.hasAttribute('data-runtime')), false, 'the runtime has not run yet')
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'dark')
    // Dark mode as VitePress spells it too, for a VitePress theme's sheet.
    assert.is(await page.evaluate(() => document.documentElement.classList.contains('dark')), true)
    assert.is(await background(), 'rgb(22, 24, 29)')
    release()
    await runtimeReady(page)
    await page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' }).click()
    await page.reload()
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme), 'light')
    assert.is(await page.evaluate(() => document.documentElement.classList.contains('dark')), false)
  }),
)

reader('a click on a link swaps the content without a page load: new content, address, title, and focus on the new heading', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    await markDocument(page)
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Set up the service' }).click()
    await page.waitForFunction(() => document.title === 'Set up the service | Reader Docs')
    assert.ok(await documentMarked(page), 'no full page load')
    assert.is(new URL(page.url()).pathname, setup)
    assert.is(await page.locator('article h1').innerText(), 'Set up the service')
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Set up the service')
    assert.is(await page.locator('.sidebar-link--active').innerText(), 'Set up the service')
    // A link to a heading of another page lands on that heading.
    await page.goBack()
    await page.waitForFunction(() => document.title === 'Introduction | Reader Docs')
    await page.getByRole('link', { name: 'set up the service', exact: true }).click()
    await page.waitForFunction(() => location.hash === '#configure-the-service')
    assert.is(await page.evaluate(() => document.activeElement?.id), 'configure-the-service')
    assert.ok(await documentMarked(page))
  }),
)

reader('back and forward bring the pages back where the reader left them', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    await markDocument(page)
    await page.evaluate(() => window.scrollTo(0, 1500))
    await page.waitForFunction(() => (history.state as { docsgenScroll?: number } | null)?.docsgenScroll === 1500)
    // Clicked where it is (a pointer click would scroll the link into view first).
    await page.evaluate(() => (document.querySelector('.pagination-nav-link--next') as HTMLElement).click())
    await page.waitForFunction(() => document.title.startsWith('Set up the service'))
    assert.is(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top')
    await page.evaluate(() => window.scrollTo(0, 700))
    // The position is saved once scrolling has paused; going back before that would lose it.
    await page.waitForFunction(() => (history.state as { docsgenScroll?: number } | null)?.docsgenScroll === 700)
    await page.goBack()
    await page.waitForFunction(() => document.title.startsWith('Introduction'))
    assert.is(await page.evaluate(() => Math.round(window.scrollY)), 1500)
    await page.goForward()
    await page.waitForFunction(() => document.title.startsWith('Set up the service'))
    assert.is(await page.evaluate(() => Math.round(window.scrollY)), 700)
    assert.ok(await documentMarked(page))
  }),
)

reader('a slow route change shows the progress bar, which goes away when the page is there', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    await page.route(/\/_docsgen\/data\/docs\/Guides\/setup\.json$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    // Hovering would prefetch it; the click must wait for the slow answer. The page itself notes
    // when the bar appears, so a busy machine cannot make the delay look shorter or longer.
    await page.evaluate(() => {
      const started = performance.now()
      const observer = new MutationObserver(() => {
        if (!document.querySelector('.route-progress')) return
        ;(window as unknown as { progressShownAfter: number }).progressShownAfter = performance.now() - started
        observer.disconnect()
      })
      observer.observe(document.body, { childList: true, subtree: true })
      ;(document.querySelector('a[href="/docs/Guides/setup"]') as HTMLElement).click()
    })
    await page.locator('.route-progress[role="progressbar"]').waitFor({ timeout: 10_000 })
    const shownAfter = await page.evaluate(() => (window as unknown as { progressShownAfter: number }).progressShownAfter)
    assert.ok(shownAfter >= 199, `the bar appeared ${shownAfter} ms after the click: not before 200 ms`)
    await page.waitForFunction(() => document.title.startsWith('Set up the service'))
    await page.locator('.route-progress').waitFor({ state: 'detached', timeout: 10_000 })
  }),
)

reader('data that will not load: the reader is told and offered Retry, which loads the page', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    let offline = true
    await page.route(/\/_docsgen\/data\/docs\/Guides\/setup\.json$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()))
    await page.evaluate(() => (document.querySelector('a[href="/docs/Guides/setup"]') as HTMLElement).click())
    await page.getByRole('alert').filter({ hasText: 'The page could not be loaded.' }).waitFor()
    offline = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.waitForFunction(() => document.title.startsWith('Set up the service'))
  }),
)

reader('the mobile menu at 800 px: opens from the navbar, keeps the page still, closes on Escape and at desktop width', (context) =>
  withPage(context, { width: 800 }, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' })
    assert.not.ok(await sidebar.isVisible())
    await page.locator('.navbar-mobile-toggle').click()
    assert.ok(await sidebar.isVisible())
    assert.is(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden')
    await page.keyboard.press('Escape')
    assert.not.ok(await sidebar.isVisible())
    assert.is(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'visible')
    await page.locator('.navbar-mobile-toggle').click()
    await page.setViewportSize({ width: 1200, height: 800 })
    await page.waitForFunction(() => !(document.getElementById('mobile-menu-open') as HTMLInputElement).checked)
    await page.setViewportSize({ width: 800, height: 800 })
    assert.not.ok(await sidebar.isVisible())
  }),
)

reader('a sidebar category opens and closes in place, and stays as the reader left it on the next page', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' })
    const reference = sidebar.getByRole('button', { name: 'Toggle the category Reference' })
    assert.is(await reference.getAttribute('aria-expanded'), 'false')
    await reference.click()
    await sidebar.getByRole('link', { name: 'Glossary' }).waitFor()
    assert.is(await reference.getAttribute('aria-expanded'), 'true')
    assert.is(new URL(page.url()).pathname, intro, 'the chevron does not navigate')
    const guides = sidebar.getByRole('button', { name: 'Toggle the category Guides' })
    await guides.click()
    assert.not.ok(await sidebar.getByRole('link', { name: 'Set up the service' }).isVisible())
    // The next page, through the category's own link (Reference's label still opens its page).
    await sidebar.getByRole('link', { name: 'Reference', exact: true }).click()
    await page.waitForFunction(() => document.title.startsWith('Reference'))
    await sidebar.getByRole('link', { name: 'Glossary' }).waitFor()
    assert.is(await sidebar.getByRole('button', { name: 'Toggle the category Guides' }).getAttribute('aria-expanded'), 'false')
    await page.reload()
    await runtimeReady(page)
    await sidebar.getByRole('link', { name: 'Glossary' }).waitFor()
    assert.is(await sidebar.getByRole('button', { name: 'Toggle the category Guides' }).getAttribute('aria-expanded'), 'false')
  }),
)

reader('the announcement stays dismissed on every page and after a reload', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    const bar = page.getByRole('region', { name: 'Announcement' })
    assert.ok(await bar.isVisible())
    await bar.getByRole('button', { name: 'Close' }).click()
    assert.not.ok(await bar.isVisible())
    await page.getByRole('link', { name: 'Set up the service' }).first().click()
    await page.waitForFunction(() => document.title.startsWith('Set up the service'))
    assert.not.ok(await bar.isVisible())
    await page.goto(url('/docs/category/reference'))
    assert.not.ok(await bar.isVisible())
  }),
)

reader('search finds a public page from a word of its body and opens it; a private page gives nothing, not even its title', (context) =>
  withPage(context, {}, async (page, url) => {
    await page.goto(url('/'))
    await runtimeReady(page)
    await markDocument(page)
    await page.keyboard.press('/')
    await page.keyboard.type('velociraptor')
    const result = page.getByRole('option').first()
    await result.waitFor()
    assert.is(await result.locator('.search-result-title').innerText(), 'Introduction')
    assert.match(await result.locator('.search-result-excerpt').innerText(), 'velociraptor')
    assert.is(await result.locator('mark').first().innerText(), 'velociraptor')
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.title.startsWith('Introduction'))
    assert.ok(await documentMarked(page))
    for (const query of ['zanzibarite', 'keyholders', 'Vault secrets']) {
      await page.keyboard.press('Control+K')
      await page.keyboard.press('Control+A')
      await page.keyboard.type(query)
      await page.getByRole('status').filter({ hasText: `No results for “${query}”` }).waitFor()
    }
  }),
)

reader('search on a phone: a button opens the box over the navbar', (context) =>
  withPage(context, { width: 390 }, async (page, url) => {
    await page.goto(url(intro))
    await runtimeReady(page)
    assert.not.ok(await page.getByRole('searchbox', { name: 'Search' }).or(page.getByRole('combobox', { name: 'Search' })).isVisible())
    await page.getByRole('button', { name: 'Search' }).click()
    await page.keyboard.type('firewall')
    // The section's own result: while the box is typed into, the list shows results for a shorter query.
    const section = page.getByRole('option').filter({ hasText: 'Open the firewall' }).first()
    await section.waitFor()
    await section.click()
    await page.waitForFunction(() => location.hash === '#open-the-firewall')
  }),
)

reader('with JavaScript off a page is complete and its links work; controls that need a script are not drawn', (context) =>
  withPage(context, { javaScript: false }, async (page, url) => {
    await page.goto(url(intro))
    assert.match(await page.locator('article').innerText(), 'The mascot of the team is a velociraptor named Clementine.')
    assert.ok(await page.getByRole('navigation', { name: 'On this page' }).isVisible())
    for (const selector of ['.navbar-search', '.sidebar-category-toggle', '.code-block-copy']) assert.not.ok(await page.locator(selector).first().isVisible(), selector)
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Reference', exact: true }).click()
    await page.waitForURL(/\/docs\/category\/reference$/)
    assert.is(await page.locator('article h1').innerText(), 'Reference')
  }),
)

reader('a doc page loads at most 30 KB of JavaScript (gzipped), however large the site', (context) =>
  withPage(context, {}, async (page, url) => {
    const scripts: Promise<number>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).byteLength))
    })
    await page.goto(url(intro), { waitUntil: 'networkidle' })
    await runtimeReady(page)
    const inline = await page.evaluate(() => [...document.scripts].filter((script) => !script.src && script.type !== 'application/json').map((script) => script.text))
    const total = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0) + inline.reduce((sum, text) => sum + gzipSync(text).byteLength, 0)
    assert.is(scripts.length, 1, 'one script file: the runtime')
    assert.ok(total < 30 * 1024, `${total} bytes`)
  }),
)

const pages = [
  ['the home page', '/'],
  ['a doc page with long code blocks', intro],
  ['a category page', '/docs/category/reference'],
  ['the 404 page', '/docs/no-such-page'],
] as const

for (const [width, dark] of [
  [1280, false],
  [1280, true],
  [390, false],
  [390, true],
] as const) {
  reader(`axe-core finds nothing on the home, doc, category and 404 pages, ${dark ? 'dark' : 'light'}, ${width} px`, (context) =>
    withPage(context, { width, dark }, async (page, url, browserContext) => {
      await browserContext.addInitScript(`localStorage.setItem('theme', '${dark ? 'dark' : 'light'}')`)
      for (const [name, path] of pages) {
        await page.goto(url(path))
        await runtimeReady(page)
        await assertAccessible(page, `${name}, ${dark ? 'dark' : 'light'}, ${width} px`)
      }
      // Open controls too: the mobile menu and the search results.
      if (width === 390) await page.getByRole('button', { name: 'Menu' }).click()
      else {
        await page.keyboard.press('/')
        await page.keyboard.type('server')
        await page.getByRole('option').first().waitFor()
      }
      await assertAccessible(page, `open ${width === 390 ? 'menu' : 'search results'}, ${dark ? 'dark' : 'light'}, ${width} px`)
    }),
  )
}

reader.run()
