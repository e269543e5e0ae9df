/**
 * Sign-in on a built site in headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core): the site's pages, the gate and the provider emulator on one origin
 * (test/helpers/serve-site-with-gate.ts), the real login widget, an e-mail link as a person
 * follows it. The admin reads a private page and the private navbar entry; a reader without the
 * group is sent to '/'; uxMode 'modal' shows the form instead; Log out removes MY_USER_TOKEN and
 * every private byte, in this tab and another, and the token is revoked at the provider.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from '../../../../src/node/build.js'
import { launchChromium } from '../../../helpers/chromium.js'
import { fixtureSite, type FixtureSite } from '../../../helpers/fixture-site.js'
import { startSiteWithGate, type SiteWithGate } from '../../../helpers/serve-site-with-gate.js'

const ORG = 'reader-org'
const ADMIN = 'admin@example.test'
const READER = 'reader@example.test'
/** Words of the private page (test/fixtures/reader-site/content/docs/Private/vault.md). */
const SECRET = 'zanzibarite'

type Context = { browser?: Browser; server?: SiteWithGate; sites: FixtureSite[] }
const signIn = suite<Context>('Sign-in in headless Chromium', { sites: [] })

/** The reader site built for this server's origin, with the given uxMode; then served with its gate and the emulator. */
async function serveSite(context: Context, uxMode: 'redirect' | 'modal', forceLogin = false) {
  context.browser ??= await launchChromium()
  context.server ??= await startSiteWithGate()
  const site = await fixtureSite('reader-site')
  context.sites.push(site)
  const config = join(site.dir, 'site.config.ts')
  const provider = context.server.providerURL
  await writeFile(config, (await readFile(config, 'utf8')).replace(`orgID: '${ORG}',`, `orgID: '${ORG}', baseURL: '${provider}', sdkURL: '${provider}/sdk.html', uxMode: '${uxMode}', forceLogin: ${forceLogin},`))
  const result = await build({ siteDir: site.dir })
  assert.is(result.exitCode, 0, JSON.stringify(result.diagnostics))
  const served = context.server.serve({ outDir: join(site.dir, 'build'), privateDir: join(site.dir, '.docsgen/private'), orgID: ORG })
  await served.emulator.ready
  served.emulator.setGroups({ type: 'email_address', value: ADMIN }, ['admins'], ORG)
  return served
}

signIn.after(async (context) => {
  await context.browser?.close()
  await context.server?.close()
  for (const site of context.sites) await site.remove()
})

interface Tabs {
  readonly origin: string
  /** Another tab of the same browser (its storage shared), its errors counted too. */
  readonly newTab: () => Promise<Page>
}

/** A fresh browser profile with one tab; no page of it may throw. */
async function inBrowser(context: Context, test: (page: Page, tabs: Tabs) => Promise<void>): Promise<void> {
  const browserContext: BrowserContext = await context.browser!.newContext()
  const errors: string[] = []
  const newTab = async () => {
    const page = await browserContext.newPage()
    page.on('pageerror', (error) => void errors.push(error.message))
    return page
  }
  try {
    await test(await newTab(), { origin: context.server!.origin, newTab })
    assert.equal(errors, [])
  } finally {
    await browserContext.close()
  }
}

/** Opens the form with the navbar's button and signs in with an e-mail link; the token stored. */
async function signInWithLink(page: Page, emulator: Outbox, email: string): Promise<string> {
  await page.locator('.navbar [data-login-button]').click()
  await answerForm(page, emulator, email)
  await page.waitForFunction(() => localStorage.getItem('MY_USER_TOKEN') !== null, undefined, { timeout: 20_000 })
  return (await page.evaluate(() => localStorage.getItem('MY_USER_TOKEN')))!
}

type Outbox = { outbox(handle?: string): { link?: string }[] }

