/** Anonymous persons, organization switching, hosted login (OAuth 2.0 + PKCE), SSO simulation, user-object extras. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Window } from 'happy-dom'
import { sdkFramePage } from '../../src/emulator/pages.js'
import { attest, BASE, call, decode, email, emulator, idBody, mailbox, ORG, signInWithOtp } from './helpers.js'

const pkce = { verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }

test('anonymous persons: 201 with a bare token string; upgrade keeps the person id; policy can forbid them', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }, { id: 'org-noanon', policy: { anonymousUsers: false } }] } })
  const created = await call(p, 'POST', '/persons/anonymous', { org: ORG, body: {} })
  assert.is(created.status, 201)
  assert.type(created.body.result, 'string')
  const anon = decode(created.body.result)
  assert.is(anon.person_type, 'anonymous')
  assert.is(anon.oid, ORG)
  assert.equal(anon.groups, [])
  assert.is((await call(p, 'POST', '/token/validate', { body: { token: created.body.result } })).body.result.valid, true)

  const started = await call(p, 'POST', '/id/v2', { org: ORG, token: created.body.result, body: idBody(email('anon@example.test'), 'otp_via_email') })
  const { otp } = (await mailbox(p, 'anon@example.test'))[0]
  const upgraded = decode((await attest(p, started.body.result[0], { otp }, created.body.result)).body.result.token)
  assert.is(upgraded.person_type, 'regular')
  assert.is(upgraded.person_id, anon.person_id)
  assert.is(upgraded.prev_anonymous_person_id, anon.person_id)

  const refused = await call(p, 'POST', '/persons/anonymous', { org: 'org-noanon', body: {} })
  assert.is(refused.status, 403)
})

test('anonymous person signing in with an existing handle becomes that person', async () => {
  const p = emulator()
  const known = decode(await signInWithOtp(p, 'known@example.test'))
  const anonToken = (await call(p, 'POST', '/persons/anonymous', { org: ORG })).body.result
  const started = await call(p, 'POST', '/id/v2', { org: ORG, token: anonToken, body: idBody(email('known@example.test'), 'otp_via_email') })
  const { otp } = (await mailbox(p, 'known@example.test')).at(-1)
  const claims = decode((await attest(p, started.body.result[0], { otp })).body.result.token)
  assert.is(claims.person_id, known.person_id)
  assert.is(claims.prev_anonymous_person_id, decode(anonToken).person_id)
})

test('org switching: POST /token/v2 → {type: token} for the same person in the target organization; GET /token too', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }, { id: 'org-b', parentId: ORG }, { id: 'org-closed', policy: { selfRegistration: false } }] } })
  const token = await signInWithOtp(p, 'switch@example.test')
  const switched = await call(p, 'POST', '/token/v2', { org: 'org-b', token, body: { metadata: {} } })
  assert.is(switched.status, 200)
  assert.is(switched.body.result.type, 'token')
  const claims = decode(switched.body.result.token)
  assert.is(claims.oid, 'org-b')
  assert.is(claims.person_id, decode(token).person_id)
  assert.equal(claims.authenticated_methods, ['otp_via_email'])
  const v1 = await call(p, 'GET', '/token', { org: 'org-b', token })
  assert.type(v1.body.result, 'string')
  assert.is((await call(p, 'POST', '/token/v2', { org: 'org-b', body: {} })).status, 401)
  assert.is((await call(p, 'POST', '/token/v2', { org: 'org-b', token: 'garbage', body: {} })).status, 401)
  assert.is((await call(p, 'POST', '/token/v2', { org: 'org-closed', token, body: {} })).body.errors[0].message, 'self-registration not allowed for this organization')
})

test('org switching to an organization with switchFactor answers a challenge_list that completes with the old token as bearer', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }, { id: 'org-strict', policy: { switchFactor: 'otp_via_email' } }] } })
  const token = await signInWithOtp(p, 'strict@example.test')
  const switched = await call(p, 'POST', '/token/v2', { org: 'org-strict', token, body: { metadata: {} } })
  assert.is(switched.body.result.type, 'challenge_list')
  const [challenge] = switched.body.result.challenges
  assert.is(challenge.type, 'otp')
  const { otp } = (await mailbox(p, 'strict@example.test')).at(-1)
  const answered = await attest(p, challenge, { otp }, token)
  const claims = decode(answered.body.result.token)
  assert.is(claims.oid, 'org-strict')
  assert.is(claims.person_id, decode(token).person_id)
})

test('hosted login: authorize page → e-mail → code from the outbox → redirect with code and state → /oauth2/tokens with PKCE S256', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }], oauthClients: [{ clientId: 'docs-site', org: ORG, redirectUris: ['http://localhost:3000/callback'] }] } })
  const query = new URLSearchParams({
    redirect_uri: 'http://localhost:3000/callback',
    client_id: 'docs-site',
    response_type: 'code',
    state: 'csrf-123',
    scope: 'openid',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  })
  const page = await p.fetch(new Request(`${BASE}/oauth2/authorize?${query}`))
  assert.is(page.status, 200)
  const loginId = /name="login_id" value="([^"]+)"/.exec(await page.text())![1]!
  const form = (fields: Record<string, string>) =>
    p.fetch(new Request(`${BASE}/oauth2/authorize`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) }))
  assert.is((await form({ login_id: loginId, email: 'hosted@example.test' })).status, 200)
  const [message] = await mailbox(p, 'hosted@example.test')
  assert.is(message.purpose, 'hosted_login')
  assert.is((await form({ login_id: loginId, email: 'hosted@example.test', otp: '000000' === message.otp ? '111111' : '000000' })).status, 401)
  const redirect = await form({ login_id: loginId, email: 'hosted@example.test', otp: message.otp })
  assert.is(redirect.status, 302)
  const back = new URL(redirect.headers.get('location')!)
  assert.is(back.origin + back.pathname, 'http://localhost:3000/callback')
  assert.is(back.searchParams.get('state'), 'csrf-123')
  const code = back.searchParams.get('code')!

  const exchange = (fields: Record<string, string>) =>
    p.fetch(new Request(`${BASE}/oauth2/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) }))
  const good = { client_id: 'docs-site', code, code_verifier: pkce.verifier, grant_type: 'authorization_code', redirect_uri: 'http://localhost:3000/callback' }
  const wrongVerifier = await exchange({ ...good, code_verifier: 'x'.repeat(43) })
  assert.is(wrongVerifier.status, 400)
  assert.is((await wrongVerifier.json()).error, 'invalid_grant')
  assert.is((await exchange({ ...good, redirect_uri: 'http://localhost:3000/other' })).status, 400)
  const tokens = await exchange(good)
  assert.is(tokens.status, 200)
  const body = await tokens.json()
  assert.is(body.token_type, 'Bearer')
  assert.is(decode(body.id_token).oid, ORG)
  assert.is((await call(p, 'POST', '/token/validate', { body: { token: body.id_token } })).body.result.valid, true)
  // The code is single-use; reuse revokes what it issued (RFC 6749 §4.1.2).
  assert.is((await exchange(good)).status, 400)
  assert.is((await call(p, 'POST', '/token/validate', { body: { token: body.id_token } })).body.result.valid, false)
})

test('hosted login: bad requests', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }], oauthClients: [{ clientId: 'docs-site', org: ORG, redirectUris: ['http://localhost:3000/callback'] }] } })
  const authorize = (q: Record<string, string>) => p.fetch(new Request(`${BASE}/oauth2/authorize?${new URLSearchParams(q)}`))
  const base = { redirect_uri: 'http://localhost:3000/callback', client_id: 'docs-site', response_type: 'code', state: 's', scope: 'openid', code_challenge: pkce.challenge, code_challenge_method: 'S256' }
  assert.is((await authorize({ ...base, client_id: 'nope' })).status, 400)
  assert.is((await authorize({ ...base, redirect_uri: 'http://evil.test/' })).status, 400)
  const plain = await authorize({ ...base, code_challenge_method: 'plain' })
  assert.is(plain.status, 302)
  assert.is(new URL(plain.headers.get('location')!).searchParams.get('error'), 'invalid_request')
  const noPkce = await authorize({ ...base, code_challenge: '' })
  assert.is(new URL(noPkce.headers.get('location')!).searchParams.get('error'), 'invalid_request')
  const tokens = await p.fetch(new Request(`${BASE}/oauth2/tokens`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password' }) }))
  assert.is((await tokens.json()).error, 'unsupported_grant_type')
  const openid = await call(p, 'GET', '/.well-known/openid-configuration')
  assert.equal(openid.body.code_challenge_methods_supported, ['S256'])
})

test('oidc factor: [oidc {auth_code_url}, proxy]; the simulated IdP page completes the proxy', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(undefined, 'oidc', { provider: 'google', client_id: 'x', ux_mode: 'popup' }) })
  const [oidc, proxy] = started.body.result
  assert.is(oidc.type, 'oidc')
  assert.is(proxy.type, 'proxy')
  const form = await p.fetch(new Request(oidc.options.auth_code_url))
  assert.match(await form.text(), '<form')
  assert.is((await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).status, 202)
  const done = await p.fetch(new Request(oidc.options.auth_code_url, { method: 'POST', body: new URLSearchParams({ email: 'sso@example.test' }) }))
  assert.is(done.status, 200)
  const token = (await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).body.result
  const claims = decode(token)
  assert.equal(claims.authenticated_methods, ['oidc'])
  assert.equal(claims.authentications[0].handle, email('sso@example.test'))
})

test('/me, /me/orgs, attributes (bucket access rules) and consent', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }], persons: [{ email: 'attr@example.test', attributes: { end_user_read_only: { plan: 'pro' }, end_user_no_access: { note: 'x' } } }] } })
  const token = await signInWithOtp(p, 'attr@example.test')
  const me = await call(p, 'GET', '/me', { token })
  assert.is(me.body.result.person_id, decode(token).person_id)
  assert.equal(me.body.result.handles, [email('attr@example.test')])
  assert.equal((await call(p, 'GET', '/me/orgs', { token })).body.result.map((o: { id: string }) => o.id), [ORG])
  assert.is((await call(p, 'PUT', '/attributes/end_user_read_write', { token, body: { theme: 'dark' } })).status, 204)
  assert.equal((await call(p, 'GET', '/attributes/end_user_read_write', { token })).body.result, { theme: 'dark' })
  assert.equal((await call(p, 'GET', '/attributes/end_user_read_only', { token })).body.result, { plan: 'pro' })
  assert.is((await call(p, 'PUT', '/attributes/end_user_read_only', { token, body: { plan: 'free' } })).status, 403)
  assert.is((await call(p, 'GET', '/attributes/end_user_no_access', { token })).status, 403)
  const all = (await call(p, 'GET', '/attributes', { token })).body.result
  assert.is(all.end_user_no_access, undefined)
  assert.is((await call(p, 'GET', '/attributes/nope', { token })).status, 404)
  assert.is((await call(p, 'GET', '/me')).status, 401)
  const consent = await call(p, 'POST', '/consent/gdpr', { token, body: { consent_levels: ['necessary', 'analytics'] } })
  assert.equal(consent.body.result.consents.map((c: { consent_level: string }) => c.consent_level), ['necessary', 'analytics'])
  assert.is((await call(p, 'DELETE', '/consent/gdpr', { token })).status, 204)
})

test('analytics /actions/sdk answers 201 and is recorded; /sdk.html and the outbox page are served', async () => {
  const p = emulator()
  const event = { organization_id: ORG, event_data: { event_name: 'SlashIDSDKLoaded_v1' } }
  assert.is((await call(p, 'POST', '/actions/sdk', { body: event })).status, 201)
  assert.equal(p.analyticsEvents(), [event])
  const frame = await p.fetch(new Request(`${BASE}/sdk.html?v=3.29.6`))
  assert.is(frame.status, 200)
  assert.match(frame.headers.get('content-type')!, 'text/html')
  await signInWithOtp(p, 'page@example.test')
  const outbox = await (await p.fetch(new Request(`${BASE}/`))).text()
  assert.match(outbox, 'page@example.test')
  assert.match(outbox, p.outbox()[0]!.otp!)
})

test('an emulator mounted under a path prefix (baseURL http://host/api) serves /api/id/v2', async () => {
  const p = emulator({ baseURL: 'http://127.0.0.1:8787/api/' })
  assert.is(p.baseURL, 'http://127.0.0.1:8787/api')
  const answer = await p.fetch(
    new Request('http://127.0.0.1:8787/api/id/v2', { method: 'POST', headers: { 'SlashID-OrgID': ORG, 'Content-Type': 'application/json' }, body: JSON.stringify(idBody(email('pre@example.test'), 'email_link')) }),
  )
  assert.is(answer.status, 200)
  assert.ok(p.outbox()[0]!.link!.startsWith('http://127.0.0.1:8787/api/link/'))
})

test('the sdkURL frame page answers ping, storage set/get by id, and refuses passkey/SSO requests', async () => {
  const win = new Window({ url: 'http://127.0.0.1:8787/sdk.html', settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } as never })
  win.document.write(sdkFramePage([]))
  await win.happyDOM.waitUntilComplete()
  const replies: unknown[] = []
  const source = { postMessage: (message: unknown) => replies.push(message) }
  for (const data of [{ id: 1, type: 2 }, { id: 2, type: 1, key: 'k', value: 'v' }, { id: 3, type: 0, key: 'k' }, { id: 4, type: 3 }, 'noise']) {
    win.dispatchEvent(new win.MessageEvent('message', { data, origin: 'http://localhost:3000', source: source as never }))
  }
  assert.equal(JSON.parse(JSON.stringify(replies)), [{ id: 1 }, { id: 2 }, { id: 3, value: 'v' }, { id: 4, error: 'not supported by the docsgen provider emulator' }])
  await win.happyDOM.close()
})

test.run()
