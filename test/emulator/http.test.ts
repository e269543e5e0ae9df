/** The emulator over real HTTP (node:http on 127.0.0.1, port 0) with global fetch. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startProviderServer } from '../../src/emulator/node-server.js'
import { totpCode } from '../../src/emulator/index.js'
import { idBody } from './helpers.js'

test('OTP, e-mail link, password and TOTP sign-ins over HTTP; CORS preflight; dropped connections; close()', async () => {
  const server = await startProviderServer({ port: 0 })
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'SlashID-OrgID': 'org-http', 'SlashID-SdkVersion': '3.29.6', ...headers }, body: JSON.stringify(body) })
    const mailbox = async (handle: string) => (await (await fetch(`${server.url}/__test/mailbox?handle=${encodeURIComponent(handle)}`)).json()).result

    // Preflight as a browser sends it.
    const pre = await fetch(`${server.url}/id/v2`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,slashid-orgid,slashid-sdkversion' },
    })
    assert.is(pre.status, 204)
    assert.is(pre.headers.get('access-control-allow-origin'), 'http://localhost:3000')

    // OTP
    const otpStart = await (await post('/id/v2', idBody({ type: 'email_address', value: 'http@example.test' }, 'otp_via_email'))).json()
    const [message] = await mailbox('http@example.test')
    const otpDone = await post('/attestation/v3', { challenge_id: otpStart.result[0].id, challenge_type: 'otp', data: { otp: message.otp } })
    assert.is(otpDone.status, 200)
    const token = (await otpDone.json()).result.token as string

    // E-mail link: poll, follow the link, poll again.
    const linkStart = await (await post('/id/v2', idBody({ type: 'email_address', value: 'link@example.test' }, 'email_link'))).json()
    const poll = () => fetch(`${server.url}/challenge/${linkStart.result[0].options.challenge_id}/v2`)
    assert.is((await poll()).status, 202)
    const [linkMessage] = await mailbox('link@example.test')
    assert.ok(linkMessage.link.startsWith(server.url), 'links point at the server')
    assert.is((await fetch(linkMessage.link)).status, 200)
    assert.type((await (await poll()).json()).result, 'string')

    // Password (scrypt) set then verify.
    const setStart = await (await post('/id/v2', idBody({ type: 'email_address', value: 'pw@example.test' }, 'password'))).json()
    assert.is((await post('/attestation/v3', { challenge_id: setStart.result[0].id, challenge_type: 'password_set', data: { password: 'Vintage-Lamp-Oak-42' } })).status, 200)
    const verifyStart = await (await post('/id/v2', idBody({ type: 'email_address', value: 'pw@example.test' }, 'password'))).json()
    assert.is(verifyStart.result[0].type, 'password_verify')
    assert.is((await post('/attestation/v3', { challenge_id: verifyStart.result[0].id, challenge_type: 'password_verify', data: { password: 'Vintage-Lamp-Oak-42' } })).status, 200)

    // TOTP register.
    const totpStart = await (await post('/id/v2', idBody({ type: 'email_address', value: 'totp@example.test' }, 'totp'))).json()
    const secret = new URL(totpStart.result[0].options.key_uri).searchParams.get('secret')!
    const totpDone = await post('/attestation/v3', { challenge_id: totpStart.result[0].id, challenge_type: 'totp_register', data: { otp: await totpCode(secret, Date.now() / 1000) } })
    assert.is(totpDone.status, 200)

    // Validate, revoke.
    const valid = await (await post('/token/validate', { token }, { Authorization: `Bearer ${token}` })).json()
    assert.is(valid.result.valid, true)
    assert.is((await post('/token/revoke', { token })).status, 204)
    assert.is((await (await post('/token/validate', { token })).json()).result.valid, false)

    // Malformed JSON over the wire.
    const broken = await fetch(`${server.url}/id/v2`, { method: 'POST', headers: { 'SlashID-OrgID': 'org-http' }, body: '{"factor":' })
    assert.is(broken.status, 400)
    assert.match((await broken.json()).errors[0].message, 'invalid JSON')

    // A drop fault: the client sees a network error (fetch rejects with a TypeError).
    const fault = await post('/__test/faults', { path: '/id/v2', drop: true, times: 1 })
    assert.is(fault.status, 201)
    let dropped: unknown
    await post('/id/v2', idBody({ type: 'email_address', value: 'drop@example.test' }, 'otp_via_email')).catch((error) => (dropped = error))
    assert.instance(dropped, TypeError)
    assert.is((await post('/id/v2', idBody({ type: 'email_address', value: 'drop@example.test' }, 'otp_via_email'))).status, 200)

    // Human pages.
    const outbox = await fetch(`${server.url}/`)
    assert.match(await outbox.text(), 'http@example.test')
    assert.is((await fetch(`${server.url}/sdk.html?v=3.29.6`)).status, 200)
  } finally {
    await server.close()
  }
  let refused = false
  await fetch(`${server.url}/`).catch(() => (refused = true))
  assert.ok(refused, 'closed')
})

test('a fixture passed to startProviderServer is used; a busy port is an error', async () => {
  const server = await startProviderServer({ port: 0, fixture: { organizations: [{ id: 'only-org' }] } })
  try {
    const answer = await fetch(`${server.url}/id/v2`, { method: 'POST', headers: { 'SlashID-OrgID': 'other', 'Content-Type': 'application/json' }, body: JSON.stringify(idBody({ type: 'email_address', value: 'a@example.test' }, 'otp_via_email')) })
    assert.is(answer.status, 404)
    const port = Number(new URL(server.url).port)
    let error: unknown
    await startProviderServer({ port }).catch((e) => (error = e))
    assert.is((error as NodeJS.ErrnoException).code, 'EADDRINUSE')
  } finally {
    await server.close()
  }
})

test.run()
