import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { textToBase64url } from '../../src/identity/encoding.js'
import { appendixBCrypto, eventually, fail, fakeWindow, flush, makeToken, ok, prompted, recordEvents, rejection, setup } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const TOKEN = makeToken()
const ANON = makeToken({ person_type: 'anonymous', person_id: 'anon_1', authentications: [], authenticated_methods: [] })
const valid = ok({ valid: true, expires_in_seconds: 3599, expires_at: '2026-11-22T06:00:00.000Z' })
const invalid = ok({ valid: false, invalidity_reason: 'expired' })


test('SDK states: loaded after creation, retrievingToken during start, ready after', async () => {
  const { client } = setup()
  assert.is(client.sdkState, 'loaded')
  const states: string[] = []
  client.onChange(() => states.push(client.sdkState))
  const first = client.start()
  assert.is(client.start(), first, 'concurrent calls share one lookup')
  assert.is(await first, undefined)
  assert.equal(states, ['retrievingToken', 'ready'])
  assert.is(await client.start(), undefined)
  assert.equal(states, ['retrievingToken', 'ready'])
})

test('lookup 1: a valid initial token is used first (validated with Bearer)', async () => {
  const { client, provider } = setup({ initialToken: TOKEN })
  provider.on('POST /token/validate', valid)
  const user = await client.start()
  assert.is(user!.token, TOKEN)
  const [validate] = provider.requests
  assert.equal(validate!.body, { token: TOKEN })
  assert.is(validate!.headers.authorization, `Bearer ${TOKEN}`)
  assert.is(validate!.headers['slashid-orgid'], undefined)
})

/** Another tab of the same browser asks for an e-mail link and waits for it. */
async function waitForLink(context: ReturnType<typeof setup>) {
  context.provider.on('POST /id/v2', ok([{ id: 'p1', type: 'proxy', options: { challenge_id: 'p1' } }]))
  context.provider.on('GET /challenge/p1/v2', { status: 202, body: { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] } })
  await prompted(context.tab().identify(EMAIL, { method: 'email_link' }), 'waiting')
}
const LINK_TOKEN = makeToken({ authentications: [{ handle: EMAIL, method: 'email_link' }] })

test('lookup 2: a token from the URL (challenges parameter) before stored tokens', async () => {
  const challenges = textToBase64url(JSON.stringify([{ id: 'n1', type: 'nonce', options: { challenge: 'abc' } }]))
  const page = fakeWindow(`https://docs.test/docs/?challenges=${challenges}&x=1`)
  const context = setup({ tokenStorage: 'localStorage' }, { window: page.window })
  const { client, provider, local } = context
  await waitForLink(context)
  local.setItem('@slashid/USER_TOKEN/org-test', makeToken({ person_id: 'stored' }))
  provider.on('POST /attestation/v3', ok({ token: LINK_TOKEN }))
  const events = recordEvents(client)
  const user = await client.start()
  assert.is(user!.token, LINK_TOKEN)
  assert.equal(provider.requests.map((r) => `${r.method} ${r.path}`), ['POST /id/v2', 'POST /attestation/v3'])
  assert.equal(provider.requests[1]!.body, { challenge_id: 'n1', challenge_type: 'nonce', data: { challenge: 'abc' } })
  assert.equal(events.names(), ['userAuthenticatedFromURL', 'idFlowSucceeded'])
  assert.equal(events.seen[1]!.payload.handle, EMAIL)
  assert.equal(page.replaced, ['https://docs.test/docs/?x=1'])
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), LINK_TOKEN)
})

test('lookup 3: the legacy stored token is removed after it is read', async () => {
  const { client, provider, local } = setup({ tokenStorage: 'localStorage' })
  local.setItem('@slashid/USER_TOKEN', TOKEN)
  provider.on('POST /token/validate', valid)
  assert.is((await client.start())!.token, TOKEN)
  assert.is(local.getItem('@slashid/USER_TOKEN'), null)
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), TOKEN)
})

test('lookup 4: the per-org stored token is used if valid, removed if invalid (outages: token-lookup.test.ts)', async () => {
  for (const [answer, kept] of [[valid, true], [invalid, false]] as const) {
    const { client, provider, local } = setup({ tokenStorage: 'localStorage' })
    local.setItem('@slashid/USER_TOKEN/org-test', TOKEN)
    provider.on('POST /token/validate', answer)
    const user = await client.start()
    assert.is(user?.token, kept ? TOKEN : undefined)
    assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), kept ? TOKEN : null)
  }
})