/** Types the address into the open form and follows the link sent to it, as the person would. */
async function answerForm(page: Page, emulator: Outbox, email: string): Promise<void> {
  const field = page.locator('[data-login-dialog] input').first()
  await field.waitFor({ timeout: 20_000 })
  await field.fill(email)
  await field.press('Enter')
  let link: string | undefined
  for (let tries = 0; tries < 200 && !link; tries++) {
    link = emulator.outbox(email).at(-1)?.link
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  assert.ok(link, `no link was sent to ${email}`)
  assert.is((await fetch(link!)).status, 200)
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText)

signIn('the admin signs in with an e-mail link and reads a private page; Log out removes MY_USER_TOKEN and the private body and navigation, in this tab and another', async (context) => {
  const { emulator } = await serveSite(context, 'redirect')
  await inBrowser(context, async (page, { origin, newTab }) => {
    await page.goto(`${origin}/`)
    assert.is(await page.locator('.navbar [data-login-button]').textContent(), 'Log in')
    const token = await signInWithLink(page, emulator, ADMIN)
    await page.locator('.navbar [data-login-button]', { hasText: 'Log out' }).waitFor()
    assert.is(await page.locator('[data-login-dialog]').count(), 0, 'the form is hidden after sign-in')
    await page.locator('.navbar [data-private-nav] a', { hasText: 'Admin area' }).waitFor()

    await page.goto(`${origin}/docs/Private/vault`)
    await page.getByText(SECRET, { exact: false }).first().waitFor()
    assert.match(await page.title(), 'Vault secrets handbook')
    const other = await newTab()
    await other.goto(`${origin}/docs/Private/vault`)
    await other.getByText(SECRET, { exact: false }).first().waitFor()

    await page.locator('.navbar [data-login-button]').click()
    for (const tab of [page, other]) {
      // The tab may be on its way to '/' meanwhile: a document without its body yet does not count.
      await tab.waitForFunction((secret) => document.body !== null && !document.body.innerText.includes(secret) && localStorage.getItem('MY_USER_TOKEN') === null, SECRET)
      assert.is(await tab.locator('[data-private-nav]').count(), 0)
    }
    // uxMode 'redirect': a reader who may not read the page is on '/' now.
    await page.waitForURL(`${origin}/`)
    assert.not.match(await bodyText(page), SECRET)
    // Revoked at the provider (the gate may reuse a "valid" answer for a few seconds, then refuses it too).
    let valid: unknown = true
    for (let tries = 0; tries < 100 && valid !== false; tries++) {
      const answer = await fetch(`${context.server!.providerURL}/token/validate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) })
      valid = ((await answer.json()) as { result?: { valid?: boolean } }).result?.valid
      if (valid !== false) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.is(valid, false)
  })
})

signIn("a signed-in reader without the group is sent to '/' from a private page, which they never receive", async (context) => {
  const { emulator } = await serveSite(context, 'redirect')
  await inBrowser(context, async (page, { origin }) => {
    await page.goto(`${origin}/`)
    await signInWithLink(page, emulator, READER)
    await page.locator('.navbar [data-login-button]', { hasText: 'Log out' }).waitFor()
    assert.is(await page.locator('.navbar-item', { hasText: 'Admin area' }).count(), 0, 'no admins-only navbar entry')
    const gateAnswers: number[] = []
    page.on('response', (response) => void (response.url().includes('/_docsgen/gate/page/') && gateAnswers.push(response.status())))
    await page.goto(`${origin}/docs/Private/vault`)
    await page.waitForURL(`${origin}/`)
    assert.not.match(await bodyText(page), SECRET)
    assert.equal(gateAnswers, [], 'the page is not even asked for')
  })
})

signIn("uxMode 'modal': a private page shows the login form instead of sending the reader away", async (context) => {
  await serveSite(context, 'modal')
  await inBrowser(context, async (page, { origin }) => {
    await page.goto(`${origin}/docs/Private/vault`)
    await page.locator('[data-login-dialog] input').first().waitFor({ timeout: 20_000 })
    assert.is(new URL(page.url()).pathname, '/docs/Private/vault')
    assert.match(await bodyText(page), 'Sign in to read this page')
    assert.not.match(await bodyText(page), SECRET)
  })
})

signIn('forceLogin: the form on a public page, with no way to close it, until the reader signs in', async (context) => {
  const { emulator } = await serveSite(context, 'modal', true)
  await inBrowser(context, async (page, { origin }) => {
    await page.goto(`${origin}/docs/Guides/intro`)
    await page.locator('[data-login-dialog] input').first().waitFor({ timeout: 20_000 })
    assert.is(await page.locator('.login-dialog-close').count(), 0)
    await page.keyboard.press('Escape')
    assert.is(await page.locator('[data-login-dialog]').count(), 1)
    await answerForm(page, emulator, READER)
    await page.locator('[data-login-dialog]').waitFor({ state: 'detached', timeout: 20_000 })
    await page.goto(`${origin}/docs/Guides/setup`)
    await page.locator('.navbar [data-login-button]', { hasText: 'Log out' }).waitFor()
    assert.is(await page.locator('[data-login-dialog]').count(), 0, 'a signed-in reader is not asked again')
  })
})

signIn.run()
