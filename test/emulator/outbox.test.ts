/** The outbox page: live updates without reloading (a selection survives), copy buttons, a strict CSP. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Window } from 'happy-dom'
import { startProviderServer } from '../../src/emulator/node-server.js'
import { idBody } from './helpers.js'

/** Waits (real time, at most 10 s: CI machines can be busy) for `check`, calling `poke` first each round. */
async function until(check: () => boolean, what: string, poke = () => {}): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    poke()
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`${what} never happened`)
}

test('the outbox page adds new messages on top without reloading, keeps a selection, copies codes, and empties after a reset', async () => {
  const server = await startProviderServer({ port: 0 })
  const send = (address: string) =>
    fetch(`${server.url}/id/v2`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'SlashID-OrgID': 'org-docs' }, body: JSON.stringify(idBody({ type: 'email_address', value: address }, 'otp_via_email')) })
  const win = new Window({ url: `${server.url}/`, settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } as never })
  try {
    await send('first@example.test')
    const response = await fetch(`${server.url}/`)
    assert.is(response.headers.get('content-security-policy'), "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    const text = await response.text()
    assert.not.match(text, 'http-equiv="refresh"')
    assert.not.match(text, /<script>/, 'no inline script')
    const code = server.emulator.lastMessage('first@example.test')!.otp!
    assert.match(text, `<code class="otp">${code}</code> <button type="button" class="copy" data-copy="${code}">Copy</button>`)

    win.document.write(text)
    const rows = () => [...win.document.querySelectorAll('#outbox tbody tr')]
    const firstRow = rows()[0]!
    const range = win.document.createRange()
    range.selectNodeContents(firstRow.querySelector('code')!)
    win.getSelection()!.addRange(range)

    await send('second@example.test')
    const focus = () => win.dispatchEvent(new win.Event('focus'))
    await until(() => rows().length === 2, `the second row (${rows().length} rows: ${win.document.querySelector('#outbox tbody')!.innerHTML.slice(0, 400)})`, focus)
    assert.is(rows()[0]!.textContent!.includes('second@example.test'), true, 'newest on top')
    assert.is(rows()[1], firstRow, 'the first row is the same element')
    assert.is(win.getSelection()!.toString(), code, 'the selection survives')

    const button = firstRow.querySelector('button.copy') as unknown as { click(): void; textContent: string }
    button.click()
    await until(() => button.textContent === 'Copied', 'the copy confirmation')
    assert.is(await win.navigator.clipboard.readText(), code)

    await fetch(`${server.url}/__test/reset`, { method: 'POST', body: '{}' })
    await until(() => rows().length === 0, 'the reset', focus)
    assert.is(win.document.getElementById('outbox')!.hasAttribute('hidden'), true)
    assert.is(win.document.getElementById('empty')!.hasAttribute('hidden'), false)
  } finally {
    await win.happyDOM.abort()
    await win.happyDOM.close()
    await server.close()
  }
})

test('outbox rows: only what is newer than the given message; escaped; complete list after a reset', async () => {
  const server = await startProviderServer({ port: 0 })
  try {
    const rows = async (after: string) => {
      const response = await fetch(`${server.url}/outbox/rows?after=${encodeURIComponent(after)}`)
      return { complete: response.headers.get('outbox-complete'), text: await response.text() }
    }
    await server.emulator.addPerson({ org: 'org-docs', username: 'x' })
    assert.equal(await rows(''), { complete: null, text: '' })
    await fetch(`${server.url}/id/v2`, { method: 'POST', headers: { 'SlashID-OrgID': 'org-docs' }, body: JSON.stringify(idBody({ type: 'email_address', value: "o'hara&co@example.test" }, 'otp_via_email')) })
    const id = server.emulator.outbox()[0]!.id
    const all = await rows('')
    assert.match(all.text, 'o&#x27;hara&amp;co@example.test')
    assert.equal(await rows(id), { complete: null, text: '' })
    assert.is((await rows('msg_gone')).complete, 'true')
  } finally {
    await server.close()
  }
})

test('every other page forbids framing and loading anything; the sdk.html frame may be framed and runs only its inline script', async () => {
  const server = await startProviderServer({ port: 0 })
  try {
    const linkPage = await fetch(`${server.url}/link/nope`)
    assert.is(linkPage.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
    const frame = await fetch(`${server.url}/sdk.html?v=3.29.6`)
    assert.is(frame.headers.get('content-security-policy'), "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'")
  } finally {
    await server.close()
  }
})

test.run()
