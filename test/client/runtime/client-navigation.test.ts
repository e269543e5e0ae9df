import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupClientNavigation, type NavigationParts } from '../../../src/client/runtime/client-navigation.js'
import { createPageDataLoader } from '../../../src/client/runtime/page-data-loader.js'
import type { ProgressBar } from '../../../src/client/runtime/progress-bar.js'
import { samplePage, sampleSite } from '../theme/sample-props.js'
import { click, openRuntimePage, pageDataOf, pageHtml, sampleConfig, settle, type RuntimePage } from './runtime-page.js'

const here = 'http://site.test/docs/Sanctum/Development/Setup%20an%20Apache2%20Server'
const lotusPage = samplePage({
  path: '/docs/Lotus Byte/',
  title: 'Lotus Byte',
  description: 'The service desk tool.',
  bodyHtml: '<p>Lotus Byte overview.</p><h2 id="report">Report a problem</h2>',
  toc: [{ depth: 2, id: 'report', text: 'Report a problem' }],
})
const lotusSite = sampleSite({
  navbar: { ...sampleSite().navbar, items: sampleSite().navbar.items.map((item) => ({ ...item, active: item.label === 'Lotus Byte' })) },
})
const lotusData = () => pageDataOf({ page: lotusPage, site: lotusSite })
const lotusFile = '/_docsgen/data/docs/Lotus%20Byte.json'

interface Harness {
  readonly page: RuntimePage
  readonly assigned: string[]
  readonly reloads: number[]
  readonly progress: string[]
  readonly swaps: number[]
  readonly retry: (() => void)[]
}

async function withNavigation(run: (harness: Harness) => Promise<void>, parts: Partial<NavigationParts> = {}): Promise<void> {
  const page = openRuntimePage(pageHtml(), { url: here })
  const harness: Harness = { page, assigned: [], reloads: [], progress: [], swaps: [], retry: [] }
  Object.defineProperty(page.window.location, 'assign', { value: (href: string) => harness.assigned.push(href), configurable: true })
  Object.defineProperty(page.window.location, 'reload', { value: () => harness.reloads.push(1), configurable: true })
  const progress: ProgressBar = {
    start: () => void harness.progress.push('start'),
    done: () => void harness.progress.push('done'),
    fail: (retry) => {
      harness.progress.push('fail')
      harness.retry.push(retry)
    },
    value: undefined,
  }
  try {
    setupClientNavigation(page.platform, {
      scope: sampleConfig(),
      loader: createPageDataLoader(page.platform, '/'),
      progress,
      afterSwap: () => void harness.swaps.push(1),
      ...parts,
    })
    await run(harness)
  } finally {
    await page.close()
  }
}

const link = (page: RuntimePage, href: string) => {
  const anchor = page.document.createElement('a')
  anchor.setAttribute('href', href)
  anchor.textContent = href
  page.document.querySelector('.markdown-body')!.appendChild(anchor)
  return anchor
}

const navigation = suite('client navigation')

