/** The spec's error catalogue (spec 001 §8, notes/provider-wire.md §2.3), each reached through state or a script. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { loadFixture, type ProviderEmulator } from '../../src/emulator/index.js'
import { attest, call, decode, email, emulator, idBody, mailbox, manualClock, phone, signInWithOtp } from './helpers.js'

const fixturePath = new URL('./fixtures/basic.yaml', import.meta.url).pathname
const fixture = () => loadFixture(readFileSync(fixturePath, 'utf8'), fixturePath)

function expectError(answer: { status: number; body: any }, status: number, message: string | RegExp) {
  assert.is(answer.status, status, JSON.stringify(answer.body))
  assert.is(answer.body.errors.length, 1)
  assert.is(answer.body.errors[0].httpcode, status)
  if (typeof message === 'string') assert.is(answer.body.errors[0].message, message)
  else assert.match(answer.body.errors[0].message, message)
}

const start = (p: ProviderEmulator, org: string, handle: unknown, method = 'otp_via_email', token?: string) =>
  call(p, 'POST', '/id/v2', { org, body: idBody(handle, method), ...(token ? { token } : {}) })

test("403 'person cannot be registered': handle outside the organization's allowed patterns", async () => {
  const p = emulator({ fixture: fixture() })
  expectError(await start(p, 'org-pattern', email('eve@evil.test')), 403, 'person cannot be registered')
  assert.is((await start(p, 'org-pattern', email('fine@example.test'))).status, 200)
})

test("403 'self-registration not allowed for this organization'; existing members still sign in", async () => {
  const p = emulator({ fixture: fixture() })
  expectError(await start(p, 'org-closed', email('new@example.test')), 403, 'self-registration not allowed for this organization')
  expectError(await start(p, 'org-closed', email('new@example.test'), 'password'), 403, 'self-registration not allowed for this organization')
  assert.is((await start(p, 'org-closed', email('member@example.test'), 'password')).body.result[0].type, 'password_verify')
})

test("403 'person is not active': sign-up awaiting approval (policy), then on every later attempt", async () => {
  const p = emulator({ fixture: fixture() })
  const started = await start(p, 'org-approval', email('newbie@example.test'))
  const { otp } = (await mailbox(p, 'newbie@example.test'))[0]
  expectError(await attest(p, started.body.result[0], { otp }), 403, 'person is not active')
  expectError(await start(p, 'org-approval', email('newbie@example.test')), 403, 'person is not active')
  // A fixture person with active: false is also waiting.
  expectError(await start(p, 'org-docs', email('waiting@example.test')), 403, 'person is not active')
})

test("approval through an e-mail link: the poll reports 403 'person is not active'", async () => {
  const p = emulator({ fixture: fixture() })
  const started = await start(p, 'org-approval', email('linky@example.test'), 'email_link')
  const [message] = await mailbox(p, 'linky@example.test')
  assert.is((await p.fetch(new Request(message.link))).status, 403)
  expectError(await call(p, 'GET', `/challenge/${started.body.result[0].options.challenge_id}/v2`), 403, 'person is not active')
})

test("403 'Person … is inactive': a person deactivated after signing in (sign-in awaiting approval)", async () => {
  const p = emulator({ fixture: fixture() })
  const token = await signInWithOtp(p, 'ada@example.test')
  const { person_id } = decode(token)
  assert.is((await call(p, 'POST', '/__test/persons/active', { body: { person_id, active: false } })).status, 200)
  const answer = await start(p, 'org-docs', email('ada@example.test'))
  expectError(answer, 403, /^Person pid_ada is inactive$/)
  assert.match(answer.body.errors[0].message, 'Person')
  assert.match(answer.body.errors[0].message, 'is inactive')
  assert.equal((await call(p, 'POST', '/token/validate', { body: { token } })).body.result, { valid: false, invalidity_reason: 'person_not_active' })
})

test("403 'no password set': password recovery for a person without a password", async () => {
  const p = emulator({ fixture: fixture() })
  expectError(await call(p, 'POST', '/recover', { org: 'org-docs', body: { handle: email('nopass@example.test'), factor: { method: 'password' } } }), 403, 'no password set')
  expectError(await call(p, 'POST', '/recover', { org: 'org-docs', body: { handle: { type: 'username', value: 'ada' }, factor: { method: 'password' } } }), 400, 'username is not a reachable handle type')
  expectError(await call(p, 'POST', '/recover', { org: 'org-docs', body: { handle: email('ghost@example.test'), factor: { method: 'password' } } }), 404, 'person not found')
})

test("403 'no password set' at sign-in with policy strictEnrollment; a step-up may add a password or an authenticator", async () => {
  const p = emulator({ fixture: { organizations: [{ id: 'org-strict', policy: { strictEnrollment: true } }], persons: [{ email: 'otp-only@example.test' }] } })
  expectError(await start(p, 'org-strict', email('otp-only@example.test'), 'password'), 403, 'no password set')
  expectError(await start(p, 'org-strict', email('otp-only@example.test'), 'totp'), 403, /no authenticator registered/)
  assert.is((await start(p, 'org-strict', email('brand-new@example.test'), 'password')).body.result[0].type, 'password_set')
  const token = await signInWithOtp(p, 'otp-only@example.test', 'org-strict')
  assert.is((await start(p, 'org-strict', email('otp-only@example.test'), 'password', token)).body.result[0].type, 'password_set')
  assert.is((await start(p, 'org-strict', email('otp-only@example.test'), 'totp', token)).body.result[0].type, 'totp_register')
})

test("'authentication has expired': 403 for a code answered after the challenge lifetime (a 401 would make the SDK re-ask) and for polling after expiry; 401 for an expired bearer", async () => {
  const clock = manualClock()
  const p = emulator({ fixture: fixture(), clock })
  const started = await start(p, 'org-short', email('slow@example.test'))
  const { otp } = (await mailbox(p, 'slow@example.test'))[0]
  clock.advance(61_000)
  expectError(await attest(p, started.body.result[0], { otp }), 403, 'authentication has expired')

  const linked = await start(p, 'org-short', email('slowlink@example.test'), 'email_link')
  clock.advance(61_000)
  const [message] = await mailbox(p, 'slowlink@example.test')
  assert.is((await p.fetch(new Request(message.link))).status, 410)
  expectError(await call(p, 'GET', `/challenge/${linked.body.result[0].options.challenge_id}/v2`), 403, 'authentication has expired')

  // An expired bearer token on a step-up is the same error.
  const token = await signInWithOtp(p, 'stepper@example.test', 'org-short')
  clock.advance(121_000)
  expectError(await start(p, 'org-short', email('stepper@example.test'), 'otp_via_email', token), 401, 'authentication has expired')
  assert.equal((await call(p, 'POST', '/token/validate', { body: { token } })).body.result, { valid: false, invalidity_reason: 'expired' })
})

test('429: too many wrong answers on one challenge (policy maxAttempts) and too many codes per minute', async () => {
  const clock = manualClock()
  const p = emulator({ fixture: fixture(), clock })
  const started = await start(p, 'org-short', email('guess@example.test'))
  const { otp } = (await mailbox(p, 'guess@example.test'))[0]
  const wrong = otp === '999999' ? '000000' : '999999'
  for (let i = 0; i < 3; i++) expectError(await attest(p, started.body.result[0], { otp: wrong }), 401, 'incorrect one-time code')
  expectError(await attest(p, started.body.result[0], { otp }), 429, /too many attempts/)

  for (let i = 0; i < 60; i++) assert.is((await start(p, 'org-docs', email('spam@example.test'))).status, 200)
  expectError(await start(p, 'org-docs', email('spam@example.test')), 429, /too many/)
  clock.advance(60_001)
  assert.is((await start(p, 'org-docs', email('spam@example.test'))).status, 200)
  // The limit is a policy.
  await call(p, 'POST', '/__test/organizations', { body: { id: 'org-docs', policy: { maxSendsPerMinute: 2 } } })
  for (let i = 0; i < 2; i++) assert.is((await start(p, 'org-docs', email('few@example.test'))).status, 200)
  expectError(await start(p, 'org-docs', email('few@example.test')), 429, /too many/)
})

test("409 'person exists': a step-up that adds a handle already owned by another person", async () => {
  const p = emulator({ fixture: fixture() })
  const token = await signInWithOtp(p, 'someone@example.test', 'org-docs')
  expectError(await start(p, 'org-docs', email('ada@example.test'), 'otp_via_email', token), 409, 'person exists')
  // Adding a new handle to oneself works and keeps the person id.
  const stepped = await start(p, 'org-docs', phone('+12025550199'), 'otp_via_sms', token)
  const { otp } = (await mailbox(p, '+12025550199'))[0]
  const answered = await attest(p, stepped.body.result[0], { otp }, token)
  const claims = decode(answered.body.result.token)
  assert.is(claims.person_id, decode(token).person_id)
  assert.equal(claims.authenticated_methods, ['otp_via_email', 'otp_via_sms'])
  assert.is(claims.authentications.length, 2)
  assert.is(claims.prev_token_id, decode(token).jti)
})

test('400 malformed e-mail address / phone number, unreachable phone number', async () => {
  const p = emulator({ fixture: fixture() })
  for (const bad of ['not-an-email', 'a@b', 'two@@example.test', 'sp ace@example.test', '']) {
    expectError(await start(p, 'org-docs', email(bad)), 400, /^malformed e-mail address/)
  }
  for (const bad of ['12025550143', '+1', '+1 (202) 555-01x3', '+0123456789', '']) {
    expectError(await start(p, 'org-docs', phone(bad), 'otp_via_sms'), 400, /^malformed phone number/)
  }
  expectError(await start(p, 'org-docs', phone('+447700900999'), 'otp_via_sms'), 400, /^unreachable phone number/)
  expectError(await start(p, 'org-docs', phone('+9991234567'), 'sms_link'), 400, /^unreachable phone number/)
})

test('handle type and factor must agree (spec 001 §5); oidc takes no handle', async () => {
  const p = emulator({ fixture: fixture() })
  expectError(await start(p, 'org-docs', phone('+12025550143'), 'otp_via_email'), 400, /phone_number.*otp_via_email/)
  expectError(await start(p, 'org-docs', { type: 'username', value: 'ada' }, 'otp_via_email'), 400, /username/)
  expectError(await start(p, 'org-docs', email('ada@example.test'), 'oidc'), 400, /must not be used with a handle/)
  expectError(await start(p, 'org-docs', undefined, 'otp_via_email'), 400, /handle is required/)
})

test('unknown organization in a fixture with organizations: 404; a missing org header: 400', async () => {
  const p = emulator({ fixture: fixture() })
  expectError(await start(p, 'org-nope', email('a@example.test')), 404, /organization not found/)
  expectError(await call(p, 'POST', '/id/v2', { body: idBody(email('a@example.test'), 'otp_via_email') }), 400, /SlashID-OrgID/)
})

test('without a fixture any non-empty organization id works', async () => {
  const p = emulator()
  for (const org of ['org-1', 'acme', 'a0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e']) assert.is((await start(p, org, email('x@example.test'))).status, 200)
})

test.run()
