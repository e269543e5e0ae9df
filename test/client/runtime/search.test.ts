import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupSearchBox } from '../../../src/client/runtime/search-box.js'
import { appendExcerpt } from '../../../src/client/runtime/search-panel.js'
import { key, openRuntimePage, pageHtml, settle, settleUntil, type RuntimePage } from './runtime-page.js'

const searchModule = '/_docsgen/search/search.js'

/** A stand-in for the search module: results for "apache", none for anything else. */
function fakeEngine(calls: string[]) {
  const hit = (title: string, url: string, sections: { title: string; url: string; excerpt: string; locations: number[] }[]) => ({
    data: async () => ({ url, excerpt: `${title} <mark>Apache</mark>`, meta: { title }, sub_results: sections }),
  })
  return {
    options: async (options: object) => void calls.push(`options ${JSON.stringify(options)}`),
    init: async () => void calls.push('init'),
    search: async (query: string) => {
      calls.push(`search ${query}`)
      if (query !== 'apache') return { results: [] }
      return {
        results: [
          hit('Set up an Apache2 server', '/docs/apache', [
            { title: 'Set up an Apache2 server', url: '/docs/apache', excerpt: 'page', locations: [1, 2, 3, 4] },
            { title: 'Install', url: '/docs/apache#install', excerpt: 'sudo apt install <mark>apache</mark>2 &lt;now&gt;', locations: [5, 6] },
            { title: 'Firewall', url: '/docs/apache#firewall', excerpt: 'ufw allow <mark>Apache</mark>', locations: [7] },
          ]),
          hit('PowerShell', '/docs/powershell', []),
        ],
      }
    },
  }
}

async function withSearch(run: (page: RuntimePage, navigated: string[], calls: string[]) => Promise<void>, width = 1280): Promise<void> {
  const page = openRuntimePage(pageHtml(), { width })
  const navigated: string[] = []
  const calls: string[] = []
  page.modules.set(searchModule, fakeEngine(calls))
  try {
    setupSearchBox(page.platform, searchModule, { navigate: (href) => void navigated.push(href) })
    await run(page, navigated, calls)
  } finally {
    await page.close()
  }
}

const input = (page: RuntimePage) => page.document.querySelector<HTMLInputElement>('[data-search-input]')!

async function type(page: RuntimePage, text: string): Promise<void> {
  input(page).focus()
  input(page).value = text
  input(page).dispatchEvent(new page.window.Event('input', { bubbles: true }) as unknown as Event)
  // The panel's module comes from disk the first time (real time); then the 120 ms pause before searching.
  await settleUntil(() => page.document.querySelector('.search-panel') !== null)
  await new Promise((resolve) => setTimeout(resolve, 200))
  // A loaded machine can run the pause's timer late: wait for the answer, not for a fixed time.
  if (text) await settleUntil(() => /result/.test(page.document.querySelector('.search-status')?.textContent ?? ''))
  await settle(10)
}

const options = (page: RuntimePage) =>
  [...page.document.querySelectorAll('[role="option"]')].map((option) => ({
    title: option.querySelector('.search-result-title')?.textContent,
    section: option.querySelector('.search-result-section')?.textContent,
    excerpt: option.querySelector('.search-result-excerpt')?.innerHTML,
    href: option.getAttribute('href'),
    selected: option.getAttribute('aria-selected'),
  }))

const search = suite('search')

search('the box works once the runtime runs; / and Ctrl-K focus it from anywhere but a text field', () =>
  withSearch(async (page) => {
    assert.not.ok(input(page).disabled)
    assert.ok(!key(page, page.document.body, '/'), 'the key is taken')
    assert.is(page.document.activeElement, input(page))
    input(page).blur()
    assert.ok(!key(page, page.document.body, 'k', { ctrlKey: true }))
    assert.is(page.document.activeElement, input(page))
    // Typing "/" into a field types it.
    assert.ok(key(page, input(page), '/'))
    assert.ok(key(page, page.document.body, 'k'))
  }),
)

