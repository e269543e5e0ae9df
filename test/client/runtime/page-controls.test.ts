/** The announcement bar, the mobile menu and the code blocks' copy buttons. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupAnnouncementBar } from '../../../src/client/runtime/announcement-bar.js'
import { setupCodeBlocks } from '../../../src/client/runtime/code-blocks.js'
import { setupMobileMenu } from '../../../src/client/runtime/mobile-menu.js'
import { samplePage, sampleSite } from '../theme/sample-props.js'
import { click, key, openRuntimePage, pageHtml, settle } from './runtime-page.js'

const bar = { id: 'news-1', content: 'New guides are out.', backgroundColor: '#fff7d6', textColor: '#1c1e21', isCloseable: true }

const announcement = suite('announcement bar')

announcement('closing it stores its id and hides it; a bar with another id shows again', async () => {
  const first = openRuntimePage(pageHtml({ site: sampleSite({ announcementBar: bar }) }))
  try {
    setupAnnouncementBar(first.platform)
    assert.not.ok(first.document.documentElement.hasAttribute('data-announcement-dismissed'))
    click(first, first.document.querySelector('[data-announcement-close] span'))
    assert.ok(first.document.documentElement.hasAttribute('data-announcement-dismissed'))
    assert.is(first.window.localStorage.getItem('docsgen.announcement.dismissed'), 'news-1')
    // The next page of the same site (same storage) with the same bar: hidden from the start.
    first.document.documentElement.removeAttribute('data-announcement-dismissed')
    setupAnnouncementBar(first.platform)
    assert.ok(first.document.documentElement.hasAttribute('data-announcement-dismissed'))
  } finally {
    await first.close()
  }
  const next = openRuntimePage(pageHtml({ site: sampleSite({ announcementBar: { ...bar, id: 'news-2' } }) }))
  try {
    next.window.localStorage.setItem('docsgen.announcement.dismissed', 'news-1')
    setupAnnouncementBar(next.platform)
    assert.not.ok(next.document.documentElement.hasAttribute('data-announcement-dismissed'))
  } finally {
    await next.close()
  }
})

announcement('the head script hides a dismissed bar before first paint, and only that bar', () => {
  const html = pageHtml({ site: sampleSite({ announcementBar: { ...bar, id: 'say "</script>' } }) })
  assert.match(html, `if(a!==null&&a==="say \\"\\u003c/script>")d.setAttribute('data-announcement-dismissed','');`)
})

announcement('a page without a bar: nothing happens', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    setupAnnouncementBar(page.platform)
    click(page, page.document.body)
    assert.not.ok(page.document.documentElement.hasAttribute('data-announcement-dismissed'))
  } finally {
    await page.close()
  }
})

const menu = suite('mobile menu')

menu('the navbar icon is the menu button; open, the page behind does not scroll; Escape closes it and gives focus back to the button', async () => {
  const page = openRuntimePage(pageHtml(), { width: 800 })
  try {
    const control = setupMobileMenu(page.platform)
    const menuSwitch = page.document.getElementById('mobile-menu-open') as HTMLInputElement
    assert.is(page.document.querySelector('label[for="mobile-menu-open"]'), null)
    const button = page.document.querySelector<HTMLElement>('.navbar button.navbar-mobile-toggle')!
    assert.equal(
      ['type', 'aria-label', 'aria-controls', 'aria-expanded'].map((name) => button.getAttribute(name)),
      ['button', 'Menu', 'mobile-menu', 'false'],
    )
    assert.is(button.querySelectorAll('svg').length, 1)
    assert.equal([menuSwitch.getAttribute('tabindex'), menuSwitch.getAttribute('aria-hidden')], ['-1', 'true'], 'the checkbox is only the state')
    click(page, button)
    assert.ok(menuSwitch.checked)
    assert.is(button.getAttribute('aria-expanded'), 'true')
    assert.ok(page.document.documentElement.hasAttribute('data-menu-open'))
    click(page, button)
    assert.not.ok(menuSwitch.checked)
    menuSwitch.checked = true
    menuSwitch.dispatchEvent(new page.window.Event('change') as unknown as Event)
    assert.ok(page.document.documentElement.hasAttribute('data-menu-open'))
    key(page, page.document.body, 'Escape')
    assert.not.ok(menuSwitch.checked)
    assert.not.ok(page.document.documentElement.hasAttribute('data-menu-open'))
    assert.is(page.document.activeElement, button)
    // Escape with the menu closed does nothing; close() is safe at any time.
    key(page, page.document.body, 'Escape')
    control.close()
    assert.not.ok(menuSwitch.checked)
  } finally {
    await page.close()
  }
})

menu('growing the window past 996 px closes it (with matchMedia, and without)', async () => {
  for (const withMatchMedia of [true, false]) {
    const page = openRuntimePage(pageHtml(), { width: 800 })
    try {
      const listeners: (() => void)[] = []
      const desktop = { matches: false, addEventListener: (_: string, listener: () => void) => listeners.push(listener) }
      Object.defineProperty(page.window, 'matchMedia', { value: withMatchMedia ? (query: string) => (assert.is(query, '(min-width: 997px)'), desktop) : undefined, configurable: true })
      setupMobileMenu(page.platform)
      const menuSwitch = page.document.getElementById('mobile-menu-open') as HTMLInputElement
      menuSwitch.checked = true
      if (withMatchMedia) {
        desktop.matches = true
        for (const listener of listeners) listener()
      } else {
        page.window.happyDOM.setViewport({ width: 996 })
        page.window.dispatchEvent(new page.window.Event('resize'))
        assert.ok(menuSwitch.checked, 'still mobile at 996 px')
        page.window.happyDOM.setViewport({ width: 997 })
        page.window.dispatchEvent(new page.window.Event('resize'))
      }
      assert.not.ok(menuSwitch.checked, withMatchMedia ? 'matchMedia' : 'resize')
    } finally {
      await page.close()
    }
  }
})

const codeBlocks = suite('code blocks')
const withCode = () =>
  pageHtml({
    page: samplePage({ bodyHtml: '<div class="code-block" data-language="sh"><span class="code-block-language">sh</span><pre tabindex="0"><code class="language-sh">sudo apt install apache2\n</code></pre></div>' }),
  })

codeBlocks('every block gets one copy button, also blocks drawn later', async () => {
  const page = openRuntimePage(withCode())
  try {
    const blocks = setupCodeBlocks(page.platform)
    blocks.refresh()
    assert.is(page.document.querySelectorAll('.code-block-copy').length, 1)
    page.document.querySelector('.markdown-body')!.insertAdjacentHTML('beforeend', '<div class="code-block"><pre tabindex="0"><code>x</code></pre></div>')
    blocks.refresh()
    assert.is(page.document.querySelectorAll('.code-block-copy').length, 2)
  } finally {
    await page.close()
  }
})

codeBlocks('copy puts the code on the clipboard and says so; a refusing clipboard selects the code instead', async () => {
  const page = openRuntimePage(withCode())
  try {
    const copied: string[] = []
    let refuse = false
    Object.defineProperty(page.window.navigator, 'clipboard', {
      value: { writeText: async (text: string) => (refuse ? Promise.reject(new Error('denied')) : void copied.push(text)) },
      configurable: true,
    })
    setupCodeBlocks(page.platform)
    const button = page.document.querySelector('.code-block-copy')!
    assert.is(button.textContent, 'Copy')
    click(page, button)
    await settle()
    assert.equal(copied, ['sudo apt install apache2\n'])
    assert.is(button.textContent, 'Copied')
    assert.is(button.getAttribute('aria-label'), 'Copied')
    refuse = true
    click(page, button)
    await settle()
    assert.is(button.textContent, 'Press Ctrl+C to copy')
    assert.is(page.window.getSelection()?.toString(), 'sudo apt install apache2\n')
  } finally {
    await page.close()
  }
})

announcement.run()
menu.run()
codeBlocks.run()
