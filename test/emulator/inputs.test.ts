/** Hostile input: redirect targets, bodies without Content-Length, open redirects, numbers, handles. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startProviderServer } from '../../src/emulator/node-server.js'
import { BASE, call, email, emulator, idBody, ORG } from './helpers.js'

const pkce = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

test('redirect_target: only http(s) on an allowed origin; javascript: never reaches the outbox page; "not a url" is a 400', async () => {
  const p = emulator({ fixture: { defaultPolicy: { linkStyle: 'challenges' } } })
  const cases: [string, string][] = [
    ['javascript:alert(document.domain)//', 'javascript'],
    ['not a url', 'not a url'],
    ['https://evil.example.com/docs/', 'foreign origin'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
  ]
  for (const [target, name] of cases) {
    const answer = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('x@example.test'), 'email_link', { redirect_target: target }) })
    assert.is(answer.status, 400, name)
    assert.equal(answer.body, { errors: [{ httpcode: 400, message: 'malformed request body: factor.options.redirect_target must be an http(s) URL of the site (siteOrigins or a development origin)' }] }, name)
  }
  assert.equal(p.outbox(), [])
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('x@example.test'), 'email_link', { redirect_target: 'http://localhost:3000/docs/' }) })).status, 200)
  const page = await (await p.fetch(new Request(`${BASE}/`))).text()
  assert.not.match(page, 'javascript:')
})

test('a chunked body without Content-Length is capped at 1 MB as it streams', async () => {
  const server = await startProviderServer({ port: 0 })
  try {
    let sent = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * 1024 * 1024) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const answer = await fetch(`${server.url}/id/v2`, { method: 'POST', body, duplex: 'half', headers: { 'SlashID-OrgID': ORG } } as RequestInit)
    assert.is(answer.status, 413)
    assert.equal(await answer.json(), { errors: [{ httpcode: 413, message: 'request body too large (limit 1048576 bytes)' }] })
    assert.ok(sent < 8 * 1024 * 1024, `stopped reading early (${sent} bytes sent)`)
  } finally {
    await server.close()
  }
})

test('/oauth2/authorize is not an open redirect: without configured clients only development or site origins; with clients only registered URIs', async () => {
  const open = emulator({ fixture: { siteOrigins: ['https://docs.acme.com'] } })
  const authorize = (p: ReturnType<typeof emulator>, redirectUri: string, clientId = ORG) =>
    p.fetch(new Request(`${BASE}/oauth2/authorize?${new URLSearchParams({ redirect_uri: redirectUri, client_id: clientId, response_type: 'token', code_challenge: pkce })}`))
  for (const uri of ['https://evil.example.com/cb', 'javascript:alert(1)', 'https://docs.acme.com.evil.net/cb']) {
    const answer = await authorize(open, uri)
    assert.is(answer.status, 400, uri)
    assert.is(answer.headers.get('location'), null, uri)
    assert.match(await answer.text(), uri.startsWith('javascript:') ? 'redirect_uri must be an absolute http(s) URL.' : 'redirect_uri is not registered for this client.')
  }
  for (const uri of ['http://localhost:3000/cb', 'https://docs.acme.com/cb', 'https://docs.test/callback']) {
    const answer = await authorize(open, uri)
    assert.is(answer.status, 302, uri)
    assert.ok(answer.headers.get('location')!.startsWith(uri), uri)
  }
  const registered = emulator({ fixture: { organizations: [{ id: ORG }], oauthClients: [{ clientId: 'docs', org: ORG }] } })
  assert.is((await authorize(registered, 'https://evil.example.com/cb', 'docs')).status, 400, 'a client without redirectUris: the same rule')
})

test('/oauth2/authorize, a GET any page can make: a client_id that is no organization id is refused, and neither organizations nor pending sign-ins pile up', async () => {
  const p = emulator()
  const authorize = (clientId: string) =>
    p.fetch(new Request(`${BASE}/oauth2/authorize?${new URLSearchParams({ redirect_uri: 'http://localhost:3000/cb', client_id: clientId, response_type: 'code', code_challenge: pkce })}`))
  const organizations = async () => ((await call(p, 'GET', '/__test/organizations')).body.result as { id: string }[]).map((org) => org.id)
  for (const [clientId, shown] of [['a\u202eb\nc', 'a\\u{202e}b\\u{a}c'], ['x'.repeat(5000), 'x'.repeat(200)]] as const) {
    const answer = await authorize(clientId)
    assert.is(answer.status, 400)
    assert.match(await answer.text(), `<p class="error">client_id is the organization id when the fixture lists no oauthClients: malformed organization id: &#x27;${shown}&#x27;</p>`)
  }
  for (let n = 0; n < 50; n++) assert.is((await authorize(`flood-${n}`)).status, 200)
  assert.equal(await organizations(), [])
  // The organization is made once someone signs in there, as /id/v2 makes it.
  const first = await (await authorize(ORG)).text()
  const loginId = /name="login_id" value="([^"]+)"/.exec(first)![1]!
  const post = (id: string) => p.fetch(new Request(`${BASE}/oauth2/authorize`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login_id: id, email: 'reader@example.test' }) }))
  assert.is((await post(loginId)).status, 200)
  assert.equal(await organizations(), [ORG])
  // Pending sign-ins are capped: the oldest is dropped for the newest.
  const oldest = /name="login_id" value="([^"]+)"/.exec(await (await authorize(ORG)).text())![1]!
  for (let n = 0; n < 1000; n++) await authorize(ORG)
  assert.match(await (await post(oldest)).text(), 'This sign-in has expired. Start again from the site.')
  const registered = emulator({ fixture: { organizations: [{ id: ORG }], oauthClients: [{ clientId: 'docs', org: ORG }] } })
  const unknown = await registered.fetch(new Request(`${BASE}/oauth2/authorize?${new URLSearchParams({ redirect_uri: 'http://localhost:3000/cb', client_id: 'd\u202eocs', response_type: 'code', code_challenge: pkce })}`))
  assert.match(await unknown.text(), '<p class="error">unknown client_id &#x27;d\\u{202e}ocs&#x27;</p>')
})

test('/__test numbers: finite and bounded, with a clear message; the clock keeps working', async () => {
  const p = emulator()
  const step = 'malformed request body: advance_ms must be a number: whole milliseconds from -3153600000000 to 3153600000000 (100 years)'
  const time = 'malformed request body: now_ms must be a number or now an ISO date, from 1970-01-01 to 9999-12-31'
  const cases: [unknown, string][] = [
    [{ advance_ms: 1e300 }, step],
    [{ advance_ms: -1e300 }, step],
    [{ advance_ms: 1.5 }, step],
    [{ now_ms: 1e300 }, time],
    [{ now_ms: -1 }, time],
    [{ now: '+275760-09-13T00:00:00.000Z' }, time],
  ]
  for (const [body, message] of cases) {
    const answer = await call(p, 'POST', '/__test/clock', { body })
    assert.equal([answer.status, answer.body.errors?.[0].message], [400, message], JSON.stringify(body))
  }
  assert.is((await call(p, 'POST', '/__test/clock', { body: { now: '9999-06-01T00:00:00Z' } })).status, 200)
  const past = await call(p, 'POST', '/__test/clock', { body: { advance_ms: 365 * 24 * 3600 * 1000 } })
  assert.equal([past.status, past.body.errors[0].message], [400, 'malformed request body: advance_ms would move the clock past 9999-12-31'])
  assert.is((await call(p, 'POST', '/__test/clock', { body: { now: '2026-11-22T00:00:00Z' } })).status, 200)
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('c@example.test'), 'otp_via_email') })).status, 200)
  for (const fault of [{ path: '*', delayMs: 1e300 }, { path: '*', status: 500, times: 1e300 }, { path: '*', status: 500, skip: 0.5 }]) {
    assert.is((await call(p, 'POST', '/__test/faults', { body: fault })).status, 400, JSON.stringify(fault))
  }
})

test('handles with NUL, bidi overrides, zero-width or control characters, or lone surrogates are malformed (400)', async () => {
  const p = emulator()
  const bad = ['ada\u0000@example.test', 'ada\u202e@example.test', 'a\u200bda@example.test', 'ada@exa\u0007mple.test', 'ada\ud800@example.test', 'ada@exam\u2028ple.test']
  for (const value of bad) {
    const answer = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email(value), 'otp_via_email') })
    assert.is(answer.status, 400, JSON.stringify(value))
    assert.match(answer.body.errors[0].message, /^malformed e-mail address: '/, JSON.stringify(value))
    assert.not.match(answer.body.errors[0].message, /[\u0000-\u001f\u202e\u200b\u2028]/, 'the value is quoted with escapes')
  }
  const phone = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody({ type: 'phone_number', value: '+1555\u202e0100123' }, 'otp_via_sms') })
  assert.match(phone.body.errors[0].message, /^malformed phone number: /)
  const username = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody({ type: 'username', value: 'ad\u202ea' }, 'password') })
  assert.equal([username.status, username.body.errors[0].message], [400, 'malformed username: must be 1 to 128 characters, without control, format or unpaired surrogate characters'])
  const person = await call(p, 'POST', '/__test/persons', { body: { org: ORG, username: 'bo\u0000b' } })
  assert.is(person.status, 400)
  assert.equal(p.outbox(), [])
})

test.run()
