/**
 * A few flows in headless Chromium (Debian's /usr/bin/chromium through playwright-core) on the
 * page `docsgen provider` serves, driven like QA's harness and a keyboard-only person: by roles,
 * labels and keys, with axe-core checking the widget in light and dark.
 */
import type { Browser, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { closeProviderServers, runProvider } from '../../src/cli/run-provider.js'
import type { ProviderServer } from '../../src/emulator/node-server.js'
import { assertAccessible as assertPageAccessible, launchChromium } from '../helpers/chromium.js'

type Context = { browser?: Browser; server?: ProviderServer }
const browserSuite = suite<Context>('Widget in headless Chromium')

/**
 * Starts the provider and the browser for the first test. Inside the tests rather than in a
 * `before` hook: uvu does not show a hook's error, and a missing browser must fail every test
 * with this message, never skip.
 */
async function start(context: Context): Promise<void> {
  if (!context.server) {
    const server = await runProvider({ port: 0 }, { stdout: () => {}, stderr: (text) => void process.stderr.write(text) })
    if (typeof server === 'number') throw new Error('docsgen provider did not start')
    context.server = server
  }
  context.browser ??= await launchChromium()
}

browserSuite.after(async (context) => {
  await context.browser?.close()
  await closeProviderServers()
})

let counter = 0
const freshEmail = () => `chromium+${Date.now().toString(36)}${++counter}@example.test`

async function open(context: Context, query: string): Promise<Page> {
  await start(context)
  const page = await context.browser!.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => void errors.push(error.message))
  await page.goto(`${context.server!.url}/widget.html?${query}`)
  try {
    await page.getByRole('heading', { name: 'Welcome to the product' }).waitFor({ timeout: 15_000 })
  } catch (error) {
    throw new Error(`the widget did not appear: ${errors.join('; ') || (error as Error).message}`)
  }
  return page
}

/** axe-core on the widget. */
async function assertAccessible(page: Page, when: string) {
  await assertPageAccessible(page, when, '#widget')
}

async function mailbox(context: Context, handle: string): Promise<any[]> {
  const answer = await fetch(`${context.server!.url}/__test/mailbox?handle=${encodeURIComponent(handle)}`)
  return ((await answer.json()) as { result: any[] }).result
}

async function code(context: Context, handle: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const message = (await mailbox(context, handle)).at(-1)
    if (message?.otp) return message.otp
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no code was sent to ${handle}`)
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '')

browserSuite('light: OTP by e-mail with the keyboard only (wrong code, then the right one), axe-clean on every screen', async (context) => {
  const page = await open(context, 'factors=otp_via_email&theme=light')
  try {
    await assertAccessible(page, 'light, initial screen')
    const email = freshEmail()
    await page.keyboard.type(email) // focus starts in the first field
    await page.keyboard.press('Enter')
    await page.getByText(`We have sent a code to ${email}. Enter it below.`).waitFor()
    assert.is(await focused(page), 'Digit 1 of 6')
    await assertAccessible(page, 'light, code entry')
    const right = await code(context, email)
    await page.keyboard.type(right === '000000' ? '111111' : '000000')
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid code' }).waitFor()
    await assertAccessible(page, 'light, wrong code')
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6')
    await page.keyboard.type(right)
    await page.getByRole('heading', { name: 'You are now authenticated!' }).waitFor()
    await page.getByText('You can now close this page.').waitFor()
    await assertAccessible(page, 'light, success')
    assert.match(await page.locator('#status').innerText(), `Signed in as ${email} (org-docs).`)
  } finally {
    await page.close()
  }
})

browserSuite('dark: a new password with the keyboard only (a rule failing, then passing), axe-clean', async (context) => {
  const page = await open(context, 'factors=password&theme=dark')
  try {
    await assertAccessible(page, 'dark, initial screen')
    await page.keyboard.type(freshEmail())
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Create a password' }).waitFor()
    assert.is(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')), 'new-password', 'focus in the new password field')
    await page.keyboard.type('short1')
    await page.keyboard.press('Tab') // the show/hide toggle
    await page.keyboard.press('Tab')
    await page.keyboard.type('short1')
    await page.keyboard.press('Enter')
    await page.getByRole('alert').filter({ hasText: '8-256 characters required' }).waitFor()
    await assertAccessible(page, 'dark, rule message')
    await page.getByLabel('New password').focus()
    await page.keyboard.type('Velvet-Otter-Lamp')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Velvet-Otter-Lamp')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'You are now authenticated!' }).waitFor()
    await assertAccessible(page, 'dark, success')
  } finally {
    await page.close()
  }
})

browserSuite('dark: an error screen is axe-clean; light: the phone tab and the country selector by keyboard', async (context) => {
  const dark = await open(context, 'factors=otp_via_email&theme=dark')
  try {
    await dark.keyboard.type('ada@example.c')
    await dark.keyboard.press('Enter')
    await dark.getByRole('heading', { name: 'Invalid email address' }).waitFor()
    await assertAccessible(dark, 'dark, error screen')
  } finally {
    await dark.close()
  }
  const page = await open(context, 'factors=otp_via_email,otp_via_sms&theme=light')
  try {
    await page.keyboard.press('Shift+Tab') // from the e-mail field back to the tabs
    await page.keyboard.press('ArrowRight')
    assert.is(await page.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected'), 'true')
    await page.keyboard.press('Tab')
    const country = page.getByRole('combobox', { name: 'Country' })
    assert.ok(await country.evaluate((element) => element === document.activeElement))
    await page.keyboard.type('Fra')
    assert.is(await country.getAttribute('aria-expanded'), 'true')
    // Enter chooses the active option: wait until the typed letters have been rendered as it.
    await page.waitForFunction(() => {
      const control = document.querySelector('[role="combobox"][aria-activedescendant]')
      const active = control && document.getElementById(control.getAttribute('aria-activedescendant')!)
      return active?.textContent?.includes('France') ?? false
    })
    await assertAccessible(page, 'light, country list open')
    await page.keyboard.press('Enter')
    assert.match(await country.innerText(), '+33')
    await page.keyboard.press('Tab')
    await page.keyboard.type('612345678')
    await page.keyboard.press('Enter')
    await page.getByText('We have sent a code to +33612345678. Enter it below.').waitFor()
    await assertAccessible(page, 'light, SMS code entry')
  } finally {
    await page.close()
  }
})

browserSuite.run()
