import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupTableOfContents } from '../../../src/client/runtime/table-of-contents.js'
import { samplePage } from '../theme/sample-props.js'
import { click, openRuntimePage, pageHtml, type RuntimePage } from './runtime-page.js'

const page3 = samplePage({
  bodyHtml: '<h2 id="install">Install</h2><p>a</p><h3 id="firewall">Firewall</h3><p>b</p><h2 id="café">Café</h2>',
  toc: [
    { depth: 2, id: 'install', text: 'Install' },
    { depth: 3, id: 'firewall', text: 'Firewall' },
    { depth: 2, id: 'café', text: 'Café' },
  ],
})

/** Places the headings: their distance from the top of the window. */
function placeHeadings(page: RuntimePage, tops: Record<string, number>): void {
  for (const [id, top] of Object.entries(tops)) {
    const heading = page.document.getElementById(id)!
    heading.getBoundingClientRect = () => ({ top, bottom: top + 30, left: 0, right: 0, width: 0, height: 30, x: 0, y: top, toJSON: () => ({}) }) as DOMRect
  }
}

const active = (page: RuntimePage) =>
  [...page.document.querySelectorAll('.table-of-contents-link--active')].map((link) => `${link.closest('details') ? 'narrow' : 'side'}:${link.textContent}:${link.getAttribute('aria-current')}`)

const toc = suite('table of contents')

toc('marks the heading being read, in the side ToC and the narrow-screen one', async () => {
  const page = openRuntimePage(pageHtml({ page: page3 }))
  try {
    placeHeadings(page, { install: 500, firewall: 900, 'café': 1400 })
    const control = setupTableOfContents(page.platform)
    assert.equal(active(page), ['narrow:Install:location', 'side:Install:location'], 'before any heading: the first')
    placeHeadings(page, { install: -300, firewall: 60, 'café': 700 })
    control.refresh()
    assert.equal(active(page), ['narrow:Firewall:location', 'side:Firewall:location'])
    placeHeadings(page, { install: -900, firewall: -500, 'café': 100 })
    control.refresh()
    assert.equal(active(page), ['narrow:Café:location', 'side:Café:location'])
  } finally {
    await page.close()
  }
})

toc('at the very bottom of the page the last heading is marked, even below the reading line', async () => {
  const page = openRuntimePage(pageHtml({ page: page3 }))
  try {
    placeHeadings(page, { install: -900, firewall: -500, 'café': 600 })
    Object.defineProperty(page.window, 'scrollY', { value: 1000, configurable: true })
    Object.defineProperty(page.document.documentElement, 'scrollHeight', { value: 1800, configurable: true })
    setupTableOfContents(page.platform)
    assert.equal(active(page), ['narrow:Café:location', 'side:Café:location'])
  } finally {
    await page.close()
  }
})

toc('scrolling updates the mark on the next frame; choosing an entry of the narrow ToC closes it', async () => {
  const page = openRuntimePage(pageHtml({ page: page3 }))
  try {
    placeHeadings(page, { install: 500, firewall: 900, 'café': 1400 })
    setupTableOfContents(page.platform)
    placeHeadings(page, { install: -300, firewall: 60, 'café': 700 })
    page.window.dispatchEvent(new page.window.Event('scroll'))
    page.window.dispatchEvent(new page.window.Event('scroll'))
    await new Promise((resolve) => page.window.requestAnimationFrame(resolve))
    assert.equal(active(page), ['narrow:Firewall:location', 'side:Firewall:location'])
    const details = page.document.querySelector('details.table-of-contents-collapsible')!
    details.setAttribute('open', '')
    click(page, details.querySelector('.table-of-contents-link'))
    assert.not.ok(details.hasAttribute('open'))
  } finally {
    await page.close()
  }
})

toc('a page without a ToC: nothing to mark', async () => {
  const page = openRuntimePage(pageHtml({ page: samplePage({ toc: [] }) }))
  try {
    setupTableOfContents(page.platform).refresh()
    assert.equal(active(page), [])
  } finally {
    await page.close()
  }
})

toc.run()