test('lookup 5: an anonymous user is created when enabled; stored apart; replaced by a login', async () => {
  const { client, provider, local } = setup({ tokenStorage: 'localStorage', anonymousUsersEnabled: true })
  provider.on('POST /persons/anonymous', { status: 201, body: { result: ANON } })
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const anonymous = await client.start()
  assert.is(anonymous!.anonymous, true)
  assert.is(client.anonymousUser, anonymous)
  assert.is(client.user, undefined)
  const [create] = provider.calls('POST /persons/anonymous')
  assert.is(create!.headers['slashid-orgid'], 'org-test')
  assert.is(create!.headers['slashid-sdkversion'], undefined)
  assert.equal(create!.body, {})
  assert.is(local.getItem('@slashid/ANONYMOUS_USER_TOKEN/org-test'), ANON)
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), null)

  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp('123456')
  await flow.done()
  assert.is(provider.calls('POST /id/v2')[0]!.headers.authorization, `Bearer ${ANON}`)
  assert.is(client.anonymousUser, undefined)
  assert.is(local.getItem('@slashid/ANONYMOUS_USER_TOKEN/org-test'), null)
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), TOKEN)
})

test('a stored anonymous token is reused if valid; anonymous tokens are invalid when anonymous users are off', async () => {
  const on = setup({ tokenStorage: 'localStorage', anonymousUsersEnabled: true })
  on.local.setItem('@slashid/ANONYMOUS_USER_TOKEN/org-test', ANON)
  on.provider.on('POST /token/validate', valid)
  assert.is((await on.client.start())!.token, ANON)
  assert.is(on.provider.calls('POST /persons/anonymous').length, 0)

  const off = setup({ tokenStorage: 'localStorage', initialToken: ANON })
  off.provider.on('POST /token/validate', valid)
  assert.is(await off.client.start(), undefined)
  assert.is(off.provider.requests.length, 0)
})

test('anonymous users: disabled, or a token that is not anonymous, are refused', async () => {
  const off = setup()
  assert.is((await rejection(off.client.createAnonymousUser())).message, 'Anonymous users are not enabled')
  const on = setup({ anonymousUsersEnabled: true })
  on.provider.on('POST /persons/anonymous', { status: 201, body: { result: TOKEN } })
  assert.is((await rejection(on.client.createAnonymousUser())).message, "Anonymous users require a token with person_type 'anonymous'")
})

test('an anonymous user cannot do MFA (warning: log in first)', async () => {
  const { client, provider, log } = setup({ anonymousUsersEnabled: true })
  provider.on('POST /persons/anonymous', { status: 201, body: { result: ANON } })
  await client.createAnonymousUser()
  assert.throws(() => client.mfa(EMAIL, { method: 'otp_via_email' }), /Anonymous users cannot perform MFA, log in first/)
  assert.equal(log.warnings, ['Anonymous users cannot perform MFA, log in first'])
})

async function signIn(context: ReturnType<typeof setup>, token = TOKEN) {
  context.provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'password_verify' }]))
  context.provider.on('POST /attestation/v3', ok({ token }))
  const flow = context.client.identify(EMAIL, { method: 'password' })
  await prompted(flow, 'passwordVerify')
  flow.submitPassword('pw')
  return flow.done()
}

test('organization switching: token from POST /token/v2, in_progress flag during the switch, then idle', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  const { client, provider, session, local } = context
  await signIn(context)
  const other = makeToken({ oid: 'org-2', person_id: 'pid_1' })
  let flagDuringCall: string | null = null
  provider.on('POST /token/v2', () => {
    flagDuringCall = session.getItem('@slashid/ORG_SWITCHING')
    return ok({ type: 'token', token: other })
  })
  const seen: string[] = []
  client.onChange(() => seen.push(client.orgSwitching.state))
  const flow = client.switchOrganization('org-2')
  const user = await flow.done()
  assert.is(user.oid, 'org-2')
  assert.is(client.user, user)
  assert.is(flagDuringCall, 'in_progress')
  assert.is(session.getItem('@slashid/ORG_SWITCHING'), null)
  assert.equal(client.orgSwitching, { state: 'idle' })
  assert.ok(seen.includes('switching'))
  const [call] = provider.calls('POST /token/v2')
  assert.is(call!.headers['slashid-orgid'], 'org-2')
  assert.is(call!.headers.authorization, `Bearer ${TOKEN}`)
  assert.equal(Object.keys(call!.body.metadata), ['csrf_token', 'pkce_code_challenge'])
  assert.is(local.getItem('@slashid/USER_TOKEN/org-2'), other)

  // Back to org-test: its stored token is still valid, so no /token/v2 call.
  provider.on('POST /token/validate', valid)
  const back = await client.switchOrganization('org-test').done()
  assert.is(back.token, TOKEN)
  assert.is(provider.calls('POST /token/v2').length, 1)
})