navigation('a click on a public page swaps the content, the address, the title, the description, the navbar mark and the focus', () =>
  withNavigation(async ({ page, assigned, progress, swaps }) => {
    page.answers.set(lotusFile, { body: lotusData() })
    const historyLength = page.window.history.length
    assert.not.ok(click(page, link(page, '/docs/Lotus%20Byte/')), 'the browser does not follow the link')
    await settle()
    assert.equal(assigned, [])
    assert.is(page.window.location.pathname, '/docs/Lotus%20Byte/')
    assert.is(page.window.history.length, historyLength + 1)
    assert.is(page.document.title, 'Lotus Byte | Sanctum')
    assert.is(page.document.querySelector('meta[name="description"]')?.getAttribute('content'), 'The service desk tool.')
    assert.is(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href'), 'https://docs.example.org/docs/Lotus%20Byte/')
    assert.match(page.document.querySelector('[data-page-region]')!.innerHTML, '<p>Lotus Byte overview.</p>')
    const marked = [...page.document.querySelectorAll('.navbar .navbar-link')].map((anchor) => `${anchor.textContent}:${anchor.getAttribute('aria-current')}`)
    assert.equal(marked, ['Sanctum:null', 'Lotus Byte:page', 'Private:null'])
    assert.is(page.document.activeElement?.tagName, 'H1')
    assert.is(page.document.activeElement?.textContent, 'Lotus Byte')
    assert.equal(progress, ['start', 'done'])
    assert.equal(swaps, [1])
  }),
)

navigation('a #hash scrolls to and focuses its heading; .html and /index.html spellings land on the canonical address', () =>
  withNavigation(async ({ page }) => {
    page.answers.set(lotusFile, { body: lotusData() })
    click(page, link(page, '/docs/Lotus%20Byte/index.html#report'))
    await settle()
    assert.is(`${page.window.location.pathname}${page.window.location.hash}`, '/docs/Lotus%20Byte/#report')
    assert.is(page.document.activeElement?.id, 'report')
  }),
)

navigation('back and forward draw the page again and restore where the reader was', () =>
  withNavigation(async ({ page }) => {
    page.answers.set(lotusFile, { body: lotusData() })
    page.answers.set('/_docsgen/data/docs/Sanctum/Development/Setup%20an%20Apache2%20Server.json', { body: pageDataOf() })
    const scrolls: number[] = []
    Object.defineProperty(page.window, 'scrollTo', { value: (_x: number, y: number) => scrolls.push(y), configurable: true })
    Object.defineProperty(page.window, 'scrollY', { value: 640, configurable: true })
    click(page, link(page, '/docs/Lotus%20Byte/'))
    await settle()
    assert.equal(scrolls, [0])
    page.window.history.back()
    await settle(20)
    assert.is(page.window.location.pathname, '/docs/Sanctum/Development/Setup%20an%20Apache2%20Server')
    assert.is(page.document.title, 'Set up an Apache2 server | Sanctum')
    // The sidebar's list comes from its branch's file, with this page's link marked again.
    const current = page.document.querySelectorAll('.sidebar-nav [aria-current="page"]')
    assert.equal([...current].map((anchor) => `${anchor.className}:${anchor.textContent}`), ['sidebar-link sidebar-link--active:Setup an Apache2 Server'])
    assert.equal(scrolls, [0, 640])
  }),
)

navigation('links the browser keeps: new tab, modifier keys, other sites, files, private pages, jumps within the page', () =>
  withNavigation(async ({ page, assigned }) => {
    const blank = link(page, '/docs/Lotus%20Byte/')
    blank.setAttribute('target', '_blank')
    assert.ok(click(page, blank))
    assert.ok(click(page, link(page, '/docs/Lotus%20Byte/'), { ctrlKey: true }))
    assert.ok(click(page, link(page, '/docs/Lotus%20Byte/'), { button: 1 }))
    const download = link(page, '/docs/Lotus%20Byte/')
    download.setAttribute('download', '')
    assert.ok(click(page, download))
    for (const href of ['https://example.org/', '/img/logo.svg', '/docs/Private/notice', '#install']) assert.ok(click(page, link(page, href)), href)
    await settle()
    assert.equal(page.fetched, [])
    assert.equal(assigned, [])
  }),
)

navigation('no data for a path (a 404, a file) or data of another build: the browser loads the address in full', () =>
  withNavigation(async ({ page, assigned }) => {
    page.answers.set(lotusFile, { body: { ...lotusData(), build: 'another-build' } })
    click(page, link(page, '/docs/missing'))
    await settle()
    click(page, link(page, '/docs/Lotus%20Byte/'))
    await settle()
    assert.equal(assigned, ['http://site.test/docs/missing', 'http://site.test/docs/Lotus%20Byte/'])
    assert.is(page.document.title, 'Set up an Apache2 server | Sanctum')
  }),
)

navigation('data that cannot be read: a warning, then the page reloads; no answer at all: Retry is offered and works', () =>
  withNavigation(async ({ page, assigned, progress, retry }) => {
    page.answers.set(lotusFile, { status: 500, body: 'oops' })
    click(page, link(page, '/docs/Lotus%20Byte/'))
    await settle()
    assert.equal(assigned, ['http://site.test/docs/Lotus%20Byte/'])
    assert.equal(page.warnings, ['docsgen: could not load the page /docs/Lotus%20Byte/'])
    let offline = true
    page.answers.set(lotusFile, async () => (offline ? new TypeError('Failed to fetch') : { body: lotusData() }))
    click(page, link(page, '/docs/Lotus%20Byte/'))
    await settle()
    assert.equal(progress.slice(-2), ['start', 'fail'])
    assert.is(assigned.length, 1, 'an offline reader keeps the page they have')
    offline = false
    retry[0]!()
    await settle()
    assert.is(page.document.title, 'Lotus Byte | Sanctum')
  }),
)

navigation('a redirect route sends the reader on within the client', () =>
  withNavigation(async ({ page }) => {
    page.answers.set('/_docsgen/data/docs.json', { body: pageDataOf({ page: samplePage({ path: '/docs', title: 'Docs' }) }, sampleConfig(), '/docs/Lotus%20Byte/') })
    page.answers.set(lotusFile, { body: lotusData() })
    click(page, link(page, '/docs'))
    await settle(20)
    assert.is(page.window.location.pathname, '/docs/Lotus%20Byte/')
    assert.is(page.document.title, 'Lotus Byte | Sanctum')
  }),
)

navigation("a failure to draw the page shows 'This page crashed.' with the messages beneath and 'Try again'", async () => {
  let failing = true
  await withNavigation(
    async ({ page }) => {
      page.answers.set(lotusFile, { body: lotusData() })
      click(page, link(page, '/docs/Lotus%20Byte/'))
      await settle()
      const region = page.document.querySelector('[data-page-region]')!
      assert.is(region.querySelector('h1')?.textContent, 'This page crashed.')
      assert.equal([...region.querySelectorAll('.crash-page-errors li')].map((item) => item.textContent), ['The ToC broke', 'Cause: a heading without an id'])
      failing = false
      click(page, [...region.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!)
      await settle()
      assert.match(region.innerHTML, 'Lotus Byte overview.')
    },
    {
      afterSwap: () => {
        if (failing) throw new Error('The ToC broke', { cause: new Error('a heading without an id') })
      },
    },
  )
})

navigation('a page opened at another spelling of its address shows its canonical address', async () => {
  const page = openRuntimePage(pageHtml(), { url: 'http://site.test/docs/Sanctum/Development/Setup%20an%20Apache2%20Server.html#install' })
  try {
    setupClientNavigation(page.platform, { scope: sampleConfig(), loader: createPageDataLoader(page.platform, '/'), progress: { start() {}, done() {}, fail() {}, value: undefined }, afterSwap() {} })
    assert.is(`${page.window.location.pathname}${page.window.location.hash}`, '/docs/Sanctum/Development/Setup%20an%20Apache2%20Server#install')
  } finally {
    await page.close()
  }
})

navigation.run()
