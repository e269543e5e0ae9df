/**
 * `docsgen serve` in a real browser (Debian's Chromium): one server on a copy of the serve-site
 * fixture for the whole suite. An edit reloads its own page and leaves an unrelated one alone; a
 * content error shows the overlay (escaped) and fixing the file clears it; the emulator answers
 * on the same origin; Ctrl-C's close leaves nothing running.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { runServe } from '../../../src/cli/run-serve.js'
import { serveSite, type ServingSite } from '../../../src/node/index.js'
import { launchChromium } from '../../helpers/chromium.js'
import { fixtureSite, type FixtureSite } from '../../helpers/fixture-site.js'

let site: FixtureSite
let serving: ServingSite
let browser: Browser
const printed: string[] = []
const output = { stdout: (text: string) => printed.push(text), stderr: (text: string) => printed.push(text) }
const intro = () => join(site.dir, 'content', 'docs', 'Guides', 'intro.md')

test.before(async () => {
  site = await fixtureSite('serve-site')
  const started = await runServe({ siteDir: site.dir, watch: true, port: '0', color: false }, output)
  if (typeof started === 'number') throw new Error(`serve did not start: ${printed.join('')}`)
  serving = started
  // Pages may be answered while the first build renders; the tests start from its output.
  await serving.settled()
  browser = await launchChromium()
})

test.after(async () => {
  await browser?.close()
  await serving?.close()
  await site?.remove()
})

async function open(path: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${serving.url}${path}`)
  await page.waitForFunction(() => (window as any).__docsgenLive?.connected === true)
  await page.evaluate(() => ((window as any).untouched = true))
  return page
}

const messages = (page: Page) => page.evaluate(() => (window as any).__docsgenLive.messages as number)

test('the startup message names the URL, the emulator and the seeded persons', () => {
  const text = printed.join('')
  assert.match(text, `docsgen serve: ${serving.url}/\n`)
  assert.match(text, '  Watching content/, static/, site.config.ts, a sidebars file and versioned docs, and the theme: saved changes rebuild and reload the open pages.\n')
  assert.match(text, `  Provider emulator:  ${serving.url}/_docsgen/provider/  (outbox: every code and sign-in link it "sends")\n`)
  assert.match(text, '    admin@example.com        groups: admins\n')
  assert.match(text, '    reader@example.com       no groups\n')
})

test('an edited page reloads; an unrelated page stays as it is', async () => {
  const edited = await open('/docs/Guides/intro')
  const other = await open('/docs/Guides/other')
  const before = await messages(other)
  await writeFile(intro(), (await readFile(intro(), 'utf8')).replace('The first page.', 'The first page, edited.'))
  await edited.waitForFunction(() => document.body?.textContent?.includes('The first page, edited.') === true, undefined, { timeout: 20_000 })
  assert.is(await edited.evaluate(() => (window as any).untouched), undefined, 'the edited page was reloaded')
  await other.waitForFunction((count) => (window as any).__docsgenLive.messages > count, before, { timeout: 20_000 })
  assert.is(await other.evaluate(() => (window as any).untouched), true, 'the unrelated page was not reloaded')
  assert.match(printed.join(''), /✔ rebuilt in \d+ ms: 1 page changed\n/)
  await Promise.all([edited.close(), other.close()])
})

test('a content error shows the overlay with its diagnostics, escaped; fixing the file clears it', async () => {
  const page = await open('/docs/Guides/other')
  const good = await readFile(intro(), 'utf8')
  await writeFile(intro(), good.replace('](./other.md)', '](./<b>missing</b>.md)'))
  await page.waitForSelector('#docsgen-overlay', { timeout: 20_000 })
  const lines = await page.locator('.docsgen-overlay-diagnostic div').allTextContents()
  assert.equal(lines, [
    'content/docs/Guides/intro.md:5:29  error  [missing-file]',
    'Link "./<b>missing</b>.md" names a file that does not exist (resolved as "content/docs/Guides/<b>missing</b>.md")',
    'Fix: Check the file name; links to .md files are relative to the linking file.',
  ])
  assert.is(await page.locator('#docsgen-overlay b').count(), 0, 'the message stays text')
  assert.match(printed.join(''), 'Nothing was written; the previous output is untouched.')
  // The last good build is still served.
  assert.match(await (await fetch(`${serving.url}/docs/Guides/intro`)).text(), 'The first page')
  await writeFile(intro(), good)
  await page.waitForSelector('#docsgen-overlay', { state: 'detached', timeout: 20_000 })
  assert.is(await page.evaluate(() => (window as any).untouched), true)
  await page.close()
})

test('the provider emulator answers on the same origin; pages are built to sign in there', async () => {
  const outbox = await fetch(`${serving.url}/_docsgen/provider/`)
  assert.is(outbox.status, 200)
  assert.match(await outbox.text(), '<title>docsgen provider — outbox</title>')
  const jwks = (await (await fetch(`${serving.url}/_docsgen/provider/.well-known/jwks.json`)).json()) as { keys: unknown[] }
  assert.ok(jwks.keys.length > 0)
})

test('a sign-in link the emulator sends to a seeded person is printed in the terminal and kept in its outbox', async () => {
  const body = {
    handle: { type: 'email_address', value: 'admin@example.com' },
    factor: { method: 'email_link', options: { method: 'email_link' } },
    metadata: { csrf_token: crypto.randomUUID(), pkce_code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
  }
  const started = await fetch(`${serving.url}/_docsgen/provider/id/v2`, { method: 'POST', headers: { 'SlashID-OrgID': 'serve-org', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  assert.is(started.status, 200, await started.clone().text())
  const line = printed.find((text) => text.startsWith('✉ to admin@example.com (email_link), sign-in link: '))!
  const link = line.slice('✉ to admin@example.com (email_link), sign-in link: '.length, -1)
  assert.ok(link.startsWith(`${serving.url}/_docsgen/provider/`), link)
  const mailbox = (await (await fetch(`${serving.url}/_docsgen/provider/__test/mailbox?handle=admin@example.com`)).json()) as { result: { link?: string }[] }
  assert.equal(mailbox.result.map((message) => message.link), [link])
})

/** A token for a seeded person, signed in with a one-time code through the served emulator. */
async function tokenFor(address: string): Promise<string> {
  const api = `${serving.url}/_docsgen/provider`
  const headers = { 'SlashID-OrgID': 'serve-org', 'Content-Type': 'application/json' }
  const body = {
    handle: { type: 'email_address', value: address },
    factor: { method: 'otp_via_email', options: { method: 'otp_via_email' } },
    metadata: { csrf_token: crypto.randomUUID(), pkce_code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
  }
  const started = (await (await fetch(`${api}/id/v2`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { result: { id: string; type: string }[] }
  const challenge = started.result[0]!
  const mailbox = (await (await fetch(`${api}/__test/mailbox?handle=${encodeURIComponent(address)}`)).json()) as { result: { otp?: string }[] }
  const data = { otp: mailbox.result.at(-1)!.otp }
  const answered = await fetch(`${api}/attestation/v3`, { method: 'POST', headers, body: JSON.stringify({ challenge_id: challenge.id, challenge_type: challenge.type, data }) })
  return ((await answered.json()) as { result: { token: string } }).result.token
}

test('the gate serves a private page only to a reader the emulator signed in with the right groups', async () => {
  const page = `${serving.url}/_docsgen/gate/page/docs/Private/notes`
  const anonymous = await fetch(page)
  assert.is(anonymous.status, 401)
  assert.not.match(await anonymous.text(), 'Private notes')
  const reader = await fetch(page, { headers: { Authorization: `Bearer ${await tokenFor('reader@example.com')}` } })
  assert.is(reader.status, 403)
  assert.not.match(await reader.text(), 'Private notes')
  const admin = await fetch(page, { headers: { Authorization: `Bearer ${await tokenFor('admin@example.com')}` } })
  assert.is(admin.status, 200)
  assert.match(await admin.text(), 'Private notes')
  assert.is(admin.headers.get('cache-control'), 'private, no-store')
  // A path under the rule gets the sign-in shell, whether or not a page is there.
  const shells = await Promise.all(['/docs/Private/notes', '/docs/Private/nothing-here'].map(async (path) => (await fetch(`${serving.url}${path}`)).status))
  assert.equal(shells, [401, 401])
})

/** Signs in with the form as a person would: the address typed, then the link followed that the terminal printed. */
async function signInByHand(page: Page, address: string): Promise<void> {
  const before = printed.length
  await page.locator('.navbar [data-login-button]').click()
  const field = page.locator('[data-login-dialog] input').first()
  await field.waitFor({ timeout: 20_000 })
  await field.fill(address)
  await field.press('Enter')
  const prefix = `✉ to ${address} (email_link), sign-in link: `
  let line: string | undefined
  for (let tries = 0; tries < 200 && !line; tries++) {
    line = printed.slice(before).find((text) => text.startsWith(prefix))
    if (!line) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  assert.ok(line, `no sign-in link for ${address} was printed`)
  assert.is((await fetch(line!.slice(prefix.length, -1))).status, 200)
  await page.waitForFunction(() => localStorage.getItem('MY_USER_TOKEN') !== null, undefined, { timeout: 20_000 })
}

test('the seeded admin signs in by hand and reads the private page, which reloads when edited; the socket never names it', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${serving.url}/docs/Guides/other`)
  await signInByHand(page, 'admin@example.com')
  await page.goto(`${serving.url}/docs/Private/notes`)
  await page.waitForFunction(() => document.body?.innerText.includes('Private notes.') && (window as any).__docsgenLive?.connected, undefined, { timeout: 20_000 })
  await page.evaluate(() => ((window as any).untouched = true))
  const other = await open('/docs/Guides/other')
  const before = await messages(other)
  const { WebSocket } = await import('ws')
  const socket = new WebSocket(`${serving.url.replace('http', 'ws')}/_docsgen/live/socket`, { origin: serving.url })
  await new Promise((resolve) => socket.once('open', resolve))
  const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))))
  const notes = join(site.dir, 'content', 'docs', 'Private', 'notes.md')
  await writeFile(notes, (await readFile(notes, 'utf8')).replace('Private notes.', 'Private notes, edited.'))
  assert.equal(JSON.parse(await received), { type: 'reload', routes: [], private: true })
  await page.waitForFunction(() => document.body?.innerText.includes('Private notes, edited.') && (window as any).untouched === undefined, undefined, { timeout: 20_000 })
  await other.waitForFunction((count) => (window as any).__docsgenLive.messages > count, before, { timeout: 20_000 })
  assert.is(await other.evaluate(() => (window as any).untouched), true)
  socket.close()
  await Promise.all([context.close(), other.close()])
})

test('the seeded reader with no groups signs in by hand and is sent home from the private page', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${serving.url}/docs/Guides/other`)
  await signInByHand(page, 'reader@example.com')
  await page.goto(`${serving.url}/docs/Private/notes`)
  await page.waitForURL(`${serving.url}/`, { timeout: 20_000, waitUntil: 'load' })
  assert.not.match(await page.locator('body').innerText(), 'Private notes')
  await context.close()
})

test('the reload script is only in served pages, never in the built files', async () => {
  const served = await (await fetch(`${serving.url}/docs/Guides/other`)).text()
  assert.match(served, '<script src="/_docsgen/live/reload.js" data-socket="/_docsgen/live/socket" data-base="/" defer></script></body>')
  // Never revalidated into a page without the script (one cached from docsgen preview on this port).
  const revalidated = await fetch(`${serving.url}/docs/Guides/other`, { headers: { 'If-None-Match': 'W/"anything"' } })
  assert.is(revalidated.status, 200)
  assert.is(revalidated.headers.get('etag'), null)
  assert.is(revalidated.headers.get('cache-control'), 'no-store')
  const written = await readFile(join(serving.outDir, 'docs', 'Guides', 'other.html'), 'utf8')
  assert.not.match(written, '_docsgen/live')
  const script = await fetch(`${serving.url}/_docsgen/live/reload.js`)
  assert.is(script.headers.get('content-type'), 'text/javascript; charset=utf-8')
})

test('the live-reload socket refuses pages of other origins', async () => {
  const { WebSocket } = await import('ws')
  const refused = await new Promise<string>((resolve) => {
    const socket = new WebSocket(`${serving.url.replace('http', 'ws')}/_docsgen/live/socket`, { origin: 'https://evil.example' })
    socket.on('unexpected-response', (_request, response) => resolve(`refused ${response.statusCode}`))
    socket.on('open', () => resolve('opened'))
    socket.on('error', () => resolve('error'))
  })
  assert.is(refused, 'refused 403')
})

test('a restart serves the output of the earlier session at once, while its first build runs', async () => {
  await serving.close()
  let finish: () => void = () => {}
  const building = new Promise<void>((resolve) => (finish = resolve))
  let built = false
  serving = await serveSite({
    siteDir: site.dir,
    watch: true,
    port: 0,
    rebuild: async () => {
      await building
      built = true
      throw new Error('stands in for a build')
    },
    onProblem: (message) => printed.push(message),
  })
  const page = await fetch(`${serving.url}/docs/Guides/other`)
  assert.is(page.status, 200)
  assert.match(await page.text(), 'The second page, never edited by the tests.')
  assert.is(built, false)
  finish()
  await serving.settled()
  assert.match(printed.at(-1)!, 'the rebuild crashed (a docsgen bug; the last good build is still served): Error: stands in for a build')
})

test('with no output yet, a failed first build serves a placeholder with the overlay; the first good build replaces it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'docsgen-serve-first-'))
  const diagnostic = { file: 'site.config.ts', line: 1, column: 1, ruleId: 'config-invalid', severity: 'error', message: 'stands in for a config error', suggestion: undefined } as const
  let builds = 0
  const placeholder = await serveSite({
    siteDir: dir,
    watch: true,
    port: 0,
    // Stands in for the build: fails first, then writes a one-page site.
    rebuild: async () => {
      const outDir = join(dir, '.docsgen', 'serve', 'public')
      const result = { exitCode: 1 as 0 | 1, diagnostics: [diagnostic], stages: [], manifest: undefined, outDir, privateDir: join(dir, 'private'), pages: { public: 0, private: 0 }, privatePages: 'gate' as const, bytes: 0, login: undefined, changedRoutes: [], sourceFolders: [] }
      if (builds++ === 0) return { result, changedRoutes: [], privateChanged: 0 }
      await mkdir(outDir, { recursive: true })
      await writeFile(join(outDir, 'index.html'), '<!doctype html><title>Built</title><body><h1>Built at last</h1></body>')
      return { result: { ...result, exitCode: 0, diagnostics: [] }, changedRoutes: ['/'], privateChanged: 0 }
    },
  })
  try {
    const waiting = await fetch(`${placeholder.url}/`)
    assert.is(waiting.status, 503)
    const page = await browser.newPage()
    await page.goto(`${placeholder.url}/`)
    await page.waitForSelector('#docsgen-overlay')
    assert.equal(await page.locator('.docsgen-overlay-diagnostic div').allTextContents(), ['site.config.ts:1:1  error  [config-invalid]', 'stands in for a config error'])
    // content/ did not exist when serving began: a folder created later is watched too.
    await mkdir(join(dir, 'content'))
    await writeFile(join(dir, 'content', 'page.md'), '# Page\n')
    await page.waitForSelector('text=Built at last', { timeout: 20_000 })
    assert.is(await page.locator('#docsgen-overlay').count(), 0)
    await page.close()
  } finally {
    await placeholder.close()
    await rm(dir, { recursive: true, force: true })
  }
})

test.run()