test('organization switching with a challenge list answers it with the old token as Bearer', async () => {
  const context = setup()
  const { client, provider } = context
  const other = makeToken({ oid: 'org-3' })
  provider.on((r) => r.body?.challenge_id === 'ch_o', ok({ token: other }))
  await signIn(context)
  provider.on('POST /token/v2', ok({ type: 'challenge_list', challenges: [{ id: 'ch_o', type: 'otp' }] }))
  const flow = client.switchOrganization('org-3')
  await prompted(flow, 'otp')
  assert.equal(client.orgSwitching, { state: 'switching', oid: 'org-3' })
  flow.submitOtp('123456')
  await flow.done()
  const attest = provider.calls('POST /attestation/v3').at(-1)!
  assert.is(attest.headers.authorization, `Bearer ${TOKEN}`)
  assert.is(client.user!.oid, 'org-3')
  assert.equal(client.orgSwitching, { state: 'idle' })
})

test('organization switching needs a user; a failed switch keeps the session', async () => {
  const { client } = setup()
  const error = await rejection(client.switchOrganization('org-2').done())
  assert.is(error.message, 'Switching organization needs a signed-in user, log in first')
  const context = setup()
  await signIn(context)
  context.provider.on('POST /token/v2', fail(403, 'forbidden'))
  await rejection(context.client.switchOrganization('org-2').done())
  assert.is(context.client.user!.token, TOKEN)
  assert.equal(context.client.orgSwitching, { state: 'idle' })
})

test('logout revokes the token with Bearer, clears storage; revoke errors are swallowed', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  await signIn(context)
  context.provider.on('POST /token/revoke', fail(500, 'down'))
  await context.client.logout()
  assert.is(context.client.user, undefined)
  assert.is(context.local.getItem('@slashid/USER_TOKEN/org-test'), null)
  const [revoke] = context.provider.calls('POST /token/revoke')
  assert.equal(revoke!.body, { token: TOKEN })
  assert.is(revoke!.headers.authorization, `Bearer ${TOKEN}`)
})

test('a login failure logs the user out', async () => {
  const context = setup()
  context.provider.on((r) => r.method === 'POST' && r.path === '/id/v2' && r.body.factor.method === 'otp_via_email', fail(403, 'person is not active'))
  await signIn(context)
  context.provider.on('POST /token/revoke', { status: 204 })
  const error = await rejection(context.client.identify(EMAIL, { method: 'otp_via_email' }).done())
  assert.is(error.code, 'signUpAwaitingApproval')
  assert.is(context.client.user, undefined)
  assert.is(context.provider.calls('POST /token/revoke').length, 1)
})

test('getUserFromURL: sidcp fetches the challenge pack; both parameters is an error; none gives undefined', async () => {
  const context = setup()
  const { client, provider } = context
  await waitForLink(context)
  provider.on('GET /challenge_pack/pack_1', ok([{ id: 'n1', type: 'nonce', options: { challenge: 'zz' } }]))
  provider.on('POST /attestation/v3', ok({ token: LINK_TOKEN }))
  const user = await client.getUserFromURL('https://docs.test/?sidcp=pack_1')
  assert.is(user!.token, LINK_TOKEN)
  assert.is(provider.calls('GET /challenge_pack/pack_1')[0]!.headers['slashid-orgid'], undefined)
  const both = await rejection(client.getUserFromURL('https://docs.test/?sidcp=a&challenges=b'))
  assert.is(both.code, 'invalidSlashIDURLParamsError')
  assert.is(both.message, "Both 'challenges' and 'sidcp' URL parameters are present, only one is allowed")
  assert.is(await client.getUserFromURL('https://docs.test/docs/'), undefined)
  const garbage = await rejection(client.getUserFromURL('https://docs.test/?challenges=%%%'))
  assert.is(garbage.code, 'invalidSlashIDURLParamsError')
})

