import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { setupColorMode } from '../../../src/client/runtime/color-mode.js'
import { click, openRuntimePage, pageHtml, type RuntimePage } from './runtime-page.js'

const colorMode = suite('colour mode')
const theme = (page: RuntimePage) => page.document.documentElement.getAttribute('data-theme')
const toggle = (page: RuntimePage) => page.document.querySelector('[data-color-mode-toggle]')

colorMode('the toggle switches the mode, stores it under "theme" and says which mode is on', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    setupColorMode(page.platform, false)
    assert.is(theme(page), 'light')
    assert.is(toggle(page)?.getAttribute('aria-label'), 'Switch between dark and light mode (currently light mode)')
    assert.is(page.document.documentElement.classList.contains('dark'), false)
    click(page, toggle(page)?.querySelector('svg') ?? null)
    assert.is(theme(page), 'dark')
    // As VitePress spells it too, for a VitePress theme's sheet.
    assert.is(page.document.documentElement.classList.contains('dark'), true)
    assert.is(page.window.localStorage.getItem('theme'), 'dark')
    assert.is(toggle(page)?.getAttribute('aria-label'), 'Switch between dark and light mode (currently dark mode)')
    click(page, toggle(page))
    assert.is(theme(page), 'light')
    assert.is(page.document.documentElement.classList.contains('dark'), false)
    assert.is(page.window.localStorage.getItem('theme'), 'light')
  } finally {
    await page.close()
  }
})

colorMode('a stored choice wins over the site default and the system; another tab changing it is followed', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    page.window.localStorage.setItem('theme', 'dark')
    setupColorMode(page.platform, true)
    assert.is(theme(page), 'dark')
    page.window.dispatchEvent(new page.window.StorageEvent('storage', { key: 'theme', newValue: 'light' }))
    assert.is(theme(page), 'light')
    page.window.dispatchEvent(new page.window.StorageEvent('storage', { key: 'theme', newValue: 'purple' }))
    assert.is(theme(page), 'light')
  } finally {
    await page.close()
  }
})

colorMode('with no choice stored, the system preference is followed when the site asks for it, also when it changes', async () => {
  const page = openRuntimePage(pageHtml())
  try {
    const listeners: (() => void)[] = []
    const system = { matches: true, addEventListener: (_: string, listener: () => void) => listeners.push(listener) }
    Object.defineProperty(page.window, 'matchMedia', { value: () => system, configurable: true })
    setupColorMode(page.platform, true)
    assert.is(theme(page), 'dark')
    system.matches = false
    for (const listener of listeners) listener()
    assert.is(theme(page), 'light')
    // Once the reader chose, the system no longer decides.
    click(page, toggle(page))
    system.matches = false
    for (const listener of listeners) listener()
    assert.is(theme(page), 'dark')
  } finally {
    await page.close()
  }
})

colorMode('without storage the toggle still works for the page, with one warning', async () => {
  const page = openRuntimePage(pageHtml(), { storage: 'blocked' })
  try {
    Object.defineProperty(page.window, 'matchMedia', { value: undefined, configurable: true })
    setupColorMode(page.platform, true)
    click(page, toggle(page))
    click(page, toggle(page))
    click(page, toggle(page))
    assert.is(theme(page), 'dark')
    assert.is(page.warnings.length, 1)
  } finally {
    await page.close()
  }
})

colorMode.run()
