import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { collapseDuration, setupSidebarCategories } from '../../../src/client/runtime/sidebar-categories.js'
import type { SidebarViewItem } from '../../../src/shared/page-view.js'
import { click, openRuntimePage, pageHtml, settle, type RuntimePage } from './runtime-page.js'

const sidebar = (): SidebarViewItem[] => [
  { type: 'link', label: 'Introduction', href: '/docs/Sanctum/intro', active: false },
  { type: 'category', label: 'ChromeOS', href: '/docs/category/chromeos', active: false, expanded: false, collapsible: true, place: '1', items: [] },
  {
    type: 'category',
    label: 'Development',
    href: '/docs/category/development',
    active: true,
    expanded: true,
    collapsible: true,
    place: '2',
    items: [{ type: 'link', label: 'Setup an Apache2 Server', href: '/docs/Sanctum/Development/Setup%20an%20Apache2%20Server', active: true }],
  },
  { type: 'category', label: 'Archive', href: undefined, active: false, expanded: false, collapsible: true, place: '3', items: [] },
]

const chromeOsItems = { format: 1, html: '<ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link" href="/docs/Sanctum/ChromeOS/Install">Install</a></li></ul>' }
const toggle = (page: RuntimePage, place: string) => page.document.querySelector<HTMLElement>(`[data-sidebar-toggle="${place}"]`)!
const category = (page: RuntimePage, place: string) => toggle(page, place).closest('.sidebar-category')!

const categories = suite('sidebar categories')

categories('the chevron opens a closed category in place, fetching its items once; closing hides them', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: sidebar() }))
  try {
    page.answers.set('/_docsgen/sidebar/1.json', { body: chromeOsItems })
    assert.is(page.document.querySelector('.sidebar-category-toggle'), null, 'the buttons are not in the markup')
    setupSidebarCategories(page.platform, '/')
    assert.equal(
      [...page.document.querySelectorAll('.sidebar-category-toggle')].map((button) => `${button.getAttribute('aria-label')}:${button.getAttribute('aria-expanded')}:${button.previousElementSibling?.textContent}`),
      ['Toggle the category ChromeOS:false:ChromeOS', 'Toggle the category Development:true:Development', 'Toggle the category Archive:false:Archive'],
    )
    assert.ok(click(page, toggle(page, '1')), 'the click is not a navigation')
    await settle()
    assert.is(toggle(page, '1').getAttribute('aria-expanded'), 'true')
    assert.ok(category(page, '1').classList.contains('sidebar-category--expanded'))
    assert.is(category(page, '1').querySelector('.sidebar-list a')?.textContent, 'Install')
    click(page, toggle(page, '1'))
    await settle()
    assert.is(toggle(page, '1').getAttribute('aria-expanded'), 'false')
    assert.ok((category(page, '1').querySelector('.sidebar-list') as HTMLElement).hidden)
    click(page, toggle(page, '1'))
    await settle()
    assert.not.ok((category(page, '1').querySelector('.sidebar-list') as HTMLElement).hidden)
    assert.equal(page.fetched, ['/_docsgen/sidebar/1.json'])
    // The label still links to the category page: the runtime leaves its clicks alone.
    assert.ok(click(page, category(page, '1').querySelector('a.sidebar-category-label')))
  } finally {
    await page.close()
  }
})

categories('a category without a page opens from its label too; items that cannot be fetched leave it closed, with a warning', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: sidebar() }))
  try {
    setupSidebarCategories(page.platform, '/handbook/')
    click(page, category(page, '3').querySelector('span.sidebar-category-label'))
    await settle()
    assert.equal(page.fetched, ['/handbook/_docsgen/sidebar/3.json'])
    assert.is(toggle(page, '3').getAttribute('aria-expanded'), 'false')
    assert.equal(page.warnings, ['docsgen: could not load the items of the sidebar category at 3'])
    assert.not.ok(toggle(page, '3').hasAttribute('aria-busy'))
  } finally {
    await page.close()
  }
})

categories('choices are remembered for the tab: a newly drawn sidebar opens and closes the same categories, but keeps the current one open', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: sidebar() }))
  try {
    page.answers.set('/_docsgen/sidebar/1.json', { body: chromeOsItems })
    const categoriesControl = setupSidebarCategories(page.platform, '/')
    click(page, toggle(page, '1'))
    click(page, toggle(page, '2'))
    await settle()
    assert.equal(JSON.parse(page.window.sessionStorage.getItem('docsgen.sidebar')!), { '1': true, '2': false })
    // A navigation draws the sidebar anew: ChromeOS closed, Development open and current.
    page.document.querySelector('.sidebar-nav')!.outerHTML = new page.window.DOMParser().parseFromString(pageHtml({ sidebar: sidebar() }), 'text/html').querySelector('.sidebar-nav')!.outerHTML
    categoriesControl.refresh()
    await settle()
    assert.is(toggle(page, '1').getAttribute('aria-expanded'), 'true')
    assert.is(toggle(page, '2').getAttribute('aria-expanded'), 'true', 'the category of the current page stays open')
    // On a page outside it, Development stays closed as the reader left it.
    page.document.querySelector('.sidebar-category--active')!.classList.remove('sidebar-category--active')
    categoriesControl.refresh()
    await settle()
    assert.is(toggle(page, '2').getAttribute('aria-expanded'), 'false')
  } finally {
    await page.close()
  }
})

