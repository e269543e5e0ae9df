/** Faults, clock, fixtures, malformed input and the /__test/* control endpoints. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { FixtureError, loadFixture } from '../../src/emulator/index.js'
import { BASE, call, email, emulator, idBody, mailbox, manualClock, ORG, signInWithOtp } from './helpers.js'

const fixtureFile = (name: string) => {
  const path = new URL(`./fixtures/${name}`, import.meta.url).pathname
  return { path, text: readFileSync(path, 'utf8') }
}

function fixtureError(text: string, name = 'f.yaml'): FixtureError {
  try {
    loadFixture(text, name)
  } catch (error) {
    assert.instance(error, FixtureError)
    return error as FixtureError
  }
  throw new assert.Assertion({ message: 'expected a FixtureError' } as never)
}

// --- faults ------------------------------------------------------------------------------------

test('fault: status and message, applied `times` times, then gone', async () => {
  const p = emulator()
  p.addFault({ path: '/id/v2', status: 503, message: 'maintenance', times: 2 })
  for (let i = 0; i < 2; i++) {
    const answer = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('f@example.test'), 'otp_via_email') })
    assert.is(answer.status, 503)
    assert.equal(answer.body, { errors: [{ httpcode: 503, message: 'maintenance' }] })
  }
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('f@example.test'), 'otp_via_email') })).status, 200)
  assert.equal(p.faults(), [])
})

test('fault: network drop makes the handler reject with a TypeError; skip lets requests through first', async () => {
  const p = emulator()
  p.addFault({ path: '/attestation/*', drop: true, times: 1 })
  p.addFault({ path: '/token/validate', method: 'POST', drop: true, skip: 1, times: 1 })
  try {
    await p.fetch(new Request(`${BASE}/attestation/v3`, { method: 'POST', body: '{}' }))
    assert.unreachable('should reject')
  } catch (error) {
    assert.instance(error, TypeError)
  }
  assert.is((await call(p, 'POST', '/token/validate', { body: { token: 'x' } })).status, 200)
  let rejected = false
  await p.fetch(new Request(`${BASE}/token/validate`, { method: 'POST', body: '{"token":"x"}' })).catch((e) => (rejected = e instanceof TypeError))
  assert.ok(rejected)
  assert.is((await call(p, 'POST', '/token/validate', { body: { token: 'x' } })).status, 200)
})

test('fault: delay waits on the injected clock, then answers normally', async () => {
  const clock = manualClock()
  const p = emulator({ clock })
  p.addFault({ path: '/token/validate', delayMs: 1500 })
  const before = clock.now()
  const answer = await call(p, 'POST', '/token/validate', { body: { token: 'x' } })
  assert.is(answer.status, 200)
  assert.equal(clock.sleeps, [1500])
  assert.is(clock.now() - before, 1500)
})

test('fault: delay with a clock without sleep uses real timers', async () => {
  const p = emulator()
  p.addFault({ path: '*', delayMs: 30, status: 500, times: 1 })
  const t0 = performance.now()
  const answer = await call(p, 'GET', '/.well-known/jwks.json')
  assert.ok(performance.now() - t0 >= 25)
  assert.is(answer.status, 500)
  assert.equal(answer.body.errors, [{ httpcode: 500, message: 'internal server error' }])
})

test('faults over /__test/faults: add, list, remove; bad rules are 400; /__test/* is never faulted', async () => {
  const p = emulator()
  const bad = await call(p, 'POST', '/__test/faults', { body: { path: '/id/v2', status: 'x' } })
  assert.is(bad.status, 400)
  assert.match(bad.body.errors[0].message, 'status')
  const added = await call(p, 'POST', '/__test/faults', { body: { path: '*', status: 500 } })
  assert.is(added.status, 201)
  assert.is((await call(p, 'GET', '/__test/faults')).body.result.length, 1)
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('a@example.test'), 'otp_via_email') })).status, 500)
  assert.is((await call(p, 'DELETE', `/__test/faults?id=${added.body.result.id}`)).status, 200)
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('a@example.test'), 'otp_via_email') })).status, 200)
  assert.throws(() => p.addFault({ path: '', status: 1 } as never), /invalid fault rule/)
})

test('faults from a fixture file (JSON, snake_case delay_ms)', async () => {
  const { path, text } = fixtureFile('faults.json')
  const fixture = loadFixture(text, path)
  assert.is(fixture.faults![1]!.delayMs, 250)
  const clock = manualClock()
  const p = emulator({ fixture, clock })
  const first = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('a@example.test'), 'otp_via_email') })
  assert.equal(first.body.errors[0], { httpcode: 503, message: 'scheduled maintenance' })
  assert.is((await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('a@example.test'), 'otp_via_email') })).status, 200)
  await call(p, 'POST', '/token/validate', { body: { token: 'x' } })
  assert.equal(clock.sleeps, [250])
})

// --- clock ---------------------------------------------------------------------------------------

test('/__test/clock moves time forward: codes expire', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('late@example.test'), 'otp_via_email') })
  const { otp } = (await mailbox(p, 'late@example.test'))[0]
  const before = Date.now()
  const moved = await call(p, 'POST', '/__test/clock', { body: { advance_ms: 601_000 } })
  assert.is(moved.status, 200)
  assert.ok(moved.body.result.now_ms >= before + 601_000)
  const answer = await call(p, 'POST', '/attestation/v3', { body: { challenge_id: started.body.result[0].id, challenge_type: 'otp', data: { otp } } })
  assert.is(answer.body.errors[0].message, 'authentication has expired')
  assert.is((await call(p, 'POST', '/__test/clock', { body: { now: '2030-01-01T00:00:00Z' } })).body.result.now, '2030-01-01T00:00:00.000Z')
  assert.is((await call(p, 'POST', '/__test/clock', { body: {} })).status, 400)
})

// --- fixtures ------------------------------------------------------------------------------------

test('loadFixture: the basic YAML fixture loads (snake_case keys normalised, free-form attributes untouched)', async () => {
  const { path, text } = fixtureFile('basic.yaml')
  const fixture = loadFixture(text, path)
  assert.is(fixture.organizations!.length, 7)
  assert.is(fixture.organizations![1]!.policy!.selfRegistration, false)
  assert.equal(fixture.persons![0]!.attributes!.end_user_read_write, { theme: 'dark' })
  assert.is(fixture.organizations![5]!.policy!.passwordRules![0]!.match_type, 'must_match')
})

test('loadFixture: errors carry file:line:col', () => {
  const syntax = fixtureFile('bad-syntax.yaml')
  const e1 = fixtureError(syntax.text, syntax.path)
  assert.match(e1.message, new RegExp(`^${syntax.path}:\\d+:\\d+: `))
  assert.is(e1.fileName, syntax.path)

  const regex = fixtureFile('bad-regex.yaml')
  const e2 = fixtureError(regex.text, 'bad-regex.yaml')
  assert.match(e2.message, /^bad-regex\.yaml:6:\d+: organizations\[0\]\.policy\.passwordRules\[0\]\.pattern: not a valid JavaScript regular expression/)

  const person = fixtureFile('bad-person.json')
  const e3 = fixtureError(person.text, 'bad-person.json')
  assert.match(e3.message, /^bad-person\.json:5:\d+: persons\[1\]\.email: malformed e-mail address: 'not-an-email'/)

  const e4 = fixtureError('organizations:\n  - id: a\n    polcy: {}\n')
  assert.is(e4.line, 3)
  assert.is(e4.column, 5)
  assert.is(e4.message, "f.yaml:3:5: organizations[0].polcy: unknown key 'polcy' in organizations[0] Did you mean 'policy'?")
  assert.match(fixtureError('- 1\n- 2\n').message, 'must be a map')
  assert.match(fixtureError('persons:\n  - { email: a@b.test, org: nope }\norganizations: [{ id: x }]\n').message, "unknown organization 'nope'")
  assert.match(fixtureError('faults:\n  - { path: /id/v2 }\n').message, /f\.yaml:2:\d+: faults\[0\]: a fault needs status, drop or delayMs/)
  assert.match(fixtureError('a: 1\na: 2\n').message, /^f\.yaml:2:1: /)
  assert.is(fixtureError('siteOrigins: [https://docs.acme.com/]\n').message, 'f.yaml:1:15: siteOrigins[0]: must be an origin: http(s), host and port only, like https://docs.example.com')
  assert.is(fixtureError('allowedHosts: ["x/__test"]\n').message, 'f.yaml:1:16: allowedHosts[0]: must be a host name with an optional port, like provider.lan:8787')
})

test('createProviderEmulator refuses an invalid fixture object with the problems listed', () => {
  assert.throws(() => emulator({ fixture: { persons: [{ email: 'a@example.test' }] } }), /invalid emulator fixture: persons\[0\]: org is required/)
  assert.throws(() => emulator({ fixture: { organizations: [{ id: 'a', policy: { maxAttempts: -1 } }] } as never }), /organizations\[0\]\.policy\.maxAttempts: must be from 1 to 1000, got -1/)
  assert.throws(() => emulator({ fixture: { faults: [{ path: '/x' }] } }), /faults\[0\]: a fault needs status, drop or delayMs/)
})

test('loadFixture: an empty file is an empty fixture', () => {
  assert.equal(loadFixture('', 'empty.yaml'), {})
  assert.equal(loadFixture('{}', 'empty.json'), {})
})

test('fixture persons: passwords are hashed (scrypt by default), TOTP secrets and groups are used', async () => {
  const { createProviderEmulator } = await import('../../src/emulator/index.js')
  const { path, text } = fixtureFile('basic.yaml')
  const p = createProviderEmulator({ fixture: loadFixture(text, path) })
  await p.ready
  const verify = await call(p, 'POST', '/id/v2', { org: 'org-docs', body: idBody(email('ada@example.test'), 'password') })
  assert.is(verify.body.result[0].type, 'password_verify')
  const answered = await call(p, 'POST', '/attestation/v3', { body: { challenge_id: verify.body.result[0].id, challenge_type: 'password_verify', data: { password: 'Analytical-Engine-1843' } } })
  assert.is(answered.status, 200)
  const claims = JSON.parse(Buffer.from(answered.body.result.token.split('.')[1], 'base64url').toString())
  assert.is(claims.person_id, 'pid_ada')
  assert.equal(claims.groups, ['admins'])
  const totp = await call(p, 'POST', '/id/v2', { org: 'org-docs', body: idBody(email('grace@example.test'), 'totp') })
  assert.is(totp.body.result[0].type, 'totp_verify')
  const recovery = await call(p, 'POST', '/attestation/v3', { body: { challenge_id: totp.body.result[0].id, challenge_type: 'totp_verify', data: { otp: 'aaaaa-bbbbb' } } })
  assert.is(recovery.status, 200)
})

test('the scrypt hasher: salted, verifies, refuses wrong passwords and foreign formats', async () => {
  const { scryptHasher } = await import('../../src/emulator/scrypt-hasher.js')
  const a = await scryptHasher.hash('correct horse')
  const b = await scryptHasher.hash('correct horse')
  assert.match(a, /^scrypt\$16384\$8\$1\$/)
  assert.is.not(a, b)
  assert.ok(await scryptHasher.verify('correct horse', a))
  assert.not.ok(await scryptHasher.verify('correct horsE', a))
  assert.not.ok(await scryptHasher.verify('x', 'plain$x'))
  assert.not.ok(await scryptHasher.verify('x', 'scrypt$0$8$1$AA$AA'))
})

// --- malformed input ------------------------------------------------------------------------------

test('malformed bodies get 400 with a clear message, never 500', async () => {
  const p = emulator()
  const cases: [string, string, string | undefined, RegExp][] = [
    ['/id/v2', 'POST', '{', /invalid JSON/],
    ['/id/v2', 'POST', '', /empty body/],
    ['/id/v2', 'POST', '[]', /expected a JSON object, got an array/],
    ['/id/v2', 'POST', '"x"', /got a string/],
    ['/id/v2', 'POST', 'null', /got null/],
    ['/id/v2', 'POST', '{}', /factor must be an object/],
    ['/id/v2', 'POST', '{"factor":{"method":"carrier-pigeon"}}', /factor\.method must be one of/],
    ['/id/v2', 'POST', '{"factor":{"method":7}}', /factor\.method must be a string/],
    ['/id/v2', 'POST', '{"factor":{"method":"otp_via_email"},"handle":"ada@example.test"}', /handle must be an object/],
    ['/id/v2', 'POST', '{"factor":{"method":"otp_via_email"},"handle":{"type":"fax","value":"1"}}', /handle\.type must be one of/],
    ['/id/v2', 'POST', '{"factor":{"method":"otp_via_email"},"handle":{"type":"email_address","value":{}}}', /handle\.value must be a string/],
    ['/id/v2', 'POST', '{"factor":{"method":"otp_via_email","options":[]},"handle":{"type":"email_address","value":"a@b.test"}}', /factor\.options must be an object/],
    ['/attestation/v3', 'POST', '{', /invalid JSON/],
    ['/attestation/v3', 'POST', '{"challenge_id":1}', /challenge_id must be a string/],
    ['/attestation/v3', 'POST', '{"challenge_id":"x","challenge_type":"otp"}', /data must be an object/],
    ['/token/validate', 'POST', '{"token":5}', /token must be a string/],
    ['/token/revoke', 'POST', '[1]', /expected a JSON object/],
    ['/recover', 'POST', '{"handle":null}', /handle must be an object/],
    ['/persons/anonymous', 'POST', '{"region":3}', /region must be a string/],
    ['/__test/groups', 'POST', '{"handle":{"type":"email_address","value":"a@b.test"},"groups":"admins"}', /groups must be a list/],
    ['/__test/clock', 'POST', '{"advance_ms":"soon"}', /advance_ms must be a number/],
  ]
  for (const [path, method, raw, message] of cases) {
    const answer = await call(p, method, path, { org: ORG, raw: raw ?? '', headers: { 'Content-Type': 'application/json' } })
    assert.is(answer.status, 400, `${path} ${raw}: ${JSON.stringify(answer.body)}`)
    assert.match(answer.body.errors[0].message, message, `${path} ${raw}`)
    assert.not.match(JSON.stringify(answer.body), /at .*\.ts:\d+/, 'no stack trace')
  }
  // Attestation type and data problems on a real challenge.
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('m@example.test'), 'otp_via_email') })
  const id = started.body.result[0].id
  const wrongType = await call(p, 'POST', '/attestation/v3', { body: { challenge_id: id, challenge_type: 'password_verify', data: { password: 'x' } } })
  assert.is(wrongType.status, 400)
  const missingOtp = await call(p, 'POST', '/attestation/v3', { body: { challenge_id: id, challenge_type: 'otp', data: { code: '1' } } })
  assert.is(missingOtp.status, 400)
  assert.match(missingOtp.body.errors[0].message, 'data.otp must be a string')
  assert.is((await call(p, 'POST', '/attestation/v3', { body: { challenge_id: 'ch_nope', challenge_type: 'otp', data: { otp: '1' } } })).status, 404)
})

test('odd URLs and methods: 404, 405, bad percent-encoding 400; a huge body 413', async () => {
  const p = emulator()
  assert.is((await call(p, 'GET', '/nope')).status, 404)
  assert.is((await call(p, 'GET', '/id/v2')).status, 405)
  assert.is((await call(p, 'GET', '/challenge/%E0%A4%A/v2')).status, 400)
  assert.is((await call(p, 'GET', '/challenge/unknown/v2')).status, 404)
  const huge = await call(p, 'POST', '/id/v2', { org: ORG, raw: `{"x":"${'a'.repeat(1_100_000)}"}` })
  assert.is(huge.status, 413)
  assert.is((await call(p, 'GET', '/__test/nope')).status, 404)
})

test('test endpoints can be switched off', async () => {
  const p = emulator({ testEndpoints: false })
  assert.is((await call(p, 'GET', '/__test/mailbox?handle=a@b.test')).status, 404)
  assert.is((await call(p, 'POST', '/__test/reset', { body: {} })).status, 404)
})

test('typed helpers: outbox, lastMessage, persons, setGroups, reset back to the fixture', async () => {
  const p = emulator({ fixture: { persons: [{ org: ORG, email: 'fix@example.test' }], organizations: [{ id: ORG }] } })
  await signInWithOtp(p, 'new@example.test')
  assert.is(p.outbox().length, 1)
  assert.is(p.lastMessage('NEW@example.test')!.method, 'otp_via_email')
  assert.is(p.persons().length, 2)
  p.setGroups(email('fix@example.test') as never, ['g1'])
  assert.equal(p.persons().find((x) => x.handles[0]!.value === 'fix@example.test')!.groups, ['g1'])
  await p.reset()
  assert.is(p.outbox().length, 0)
  assert.is(p.persons().length, 1)
  assert.equal(p.persons()[0]!.groups, [])
})

test('/__test/persons and /__test/organizations add state at run time', async () => {
  const p = emulator()
  const org = await call(p, 'POST', '/__test/organizations', { body: { id: 'org-run', policy: { selfRegistration: false } } })
  assert.is(org.status, 201)
  assert.is((await call(p, 'POST', '/id/v2', { org: 'org-run', body: idBody(email('z@example.test'), 'otp_via_email') })).status, 403)
  const person = await call(p, 'POST', '/__test/persons', { body: { org: 'org-run', email: 'z@example.test', groups: ['x'] } })
  assert.is(person.status, 201)
  assert.is((await call(p, 'POST', '/id/v2', { org: 'org-run', body: idBody(email('z@example.test'), 'otp_via_email') })).status, 200)
  assert.is((await call(p, 'GET', '/__test/persons?handle=z@example.test')).body.result.length, 1)
  const dup = await call(p, 'POST', '/__test/persons', { body: { org: 'org-run', email: 'z@example.test' } })
  assert.is(dup.status, 409)
  assert.is((await call(p, 'POST', '/__test/persons', { body: { org: 'org-run', emial: 'y@example.test' } })).status, 400)
  await call(p, 'POST', '/__test/organizations', { body: { id: 'org-second' } })
  const noOrg = await call(p, 'POST', '/__test/persons', { body: { email: 'y@example.test' } })
  assert.is(noOrg.status, 400)
  assert.match(noOrg.body.errors[0].message, 'org is required')
  assert.is((await call(p, 'POST', '/__test/organizations', { body: { id: 'x', policy: { linkStyle: 'pigeon' } } })).status, 400)
})

test.run()
