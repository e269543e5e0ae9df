import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Reply } from './helpers.js'
import { textToBase64url } from '../../src/identity/encoding.js'
import { fail, fakeWindow, makeToken, ok, prompted, recordEvents, rejection, setup, tickUntilSettled } from './helpers.js'

const TOKEN = makeToken()
const ANON = makeToken({ person_type: 'anonymous', person_id: 'anon_1', authentications: [], authenticated_methods: [] })
const KEY = '@slashid/USER_TOKEN/org-test'
const valid = ok({ valid: true, expires_in_seconds: 3599 })
const invalid = ok({ valid: false, invalidity_reason: 'expired' })
const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const retryAfter = (status: number, message: string, value: string): Reply => ({
  status,
  body: { errors: [{ httpcode: status, message }] },
  headers: { 'Retry-After': value },
})

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

/** Answers from /token/validate that do not say whether the token is valid. */
const OUTAGES: Array<[string, Reply, string, number | undefined]> = [
  ['503 with Retry-After seconds', retryAfter(503, 'maintenance', '120'), 'apiResponseError', 120_000],
  ['429 with Retry-After seconds', retryAfter(429, 'slow down', '30'), 'rateLimit', 30_000],
  ['429 without Retry-After', fail(429, 'slow down'), 'rateLimit', undefined],
  ['500', fail(500, 'boom'), 'apiResponseError', undefined],
  ['502 as an HTML page', { status: 502, text: '<html>bad gateway</html>' }, 'apiResponseError', undefined],
  ['404', fail(404, 'no such route'), 'apiResponseError', undefined],
  ['a network failure', 'network-error', 'networkError', undefined],
  ['a request that never answers', 'hang', 'timeout', undefined],
  ['a 200 that does not say', ok({}), 'apiResponseError', undefined],
]

for (const [what, answer, code, retryAfterMs] of OUTAGES) {
  test(`start(): ${what} from /token/validate keeps the stored token, rejects, and a later start() uses it`, async () => {
    const { client, provider, local, clock, log } = setup({ tokenStorage: 'localStorage' })
    local.setItem(KEY, TOKEN)
    provider.sequence('POST /token/validate', [answer])
    provider.on('POST /token/validate', valid)
    const states: string[] = []
    client.onChange(() => states.push(client.sdkState))
    const first = rejection(client.start())
    await tickUntilSettled(clock, first)
    const error = await first
    assert.is(error.code, code)
    assert.is(error.retryAfterMs, retryAfterMs)
    assert.match(log.errors[0]!, 'Token validation failed; the token is kept, not trusted')
    assert.is(local.getItem(KEY), TOKEN)
    assert.is(client.user, undefined)
    assert.equal(states, ['retrievingToken', 'loaded'])
    assert.is((await client.start())!.token, TOKEN)
    assert.is(client.sdkState, 'ready')
  })
}

test('start(): only a definitive answer removes the stored token: valid false, 400, 401, 403, or a token that cannot be decoded', async () => {
  const answers: Array<[string, Reply]> = [
    [TOKEN, ok({ valid: false, invalidity_reason: 'expired' })],
    [TOKEN, fail(400, 'malformed token')],
    [TOKEN, fail(401, 'invalid token')],
    [TOKEN, fail(403, 'forbidden')],
    ['not-a-jwt', valid],
  ]
  for (const [token, answer] of answers) {
    const { client, provider, local } = setup({ tokenStorage: 'localStorage' })
    local.setItem(KEY, token)
    provider.on('POST /token/validate', answer)
    assert.is(await client.start(), undefined)
    assert.is(local.getItem(KEY), null, JSON.stringify(answer))
  }
})

test('start(): during an outage the legacy token is moved to the per-organization key, not dropped', async () => {
  const { client, provider, local, clock } = setup({ tokenStorage: 'localStorage' })
  local.setItem('@slashid/USER_TOKEN', TOKEN)
  provider.on('POST /token/validate', fail(503, 'maintenance'))
  const started = rejection(client.start())
  await tickUntilSettled(clock, started)
  assert.is((await started).code, 'apiResponseError')
  assert.is(local.getItem('@slashid/USER_TOKEN'), null)
  assert.is(local.getItem(KEY), TOKEN)
  assert.is(provider.calls('POST /token/validate').length, 1)
})

test('start(): an anonymous token that cannot be checked is kept and not replaced by a new anonymous person', async () => {
  const { client, provider, local } = setup({ tokenStorage: 'localStorage', anonymousUsersEnabled: true })
  local.setItem('@slashid/ANONYMOUS_USER_TOKEN/org-test', ANON)
  provider.on('POST /token/validate', fail(503, 'maintenance'))
  provider.on('POST /persons/anonymous', { status: 201, body: { result: makeToken({ person_type: 'anonymous', person_id: 'anon_2' }) } })
  assert.is((await rejection(client.start())).code, 'apiResponseError')
  assert.is(local.getItem('@slashid/ANONYMOUS_USER_TOKEN/org-test'), ANON)
  assert.is(provider.calls('POST /persons/anonymous').length, 0)
  assert.is(client.anonymousUser, undefined)
})

test('validateToken() passes Retry-After on: seconds, an HTTP date, nonsense ignored, a huge value capped at a day', async () => {
  const { client, provider, clock } = setup()
  const date = new Date(clock.now + 90_000).toUTCString()
  const cases: Array<[string, number | undefined]> = [['7', 7000], [date, 90_000], ['soon', undefined], ['-5', undefined], ['99999999999', undefined], ['999999999', 86_400_000]]
  for (const [header, expected] of cases) {
    provider.sequence('POST /token/validate', [retryAfter(429, 'slow down', header)])
    const error = await rejection(client.validateToken(TOKEN))
    assert.is(error.code, 'rateLimit')
    assert.is(error.retryAfterMs, expected, header)
  }
})

test('organization switching: an outage while checking the stored token of the target keeps that token', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  const { client, provider, local } = context
  provider.on('POST /token/validate', (r) => (r.body.token === TOKEN ? ok({ valid: true }) : undefined))
  local.setItem(KEY, TOKEN)
  await client.start()
  const other = makeToken({ oid: 'org-2' })
  local.setItem('@slashid/USER_TOKEN/org-2', other)
  provider.on('POST /token/validate', fail(503, 'maintenance'))
  const error = await rejection(client.switchOrganization('org-2').done())
  assert.is(error.code, 'apiResponseError')
  assert.is(local.getItem('@slashid/USER_TOKEN/org-2'), other)
  assert.is(client.user!.token, TOKEN)
  assert.is(provider.calls('POST /token/v2').length, 0)
})

test('a step-up that fails because the provider could not answer (503, 429, 502) keeps the session', async () => {
  for (const answer of [fail(503, 'maintenance'), fail(429, 'slow down'), fail(502, 'bad gateway')] as Reply[]) {
    const { client, provider, local } = setup({ tokenStorage: 'localStorage' })
    provider.on('POST /token/validate', valid)
    local.setItem(KEY, TOKEN)
    await client.start()
    provider.on('POST /id/v2', answer)
    provider.on('POST /token/revoke', { status: 204 })
    await rejection(client.mfa(undefined, { method: 'otp_via_email' }).done())
    assert.is(client.user!.token, TOKEN)
    assert.is(local.getItem(KEY), TOKEN)
    assert.is(provider.calls('POST /token/revoke').length, 0)
  }
})

test.run()