/** Four top-level items, of which a page drew the second alone. */
const windowed = (): SidebarViewItem[] => [
  { type: 'more', list: '', start: 0, end: 1, href: '/_docsgen/sidebar/top.html' },
  { type: 'link', label: 'Two', href: '/docs/two', active: true },
  { type: 'more', list: '', start: 2, end: 4, href: '/_docsgen/sidebar/top.html' },
]
const topItems = {
  format: 1,
  html:
    '<ul class="sidebar-list"><li class="sidebar-item"><a class="sidebar-link" href="/docs/one">One</a></li><li class="sidebar-item"><a class="sidebar-link" href="/docs/two">Two</a></li>' +
    '<li class="sidebar-item"><a class="sidebar-link" href="/docs/three">Three</a></li><li class="sidebar-item sidebar-item sidebar-category sidebar-category--collapsed" data-place="3"><a class="sidebar-link sidebar-category-label" href="/docs/four">Four</a></li></ul>',
}
const sidebarLabels = (page: RuntimePage) => [...page.document.querySelectorAll('.sidebar-nav > ul > li')].map((item) => item.firstElementChild?.textContent)

categories('the rows a long list leaves out are drawn in place from its data, fetched once; their categories get toggles', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: windowed() }))
  try {
    page.answers.set('/docs/_docsgen/sidebar/top.json', { body: topItems })
    setupSidebarCategories(page.platform, '/docs/')
    assert.equal(sidebarLabels(page), ['1 more', 'Two', '2 more'])
    assert.not.ok(click(page, page.document.querySelectorAll('li.sidebar-more > a')[1]!), 'the click is handled in place')
    await settle()
    assert.equal(sidebarLabels(page), ['1 more', 'Two', 'Three', 'Four'])
    assert.is(toggle(page, '3').getAttribute('aria-expanded'), 'false')
    click(page, page.document.querySelector('li.sidebar-more > a'))
    await settle()
    assert.equal(sidebarLabels(page), ['One', 'Two', 'Three', 'Four'])
    assert.equal(page.fetched, ['/docs/_docsgen/sidebar/top.json'])
  } finally {
    await page.close()
  }
})

categories('a long list whose data cannot be fetched opens the page that lists it whole, with a warning', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: windowed() }))
  try {
    const assigned: string[] = []
    Object.defineProperty(page.window, 'location', { value: { ...page.window.location, assign: (url: string) => assigned.push(url) }, configurable: true })
    setupSidebarCategories(page.platform, '/')
    click(page, page.document.querySelector('li.sidebar-more > a'))
    await settle()
    assert.equal(page.warnings, ['docsgen: could not load the rest of the sidebar list; opening the page that lists it'])
    assert.equal(assigned, ['/_docsgen/sidebar/top.html'])
    assert.equal(sidebarLabels(page), ['1 more', 'Two', '2 more'])
  } finally {
    await page.close()
  }
})

categories("a category of a site's second sidebar (places s1-…) opens from its own data file", async () => {
  const second = sidebar().map((item) => (item.type === 'category' ? { ...item, place: `s1-${item.place}` } : item))
  const page = openRuntimePage(pageHtml({ sidebar: second }))
  try {
    page.answers.set('/_docsgen/sidebar/s1-1.json', { body: chromeOsItems })
    setupSidebarCategories(page.platform, '/')
    click(page, toggle(page, 's1-1'))
    await settle()
    assert.is(category(page, 's1-1').querySelector('.sidebar-list a')?.textContent, 'Install')
    assert.equal(page.fetched, ['/_docsgen/sidebar/s1-1.json'])
  } finally {
    await page.close()
  }
})

categories('a row or category whose place is not a position in the sidebar fetches nothing', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: windowed() }))
  try {
    page.document.querySelector('li.sidebar-more')!.setAttribute('data-list', '../../private/x')
    setupSidebarCategories(page.platform, '/')
    click(page, page.document.querySelector('li.sidebar-more > a'))
    await settle()
    assert.equal(page.fetched, [])
    assert.equal(page.warnings, ['docsgen: could not load the rest of the sidebar list; opening the page that lists it'])
  } finally {
    await page.close()
  }
})

categories('unreadable remembered state is ignored', async () => {
  const page = openRuntimePage(pageHtml({ sidebar: sidebar() }))
  try {
    page.window.sessionStorage.setItem('docsgen.sidebar', '{not json')
    setupSidebarCategories(page.platform, '/').refresh()
    page.window.sessionStorage.setItem('docsgen.sidebar', 'null')
    setupSidebarCategories(page.platform, '/').refresh()
    assert.equal(page.fetched, [])
  } finally {
    await page.close()
  }
})

categories('the unfolding takes longer for taller lists, less than proportionally', () => {
  assert.is(collapseDuration(0), 40)
  assert.ok(collapseDuration(100) < collapseDuration(400))
  assert.ok(collapseDuration(400) < 4 * collapseDuration(100))
})

categories.run()