search('results: page title, the section with most matches and an excerpt with the words marked; arrows move, Enter opens', () =>
  withSearch(async (page, navigated, calls) => {
    await type(page, 'apache')
    assert.equal(calls, ['options {"excerptLength":18}', 'init', 'search apache'])
    assert.equal(options(page), [
      {
        title: 'Set up an Apache2 server',
        section: 'Install',
        excerpt: 'sudo apt install <mark>apache</mark>2 &lt;now&gt;',
        href: '/docs/apache#install',
        selected: 'true',
      },
      { title: 'PowerShell', section: undefined, excerpt: 'PowerShell <mark>Apache</mark>', href: '/docs/powershell', selected: 'false' },
    ])
    assert.is(page.document.querySelector('.search-status')?.textContent, '2 results')
    assert.is(input(page).getAttribute('role'), 'combobox')
    assert.is(input(page).getAttribute('aria-expanded'), 'true')
    assert.is(input(page).getAttribute('aria-activedescendant'), 'search-result-0')
    key(page, input(page), 'ArrowDown')
    assert.is(input(page).getAttribute('aria-activedescendant'), 'search-result-1')
    key(page, input(page), 'ArrowDown')
    assert.is(input(page).getAttribute('aria-activedescendant'), 'search-result-0', 'wraps around')
    key(page, input(page), 'ArrowUp')
    key(page, input(page), 'Enter')
    assert.equal(navigated, ['http://site.test/docs/powershell'])
    assert.ok(page.document.querySelector<HTMLElement>('.search-panel')!.hidden)
  }),
)

search('no results are said so; Escape closes the results, then clears the box', () =>
  withSearch(async (page) => {
    await type(page, 'zebra')
    assert.is(page.document.querySelector('.search-status')?.textContent, 'No results for “zebra”')
    assert.equal(options(page), [])
    key(page, input(page), 'Escape')
    assert.ok(page.document.querySelector<HTMLElement>('.search-panel')!.hidden)
    key(page, input(page), 'Escape')
    assert.is(input(page).value, '')
    await type(page, '')
    assert.is(page.document.querySelector('.search-status')?.textContent, '')
  }),
)

search('on phones a button opens the box over the navbar; leaving it closes it', () =>
  withSearch(async (page) => {
    const opener = page.document.querySelector<HTMLElement>('[data-search-open]')!
    opener.dispatchEvent(new page.window.MouseEvent('click', { bubbles: true }) as unknown as Event)
    assert.ok(page.document.documentElement.hasAttribute('data-search-open'))
    assert.is(opener.getAttribute('aria-expanded'), 'true')
    assert.is(page.document.activeElement, input(page))
    input(page).dispatchEvent(new page.window.FocusEvent('focusout', { bubbles: true, relatedTarget: page.window.document.body }) as unknown as Event)
    assert.not.ok(page.document.documentElement.hasAttribute('data-search-open'))
  }, 390),
)

search('a site without a search index keeps the box hidden; an engine that fails to load is a warning', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    setupSearchBox(page.platform, undefined, { navigate() {} })
    assert.ok(page.document.documentElement.hasAttribute('data-search-unavailable'))
    assert.ok(input(page).disabled)
  } finally {
    await page.close()
  }
  const broken = openRuntimePage(pageHtml())
  try {
    setupSearchBox(broken.platform, '/missing.js', { navigate() {} })
    input(broken).dispatchEvent(new broken.window.FocusEvent('focus') as unknown as Event)
    // The panel's module is imported from disk first: real time, however many rounds that takes.
    await settleUntil(() => broken.warnings.length > 0)
    assert.equal(broken.warnings, ['docsgen: the search could not be loaded'])
  } finally {
    await broken.close()
  }
})

search('an excerpt keeps only its marks as elements: any other markup in indexed text stays text', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    const into = page.document.createElement('span')
    appendExcerpt(page.document, into, 'a &lt;img src=x onerror=alert(1)&gt; <mark>b&amp;c</mark> <img src=x> &quot;d&#39;')
    assert.is(into.querySelectorAll('img').length, 0)
    assert.is(into.querySelectorAll('mark').length, 1)
    assert.is(into.textContent, 'a <img src=x onerror=alert(1)> b&c <img src=x> "d\'')
  } finally {
    await page.close()
  }
})

search.run()
