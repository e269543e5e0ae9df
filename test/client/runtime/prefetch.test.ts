import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPageDataLoader } from '../../../src/client/runtime/page-data-loader.js'
import { prefetchAllowed, setupPrefetch } from '../../../src/client/runtime/prefetch.js'
import { samplePage } from '../theme/sample-props.js'
import { openRuntimePage, pageDataOf, pageHtml, sampleConfig, settle, type RuntimePage } from './runtime-page.js'

const body = '<p><a href="/docs/Lotus%20Byte/">Lotus</a> <a href="/docs/Private/notice">notice</a> <a href="/img/logo.svg">logo</a> <a href="#install">here</a></p>'
const open = () => openRuntimePage(pageHtml({ page: samplePage({ bodyHtml: body }) }))

function setConnection(page: RuntimePage, connection: object | undefined): void {
  Object.defineProperty(page.window.navigator, 'connection', { value: connection, configurable: true })
}

const prefetch = suite('prefetch')

prefetch('a link pointed at or focused loads its page data and sidebar once, ahead of the click; private pages, files and jumps are never fetched', async () => {
  const page = open()
  try {
    Object.defineProperty(page.window, 'IntersectionObserver', { value: undefined, configurable: true })
    const data = pageDataOf()
    page.answers.set('/_docsgen/data/docs/Lotus%20Byte.json', { body: data })
    const loader = createPageDataLoader(page.platform, '/')
    setupPrefetch(page.platform, sampleConfig(), loader)
    for (const anchor of page.document.querySelectorAll('.markdown-body a')) {
      anchor.dispatchEvent(new page.window.MouseEvent('mouseover', { bubbles: true }) as unknown as Event)
      anchor.dispatchEvent(new page.window.FocusEvent('focusin', { bubbles: true }) as unknown as Event)
    }
    await settle()
    assert.equal(page.fetched, ['/_docsgen/data/docs/Lotus%20Byte.json', `/${data.sidebar}`])
    assert.is((await loader.load('/docs/Lotus Byte')).kind, 'ok')
    assert.is(page.fetched.length, 2, 'the click uses what was prefetched')
  } finally {
    await page.close()
  }
})

prefetch('links in the content are prefetched as they come into view', async () => {
  const page = open()
  try {
    let callback: ((entries: { isIntersecting: boolean; target: Element }[]) => void) | undefined
    const observed: Element[] = []
    class Observer {
      constructor(handler: typeof callback) {
        callback = handler
      }
      observe(element: Element) {
        observed.push(element)
      }
      unobserve() {}
      disconnect() {
        observed.length = 0
      }
    }
    Object.defineProperty(page.window, 'IntersectionObserver', { value: Observer, configurable: true })
    const loader = createPageDataLoader(page.platform, '/')
    const control = setupPrefetch(page.platform, sampleConfig(), loader)
    assert.ok(observed.length >= 4, 'the links of the main content, pagination included')
    page.answers.set('/_docsgen/data/docs/Lotus%20Byte.json', { body: { ...pageDataOf(), sidebar: undefined } })
    callback!(observed.map((target) => ({ isIntersecting: target.textContent === 'Lotus', target })))
    await settle()
    assert.equal(page.fetched, ['/_docsgen/data/docs/Lotus%20Byte.json'])
    control.refresh()
    assert.ok(observed.length >= 4)
  } finally {
    await page.close()
  }
})

prefetch('never on 2g or with data saver on', async () => {
  const page = open()
  try {
    for (const connection of [{ saveData: true }, { effectiveType: 'slow-2g' }, { effectiveType: '2g' }]) {
      setConnection(page, connection)
      assert.not.ok(prefetchAllowed(page.window.navigator as unknown as Navigator), JSON.stringify(connection))
    }
    setConnection(page, { effectiveType: '4g', saveData: false })
    assert.ok(prefetchAllowed(page.window.navigator as unknown as Navigator))
    setConnection(page, { saveData: true })
    setupPrefetch(page.platform, sampleConfig(), createPageDataLoader(page.platform, '/')).refresh()
    page.document.querySelector('.markdown-body a')!.dispatchEvent(new page.window.MouseEvent('mouseover', { bubbles: true }) as unknown as Event)
    await settle()
    assert.equal(page.fetched, [])
  } finally {
    await page.close()
  }
})

const loader = suite('page data loader')

loader('answers: the data and its sidebar; missing for 404; server failure for an error status or unreadable data; network failure when no answer', async () => {
  const page = open()
  try {
    const load = createPageDataLoader(page.platform, '/handbook/')
    const data = pageDataOf()
    page.answers.set('/handbook/_docsgen/data.json', { body: data })
    page.answers.set('/handbook/_docsgen/data/a.json', { status: 503, body: 'busy' })
    page.answers.set('/handbook/_docsgen/data/b.json', { body: '{"format":2}' })
    page.answers.set('/handbook/_docsgen/data/c.json', { body: 'not json' })
    page.answers.set('/handbook/_docsgen/data/d.json', new TypeError('Failed to fetch'))
    const loaded = await load.load('/')
    assert.ok(loaded.kind === 'ok' && loaded.sidebar?.startsWith('<ul class="sidebar-list">') && !loaded.sidebar.includes('aria-current'), 'the branch list, no link marked')
    assert.ok(page.fetched.includes(`/handbook/${data.sidebar}`))
    // The branch's list is published with its pages: without it, the data cannot be used.
    page.answers.set('/handbook/_docsgen/data/e.json', { body: { ...data, sidebar: '_docsgen/sidebar/branch-000000000000.json' } })
    const withoutBranch = await load.load('/e')
    assert.is(withoutBranch.kind === 'failed' && `${withoutBranch.reason}: ${(withoutBranch.error as Error).message}`, 'server: _docsgen/sidebar/branch-000000000000.json is missing')
    assert.equal(await load.load('/missing'), { kind: 'missing' })
    assert.equal(await load.load('/docs/%2F'), { kind: 'missing' }, 'a path that names no route is not even fetched')
    for (const [path, reason] of [['/a', 'server'], ['/b', 'server'], ['/c', 'server'], ['/d', 'network']] as const) {
      const result = await load.load(path)
      assert.is(result.kind === 'failed' && result.reason, reason, path)
    }
    // Failures are not kept: the next try asks again.
    page.answers.set('/handbook/_docsgen/data/d.json', { body: pageDataOf() })
    assert.is((await load.load('/d')).kind, 'ok')
    assert.is(page.fetched.filter((url) => url.endsWith('/d.json')).length, 2)
  } finally {
    await page.close()
  }
})

prefetch.run()
loader.run()
