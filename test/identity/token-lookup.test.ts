import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Reply } from './helpers.js'
import { fail, makeToken, ok, rejection, setup, tickUntilSettled } from './helpers.js'

const TOKEN = makeToken()
const ANON = makeToken({ person_type: 'anonymous', person_id: 'anon_1', authentications: [], authenticated_methods: [] })
const KEY = '@slashid/USER_TOKEN/org-test'
const valid = ok({ valid: true, expires_in_seconds: 3599 })
const retryAfter = (status: number, message: string, value: string): Reply => ({
  status,
  body: { errors: [{ httpcode: status, message }] },
  headers: { 'Retry-After': value },
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
