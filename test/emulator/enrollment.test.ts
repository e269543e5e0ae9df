/**
 * Account takeover: a new factor (password, authenticator) or a new handle is added to an existing
 * person only after proof of the handle (a code) or with that person's own token (step-up).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { totpCode } from '../../src/emulator/index.js'
import { attest, call, decode, email, emulator, idBody, ORG, signInWithOtp } from './helpers.js'

const victim = { org: ORG, email: 'victim@example.test', groups: ['admins'] }
const start = async (p: ReturnType<typeof emulator>, handle: unknown, method: string, token?: string, org = ORG) =>
  call(p, 'POST', '/id/v2', { org, body: idBody(handle, method), ...(token ? { token } : {}) })

test('password on an existing person without one: [otp, password_set]; the password is refused until the code is given', async () => {
  const p = emulator({ fixture: { persons: [victim] } })
  const started = await start(p, email('victim@example.test'), 'password')
  assert.is(started.status, 200)
  const [otp, set] = started.body.result
  assert.equal(started.body.result.map((c: { type: string }) => c.type), ['otp', 'password_set'])
  assert.is(otp.authentication_method, 'otp_via_email')
  assert.ok(set.options.validation_rules.regular_expressions.length > 0)
  const early = await attest(p, set, { password: 'Attacker-horse-staple-1' })
  assert.is(early.status, 401)
  assert.is(early.body.errors[0].message, 'handle not verified yet: enter the code that was sent first')
  assert.is(p.persons()[0]!.has_password, false)

  const code = p.lastMessage('victim@example.test')!.otp!
  assert.is((await attest(p, otp, { otp: code })).status, 200)
  const done = await attest(p, set, { password: 'Owner-horse-staple-2' })
  assert.is(done.status, 200)
  assert.equal(decode(done.body.result.token).authenticated_methods, ['password'])
  assert.is(p.persons()[0]!.has_password, true)
})

test('TOTP on an existing person without one: [otp, totp_register], refused until the code is given', async () => {
  const now = Date.UTC(2026, 10, 22, 4, 0, 10)
  const p = emulator({ clock: { now: () => now }, fixture: { persons: [victim] } })
  const started = await start(p, email('victim@example.test'), 'totp')
  const [otp, register] = started.body.result
  assert.equal([otp.type, register.type], ['otp', 'totp_register'])
  const secret = new URL(register.options.key_uri).searchParams.get('secret')!
  assert.is((await attest(p, register, { otp: await totpCode(secret, now / 1000) })).status, 401)
  assert.is(p.persons()[0]!.has_totp, false)
  await attest(p, otp, { otp: p.lastMessage('victim@example.test')!.otp! })
  assert.is((await attest(p, register, { otp: await totpCode(secret, now / 1000) })).status, 200)
  assert.is(p.persons()[0]!.has_totp, true)
})

test('strictEnrollment and a username (no way to prove it) answer 403 instead', async () => {
  const strict = emulator({ fixture: { organizations: [{ id: ORG, policy: { strictEnrollment: true } }], persons: [victim] } })
  const refused = await start(strict, email('victim@example.test'), 'password')
  assert.equal([refused.status, refused.body.errors[0].message], [403, 'no password set'])
  const p = emulator({ fixture: { persons: [{ org: ORG, username: 'grace', totpSecret: 'JBSWY3DPEHPK3PXP' }] } })
  const username = await start(p, { type: 'username', value: 'grace' }, 'password')
  assert.equal([username.status, username.body.errors[0].message], [403, 'no password set'])
})

test('a stale pre-registration (password_set or totp_register) completed after the owner signed up is refused, strict or not', async () => {
  for (const strictEnrollment of [false, true]) {
    const now = Date.UTC(2026, 10, 22, 4, 0, 10)
    const p = emulator({ clock: { now: () => now }, fixture: { organizations: [{ id: ORG, policy: { strictEnrollment } }] } })
    const [set] = (await start(p, email('late@example.test'), 'password')).body.result
    const [register] = (await start(p, email('late@example.test'), 'totp')).body.result
    assert.equal([set.type, register.type], ['password_set', 'totp_register'])
    const owner = decode(await signInWithOtp(p, 'late@example.test'))
    const stale = await attest(p, set, { password: 'Attacker-horse-staple-1' })
    assert.equal([stale.status, stale.body.errors[0].message], [409, 'person exists'], `strict ${strictEnrollment}`)
    const secret = new URL(register.options.key_uri).searchParams.get('secret')!
    assert.is((await attest(p, register, { otp: await totpCode(secret, now / 1000) })).status, 409)
    const person = p.persons().find((x) => x.person_id === owner.person_id)!
    assert.equal([person.has_password, person.has_totp], [false, false])
  }
})

test('step-up: the person’s own token adds a password directly; a new e-mail handle needs its code first', async () => {
  const p = emulator()
  const token = await signInWithOtp(p, 'me@example.test')
  const own = await start(p, email('me@example.test'), 'password', token)
  assert.equal(own.body.result.map((c: { type: string }) => c.type), ['password_set'])
  const other = await start(p, email('second@example.test'), 'password', token)
  assert.equal(other.body.result.map((c: { type: string }) => c.type), ['otp', 'password_set'])
  assert.is((await attest(p, other.body.result[1], { password: 'Second-horse-staple-3' }, token)).status, 401)
  assert.is(p.persons()[0]!.handles.length, 1)
})

test('groups set for a handle before sign-up reach only a person who proved the handle', async () => {
  const p = emulator()
  await call(p, 'POST', '/__test/groups', { body: { handle: email('admin@example.test'), groups: ['admins'] } })
  const [set] = (await start(p, email('admin@example.test'), 'password')).body.result
  const squatter = decode((await attest(p, set, { password: 'Squatter-horse-staple-1' })).body.result.token)
  assert.equal(squatter.groups, [])
  // The owner proves the address: the groups arrive, and the password nobody proved is gone.
  const owner = decode(await signInWithOtp(p, 'admin@example.test'))
  assert.is(owner.person_id, squatter.person_id)
  assert.equal(owner.groups, ['admins'])
  assert.equal((await start(p, email('admin@example.test'), 'password')).body.result.map((c: { type: string }) => c.type), ['otp', 'password_set'])
})

test('org switching matches persons of the target organization by proven handles only', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG }, { id: 'org-b' }], persons: [{ org: 'org-b', email: 'victim@example.test', groups: ['admins'] }] } })
  const [set] = (await start(p, email('victim@example.test'), 'password')).body.result
  const squatter = (await attest(p, set, { password: 'Squatter-horse-staple-1' })).body.result.token
  const switched = await call(p, 'POST', '/token/v2', { org: 'org-b', token: squatter, body: {} })
  assert.equal([switched.status, switched.body.errors[0].message], [409, 'person exists'])
})

test('the simulated IdP signs in as an existing person only with the code sent to that address', async () => {
  const p = emulator({ fixture: { persons: [victim] } })
  const [oidc, proxy] = (await start(p, undefined, 'oidc')).body.result
  const post = (fields: Record<string, string>) => p.fetch(new Request(oidc.options.auth_code_url, { method: 'POST', body: new URLSearchParams(fields) }))
  const asked = await post({ email: 'victim@example.test' })
  assert.is(asked.status, 200)
  assert.match(await asked.text(), 'name="otp"')
  assert.is((await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).status, 202)
  const code = p.lastMessage('victim@example.test')!.otp!
  assert.is((await post({ email: 'victim@example.test', otp: code === '000000' ? '111111' : '000000' })).status, 401)
  assert.is((await post({ email: 'victim@example.test', otp: code })).status, 200)
  const token = (await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).body.result
  assert.equal(decode(token).groups, ['admins'])
})

test.run()