test('hosted login: PKCE S256 with the RFC 7636 Appendix B vector, CSRF state, code exchange', async () => {
  const page = fakeWindow('https://docs.test/docs/')
  const { client, provider, session } = setup({}, { window: page.window, crypto: appendixBCrypto })
  const url = new URL(await client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' }))
  assert.is(url.origin + url.pathname, 'https://api.test/oauth2/authorize')
  assert.equal(Object.fromEntries(url.searchParams), {
    redirect_uri: 'https://docs.test/callback',
    client_id: 'client-1',
    response_type: 'code',
    state: '3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })
  assert.equal(page.assigned, [url.href])
  assert.is(session.getItem('@SLASHID/PKCE_CODE_VERIFIER'), 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')

  provider.on('POST /oauth2/tokens', { status: 200, body: { access_token: 'at', id_token: TOKEN, token_type: 'Bearer', expires_in: 3600 } })
  const user = await client.completeHostedLogin('https://docs.test/callback?code=c0de&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11')
  assert.is(user!.token, TOKEN)
  const [exchange] = provider.calls('POST /oauth2/tokens')
  assert.is(exchange!.rawBody, 'client_id=client-1&code=c0de&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk&grant_type=authorization_code&redirect_uri=https%3A%2F%2Fdocs.test%2Fcallback')
  assert.is(session.getItem('@SLASHID/PKCE_CODE_VERIFIER'), null)
})

test('hosted login return: state mismatch, missing verifier, missing client data, failed exchange', async () => {
  const page = fakeWindow('https://docs.test/')
  const { client, provider, session } = setup({}, { window: page.window, crypto: appendixBCrypto })
  const start = () => client.startHostedLogin({ clientId: 'client-1', redirectUri: 'https://docs.test/callback' })
  await start()
  assert.is((await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=forged'))).message, 'CSRF token mismatch')
  // The transaction is one-shot: a second try with the right state finds nothing.
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'CSRF token or PKCE code verifier not found',
  )
  await start()
  session.removeItem('@SLASHID/OIDC_CLIENT_ID')
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'Client ID or redirect URI not found in session storage',
  )
  assert.is(provider.calls('POST /oauth2/tokens').length, 0)
  await start()
  provider.on('POST /oauth2/tokens', { status: 400, body: { error: 'invalid_grant' } })
  assert.is(
    (await rejection(client.completeHostedLogin('https://docs.test/?code=c&state=3b1e0a52-6c1f-4f7e-9d38-0f6f2b3a9c11'))).message,
    'Failed to obtain access token',
  )
  assert.is(await client.completeHostedLogin('https://docs.test/?state=x'), undefined)
})

test('SSO redirect return: state checked, /sso/resolve, then the challenge is polled', async () => {
  const { client, provider, session, clock } = setup()
  session.setItem('@SLASHID/CSRF_TOKEN', 'csrf-1')
  session.setItem('@SLASHID/PKCE_CODE_VERIFIER', 'verifier-1')
  provider.on('POST /sso/resolve', { status: 200, body: {} })
  provider.on('GET /challenge/ch_s/v2', ok(TOKEN))
  const pending = client.getUserFromURL('https://docs.test/?challenge_id=ch_s&code=abc&state=csrf-1')
  await eventually(() => provider.calls('POST /sso/resolve').length === 1)
  await flush()
  await clock.tickAsync(1000)
  assert.is((await pending)!.token, TOKEN)
  const [resolve] = provider.calls('POST /sso/resolve')
  assert.equal(resolve!.body, { challenge_id: 'ch_s', code: 'abc', pkce_code_verifier: 'verifier-1' })
  assert.is(resolve!.headers['slashid-orgid'], 'org-test')
  session.setItem('@SLASHID/CSRF_TOKEN', 'csrf-2')
  session.setItem('@SLASHID/PKCE_CODE_VERIFIER', 'v')
  assert.is((await rejection(client.getUserFromURL('https://docs.test/?challenge_id=x&code=abc&state=nope'))).message, 'CSRF token mismatch')
})

test.run()
