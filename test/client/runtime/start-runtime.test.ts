import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startRuntime } from '../../../src/client/runtime/start-runtime.js'
import { samplePage, sampleSite } from '../theme/sample-props.js'
import { click, openRuntimePage, pageDataOf, pageHtml, settle } from './runtime-page.js'

const start = suite('the runtime')

start('starts every behaviour from the settings in the page, and remembers the docs version read', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    const runtime = startRuntime(page.platform)
    assert.is(runtime?.config.build, 'build-1')
    assert.ok(page.document.documentElement.hasAttribute('data-runtime'))
    assert.not.ok(page.document.querySelector<HTMLInputElement>('[data-search-input]')!.disabled)
    assert.is(page.window.localStorage.getItem('docs-preferred-version-default'), 'current')
    assert.equal(page.warnings, [])
  } finally {
    await page.close()
  }
})

start('a page of versioned docs remembers its version; a version chosen in the dropdown is remembered', async () => {
  const versions = { label: '1.0', items: [{ name: '2.0', label: '2.0', href: '/docs/intro', active: false }, { name: '1.0', label: '1.0', href: '/docs/1.0/intro', active: true }] }
  const page = openRuntimePage(
    pageHtml({ site: sampleSite({ navbar: { ...sampleSite().navbar, versions } }), page: samplePage({ version: { name: '1.0', label: '1.0', noIndex: false, banner: undefined } }) }),
  )
  try {
    startRuntime(page.platform)
    assert.is(page.window.localStorage.getItem('docs-preferred-version-default'), '1.0')
    // The dropdown is drawn by the server: a disclosure with a link per version.
    const choice = page.document.querySelector('.navbar-versions a[data-docs-version="2.0"]')
    assert.is(choice?.getAttribute('href'), '/docs/intro')
    // The test stops the browser from following the link; the choice is remembered all the same.
    page.document.addEventListener('click', (event) => event.preventDefault(), { capture: true })
    click(page, choice)
    assert.is(page.window.localStorage.getItem('docs-preferred-version-default'), '2.0')
    assert.equal(page.warnings, [])
  } finally {
    await page.close()
  }
})

start('after a client navigation the new page gets its behaviours: copy buttons, the ToC mark, a closed menu', async () => {
  const page = openRuntimePage(pageHtml(), { width: 800 })
  try {
    startRuntime(page.platform)
    const next = samplePage({
      path: '/docs/next',
      title: 'Next steps',
      bodyHtml: '<h2 id="one">One</h2><div class="code-block"><pre tabindex="0"><code>x</code></pre></div>',
      toc: [{ depth: 2, id: 'one', text: 'One' }],
    })
    page.answers.set('/_docsgen/data/docs/next.json', { body: pageDataOf({ page: next }) })
    const menuSwitch = page.document.getElementById('mobile-menu-open') as HTMLInputElement
    menuSwitch.checked = true
    const anchor = page.document.createElement('a')
    anchor.href = '/docs/next'
    page.document.querySelector('.markdown-body')!.appendChild(anchor)
    click(page, anchor)
    await settle(10)
    assert.is(page.document.title, 'Next steps | Sanctum')
    assert.is(page.document.querySelectorAll('.code-block-copy').length, 1)
    assert.is(page.document.querySelectorAll('.table-of-contents-link--active').length, 2)
    assert.not.ok(menuSwitch.checked)
  } finally {
    await page.close()
  }
})

start('a page without settings keeps its controls as drawn, with a warning; a behaviour that cannot start does not stop the others', async () => {
  const bare = openRuntimePage('<!doctype html><html><head></head><body><p>Plain</p></body></html>')
  try {
    assert.is(startRuntime(bare.platform), undefined)
    assert.equal(bare.warnings, ['docsgen: the page has no runtime settings (#docsgen-config); its controls stay as drawn'])
  } finally {
    await bare.close()
  }
  const page = openRuntimePage(pageHtml())
  try {
    const menuSwitch = page.document.getElementById('mobile-menu-open')!
    menuSwitch.addEventListener = () => {
      throw new Error('broken')
    }
    startRuntime(page.platform)
    assert.equal(page.warnings, ['docsgen: the mobile menu could not start'])
    click(page, page.document.querySelector('[data-color-mode-toggle]'))
    assert.is(page.document.documentElement.getAttribute('data-theme'), 'dark')
  } finally {
    await page.close()
  }
})

start.run()
