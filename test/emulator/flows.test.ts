import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { totpCode } from '../../src/emulator/index.js'
import { attest, BASE, call, decode, email, emulator, idBody, mailbox, manualClock, ORG, phone, signInWithOtp } from './helpers.js'

const secretOf = (keyURI: string) => new URL(keyURI).searchParams.get('secret')!

test('OTP by e-mail: /id/v2 → [otp], the code is in the mailbox, attestation returns a token with §8 claims', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('Ada@Example.test'), 'otp_via_email') })
  assert.is(started.status, 200)
  assert.is(started.body.result.length, 1)
  const challenge = started.body.result[0]
  assert.is(challenge.type, 'otp')
  assert.is(challenge.authentication_method, 'otp_via_email')
  assert.type(challenge.id, 'string')
  const messages = await mailbox(p, 'ada@example.test')
  assert.is(messages.length, 1)
  assert.is(messages[0].method, 'otp_via_email')
  assert.is(messages[0].challenge_id, challenge.id)
  assert.match(messages[0].otp, /^\d{6}$/)
  assert.equal(messages[0].handle, email('ada@example.test'))
  const answered = await attest(p, challenge, { otp: messages[0].otp })
  assert.is(answered.status, 200)
  const claims = decode(answered.body.result.token)
  assert.is(claims.oid, ORG)
  assert.is(claims.person_type, 'regular')
  assert.match(claims.person_id, /^pid_/)
  assert.equal(claims.authenticated_methods, ['otp_via_email'])
  assert.equal(claims.authentications[0].handle, email('ada@example.test'))
  assert.is(claims.authentications[0].method, 'otp_via_email')
  assert.equal(claims.groups, [])
  assert.is(claims.first_token, true)
  assert.is(claims.iss, BASE)
  assert.ok(claims.exp > claims.iat)
  // Same handle again: same person id, no longer the first token.
  const again = decode(await signInWithOtp(p, 'ada@example.test'))
  assert.is(again.person_id, claims.person_id)
  assert.is(again.first_token, false)
})

test('OTP by SMS; the mailbox accepts an unencoded + (arrives as a space)', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(phone('+44 7700 900123'), 'otp_via_sms') })
  assert.is(started.status, 200)
  const inbox = await call(p, 'GET', '/__test/mailbox?handle=+447700900123')
  assert.is(inbox.body.result.length, 1)
  assert.is(inbox.body.result[0].method, 'otp_via_sms')
  const answered = await attest(p, started.body.result[0], { otp: inbox.body.result[0].otp })
  assert.is(answered.status, 200)
  assert.equal(decode(answered.body.result.token).authentications[0].handle, phone('+447700900123'))
})

test('a wrong code answers 401 and keeps the challenge open; the right code then works', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('b@example.test'), 'otp_via_email') })
  const challenge = started.body.result[0]
  const { otp } = (await mailbox(p, 'b@example.test'))[0]
  const wrongCode = otp === '000000' ? '111111' : '000000'
  const wrong = await attest(p, challenge, { otp: wrongCode })
  assert.is(wrong.status, 401)
  assert.equal(wrong.body.errors[0].httpcode, 401)
  assert.is((await attest(p, challenge, { otp })).status, 200)
})

test('brute force: after 5 wrong codes the challenge answers 429, even with the right code', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('brute@example.test'), 'otp_via_email') })
  const challenge = started.body.result[0]
  const { otp } = (await mailbox(p, 'brute@example.test'))[0]
  const wrongCode = otp === '000000' ? '111111' : '000000'
  for (let i = 0; i < 5; i++) assert.is((await attest(p, challenge, { otp: wrongCode })).status, 401)
  const locked = await attest(p, challenge, { otp })
  assert.is(locked.status, 429)
  assert.is(locked.body.errors[0].httpcode, 429)
})

test('parallel guesses cannot get past the attempt limit; two parallel right answers mint one token', async () => {
  const p = emulator({ fixture: { persons: [{ org: ORG, email: 'par@example.test', password: 'Parallel-Horse-81' }] } })
  const verify = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('par@example.test'), 'password') })).body.result[0]
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attest(p, verify, { password: `guess-${i}` })))
  assert.is(answers.filter((a) => a.status === 401).length, 5)
  assert.is(answers.filter((a) => a.status === 429).length, 15)

  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('twice@example.test'), 'otp_via_email') })
  const { otp } = (await mailbox(p, 'twice@example.test'))[0]
  const both = await Promise.all([attest(p, started.body.result[0], { otp }), attest(p, started.body.result[0], { otp })])
  assert.equal(both.map((a) => a.status), [200, 200])
  assert.is(both[1]!.body.result.token, both[0]!.body.result.token, 'one token, given to both')
})

test('an answered challenge: the same data within 60 s gets the same token (a lost answer can be retried); other data or later is 409', async () => {
  const clock = manualClock()
  const p = emulator({ clock })
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('replay@example.test'), 'otp_via_email') })
  const { otp } = (await mailbox(p, 'replay@example.test'))[0]
  const first = await attest(p, started.body.result[0], { otp })
  assert.is(first.status, 200)
  const personsBefore = p.persons().length
  clock.advance(59_000)
  const retried = await attest(p, started.body.result[0], { otp: ` ${otp}` })
  assert.is(retried.status, 409, 'other data (even a code with a space) is not the same answer')
  const again = await attest(p, started.body.result[0], { otp })
  assert.is(again.status, 200)
  assert.is(again.body.result.token, first.body.result.token)
  assert.is(p.persons().length, personsBefore)
  clock.advance(1_000)
  const late = await attest(p, started.body.result[0], { otp })
  assert.is(late.status, 409)
  assert.is(late.body.errors[0].message, 'challenge has already been answered')
  assert.is(late.body.result, undefined)
})

test('a retried password attestation returns the same token; a nonce retried too; a failed attestation is not replayable', async () => {
  const p = emulator({ fixture: { defaultPolicy: { linkStyle: 'challenges', landingURL: 'http://localhost:3000/docs/' } } })
  const set = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('pwretry@example.test'), 'password') })).body.result[0]
  const a = await attest(p, set, { password: 'Retry-horse-staple-5' })
  const b = await attest(p, set, { password: 'Retry-horse-staple-5' })
  assert.equal([a.status, b.status], [200, 200])
  assert.is(b.body.result.token, a.body.result.token)
  assert.is((await attest(p, set, { password: 'Other-horse-staple-6' })).status, 409)

  await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('nonce@example.test'), 'email_link') })
  const [nonce] = JSON.parse(Buffer.from(new URL((await mailbox(p, 'nonce@example.test'))[0].link).searchParams.get('challenges')!, 'base64url').toString())
  const n1 = await attest(p, nonce, { challenge: nonce.options.challenge })
  const n2 = await attest(p, nonce, { challenge: nonce.options.challenge })
  assert.is(n2.body.result.token, n1.body.result.token)

  const q = emulator({ fixture: { organizations: [{ id: ORG, policy: { approvalRequired: true } }] } })
  const otpStart = (await call(q, 'POST', '/id/v2', { org: ORG, body: idBody(email('wait@example.test'), 'otp_via_email') })).body.result[0]
  const code = q.lastMessage('wait@example.test')!.otp!
  assert.is((await attest(q, otpStart, { otp: code })).status, 403)
  assert.is((await attest(q, otpStart, { otp: code })).status, 409)
})

test('e-mail link: [proxy], polling answers 2xx with one httpcode-202 error until the link is fetched, then the token string', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('link@example.test'), 'email_link') })
  const [proxy] = started.body.result
  assert.is(proxy.type, 'proxy')
  assert.is(proxy.authentication_method, 'email_link')
  const pollPath = `/challenge/${proxy.options.challenge_id}/v2`
  const pending = await call(p, 'GET', pollPath)
  assert.is(pending.status, 202)
  assert.equal(pending.body, { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] })
  const [message] = await mailbox(p, 'link@example.test')
  assert.is(message.method, 'email_link')
  assert.ok(message.link.startsWith(`${BASE}/link/`))
  const clicked = await p.fetch(new Request(message.link))
  assert.is(clicked.status, 200)
  assert.match(await clicked.text(), 'You are now authenticated!')
  const done = await call(p, 'GET', pollPath)
  assert.is(done.status, 200)
  assert.type(done.body.result, 'string')
  assert.equal(decode(done.body.result).authenticated_methods, ['email_link'])
  // The link works once.
  assert.is((await p.fetch(new Request(message.link))).status, 410)
})

test('SMS link works the same way', async () => {
  const p = emulator()
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(phone('+15005550006'), 'sms_link') })
  const [message] = await mailbox(p, '+15005550006')
  assert.is(message.method, 'sms_link')
  await p.fetch(new Request(message.link))
  const done = await call(p, 'GET', `/challenge/${started.body.result[0].options.challenge_id}/v2`)
  assert.is(done.status, 200)
  assert.equal(decode(done.body.result).authenticated_methods, ['sms_link'])
})

test('landing-page links: ?challenges= carries a nonce whose attestation completes the proxy; ?sidcp= packs too', async () => {
  const p = emulator({ fixture: { defaultPolicy: { linkStyle: 'challenges' } } })
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('land@example.test'), 'email_link', { redirect_target: 'http://localhost:3000/docs/' }) })
  const [message] = await mailbox(p, 'land@example.test')
  const link = new URL(message.link)
  assert.is(link.origin + link.pathname, 'http://localhost:3000/docs/')
  const challenges = JSON.parse(Buffer.from(link.searchParams.get('challenges')!, 'base64url').toString())
  assert.is(challenges[0].type, 'nonce')
  const wrong = await attest(p, challenges[0], { challenge: 'nope' })
  assert.is(wrong.status, 401)
  const answered = await attest(p, challenges[0], { challenge: challenges[0].options.challenge })
  assert.is(answered.status, 200)
  const polled = await call(p, 'GET', `/challenge/${started.body.result[0].options.challenge_id}/v2`)
  assert.is(polled.body.result, answered.body.result.token)
  assert.is((await attest(p, challenges[0], { challenge: challenges[0].options.challenge })).body.result.token, answered.body.result.token)
  assert.is((await attest(p, challenges[0], { challenge: 'other' })).status, 409)

  const packed = emulator({ fixture: { defaultPolicy: { linkStyle: 'pack', landingURL: 'http://localhost:3000/' } } })
  const s2 = await call(packed, 'POST', '/id/v2', { org: ORG, body: idBody(email('pack@example.test'), 'email_link') })
  const packId = new URL((await mailbox(packed, 'pack@example.test'))[0].link).searchParams.get('sidcp')!
  const pack = await call(packed, 'GET', `/challenge_pack/${packId}`)
  assert.is(pack.status, 200)
  const nonce = pack.body.result[0]
  assert.is((await attest(packed, nonce, { challenge: nonce.options.challenge })).status, 200)
  assert.is((await call(packed, 'GET', `/challenge/${s2.body.result[0].id}/v2`)).status, 200)
})

test('password: first sign-in gets password_set with the default rules; later ones password_verify', async () => {
  const p = emulator()
  const first = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('pw@example.test'), 'password') })
  const set = first.body.result[0]
  assert.is(set.type, 'password_set')
  const names = set.options.validation_rules.regular_expressions.map((r: { name: string }) => r.name)
  for (const name of ['length', 'password_variants', 'admin_variants', 'user_variants', 'numeric_sequences_ascending', 'numeric_sequences_descending', 'common_password_xkcd']) {
    assert.ok(names.includes(name), name)
  }
  for (const rule of set.options.validation_rules.regular_expressions) new RegExp(rule.pattern) // all valid JS
  const rejected = await attest(p, set, { password: 'short' })
  assert.is(rejected.status, 400)
  assert.match(rejected.body.errors[0].message, 'length')
  for (const bad of ['MyPassword99!', 'theadmin-x-99', 'superuser-77x', 'xx1234yy-zz', 'xx9876yy-zz', 'abcdQ-993-xy', 'qwerty123', 'correcthorsebatterystaple']) {
    assert.is((await attest(p, set, { password: bad })).status, 400, bad)
  }
  const ok = await attest(p, set, { password: 'Tr0ub4dor&3-horse' })
  assert.is(ok.status, 200)
  assert.equal(decode(ok.body.result.token).authenticated_methods, ['password'])

  const second = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('pw@example.test'), 'password') })
  const verify = second.body.result[0]
  assert.is(verify.type, 'password_verify')
  assert.equal(verify.options, {})
  const wrong = await attest(p, verify, { password: 'not-it-at-all' })
  assert.is(wrong.status, 401)
  assert.is(wrong.body.errors[0].message, 'incorrect handle or password')
  assert.is((await attest(p, verify, { password: 'Tr0ub4dor&3-horse' })).status, 200)
})

test('password reset: /recover → [proxy, password_reset]; the reset needs the link first', async () => {
  const p = emulator({ fixture: { persons: [{ org: ORG, email: 'reset@example.test', password: 'Old-horse-staple-9' }] } })
  const recovered = await call(p, 'POST', '/recover', { org: ORG, body: { handle: email('reset@example.test'), factor: { method: 'password' } } })
  assert.is(recovered.status, 200)
  const [proxy, reset] = recovered.body.result
  assert.is(proxy.type, 'proxy')
  assert.is(reset.type, 'password_reset')
  assert.ok(reset.options.validation_rules.regular_expressions.length > 0)
  assert.is((await attest(p, reset, { password: 'New-horse-staple-7' })).status, 401)
  const [message] = await mailbox(p, 'reset@example.test')
  assert.is(message.purpose, 'password_reset')
  await p.fetch(new Request(message.link))
  assert.is((await call(p, 'GET', `/challenge/${proxy.options.challenge_id}/v2`)).status, 200)
  assert.is((await attest(p, reset, { password: 'New-horse-staple-7' })).status, 200)
  const verify = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('reset@example.test'), 'password') })).body.result[0]
  assert.is((await attest(p, verify, { password: 'Old-horse-staple-9' })).status, 401)
  assert.is((await attest(p, verify, { password: 'New-horse-staple-7' })).status, 200)
})

test('TOTP: register (key_uri, PNG QR code, recovery codes) then verify; reuse of a code and wrong codes are 401; recovery codes work once', async () => {
  let now = Date.UTC(2026, 10, 22, 4, 0, 0)
  const p = emulator({ clock: { now: () => now } })
  const started = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('totp@example.test'), 'totp') })
  const reg = started.body.result[0]
  assert.is(reg.type, 'totp_register')
  assert.match(reg.options.key_uri, /^otpauth:\/\/totp\/[^?]+\?secret=[A-Z2-7]+&/)
  const png = Buffer.from(reg.options.qr_code_data_b64, 'base64')
  assert.equal([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  assert.is(reg.options.recovery_codes.length, 10)
  const secret = secretOf(reg.options.key_uri)
  assert.is((await attest(p, reg, { otp: '123' })).status, 401)
  const code = await totpCode(secret, now / 1000)
  assert.is((await attest(p, reg, { otp: code })).status, 200)

  const verify = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('totp@example.test'), 'totp') })).body.result[0]
  assert.is(verify.type, 'totp_verify')
  assert.is((await attest(p, verify, { otp: code })).status, 401, 'the same code twice')
  now += 30_000
  assert.is((await attest(p, verify, { otp: await totpCode(secret, now / 1000) })).status, 200)

  const withRecovery = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('totp@example.test'), 'totp') })).body.result[0]
  assert.is((await attest(p, withRecovery, { otp: reg.options.recovery_codes[3] })).status, 200)
  const again = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('totp@example.test'), 'totp') })).body.result[0]
  assert.is((await attest(p, again, { otp: reg.options.recovery_codes[3] })).status, 401)
})

test('TOTP accepts one step of drift either side, not two', async () => {
  let now = Date.UTC(2026, 10, 22, 4, 0, 15)
  const p = emulator({ clock: { now: () => now }, fixture: { persons: [{ org: ORG, email: 'drift@example.test', totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' }] } })
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
  const start = async () => (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('drift@example.test'), 'totp') })).body.result[0]
  assert.is((await attest(p, await start(), { otp: await totpCode(secret, now / 1000 - 60) })).status, 401)
  assert.is((await attest(p, await start(), { otp: await totpCode(secret, now / 1000 - 30) })).status, 200)
  assert.is((await attest(p, await start(), { otp: await totpCode(secret, now / 1000 + 30) })).status, 200)
})

test('TOTP RFC 6238 Appendix B vectors (SHA-1, 8 digits) and their 6-digit tails', async () => {
  const seed = new TextEncoder().encode('12345678901234567890')
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ]
  for (const [time, expected] of vectors) {
    assert.is(await totpCode(seed, time, 8), expected, `T=${time}`)
    assert.is(await totpCode(seed, time), expected.slice(2), `T=${time}, 6 digits`)
    assert.is(await totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', time), expected.slice(2), `T=${time}, base32`)
  }
  assert.is(await totpCode('JBSWY3DPEHPK3PXP', 1700000000), '324550')
})

test('tokens: JWKS verifies a real token with jose (ES256); validate says valid with expiry', async () => {
  const p = emulator()
  const token = await signInWithOtp(p, 'jwks@example.test')
  const jwks = await call(p, 'GET', '/.well-known/jwks.json')
  assert.is(jwks.status, 200)
  assert.is(jwks.body.keys[0].alg, 'ES256')
  assert.is(jwks.body.keys[0].d, undefined, 'no private part')
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks.body), { issuer: BASE, algorithms: ['ES256'] })
  assert.is(protectedHeader.alg, 'ES256')
  assert.is(payload.oid, ORG)
  const validated = await call(p, 'POST', '/token/validate', { body: { token }, token })
  assert.is(validated.status, 200)
  assert.is(validated.body.result.valid, true)
  assert.ok(validated.body.result.expires_in_seconds > 3500)
  assert.ok(!Number.isNaN(new Date(validated.body.result.expires_at).getTime()))
})

test('tokens: tampered, alg:none, HS256, garbage, expired and revoked tokens are valid:false (HTTP 200)', async () => {
  let now = Date.UTC(2026, 10, 22, 4, 0, 0)
  const p = emulator({ clock: { now: () => now } })
  const token = await signInWithOtp(p, 'bad@example.test')
  const [h, body, sig] = token.split('.') as [string, string, string]
  const claims = decode(token)
  const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['admins'] })).toString('base64url')
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`
  const flippedSig = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA')
  const cases: [string, string][] = [
    ['payload changed after signing', `${h}.${forged}.${sig}`],
    ['signature altered', `${h}.${body}.${flippedSig}`],
    ['alg none', none],
    ['RFC 7519 alg none', 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.'],
    ['RFC 7515 HS256', 'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'],
    ['two segments', `${h}.${body}`],
    ['not a JWT', 'hello'],
  ]
  for (const [name, bad] of cases) {
    const answer = await call(p, 'POST', '/token/validate', { body: { token: bad } })
    assert.is(answer.status, 200, name)
    assert.equal(answer.body.result, { valid: false, invalidity_reason: 'invalid_token_content' }, name)
  }
  now += 3601_000
  const expired = await call(p, 'POST', '/token/validate', { body: { token } })
  assert.equal(expired.body.result, { valid: false, invalidity_reason: 'expired' })

  now = Date.UTC(2026, 10, 22, 4, 0, 0)
  const fresh = await signInWithOtp(p, 'rev@example.test')
  const revoked = await call(p, 'POST', '/token/revoke', { body: { token: fresh }, token: fresh })
  assert.is(revoked.status, 204)
  const after = await call(p, 'POST', '/token/validate', { body: { token: fresh } })
  assert.is(after.body.result.valid, false)
  // A revoked token no longer works as a bearer either.
  assert.is((await call(p, 'GET', '/me', { token: fresh })).status, 401)
})

test('forged bearer tokens (alg none, tampered, foreign key) are refused with 401 wherever a bearer is used', async () => {
  const p = emulator()
  const other = emulator()
  const token = await signInWithOtp(p, 'victim@example.test')
  const [, body] = token.split('.') as [string, string]
  const forged = [
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`,
    `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...decode(token), person_id: 'pid_admin' })).toString('base64url')}.${token.split('.')[2]}`,
    await signInWithOtp(other, 'victim@example.test'),
  ]
  for (const bad of forged) {
    assert.is((await call(p, 'GET', '/me', { token: bad })).status, 401)
    assert.is((await call(p, 'POST', '/token/v2', { org: 'org-x', token: bad, body: {} })).status, 401)
    assert.is((await call(p, 'POST', '/id/v2', { org: ORG, token: bad, body: idBody(email('victim@example.test'), 'otp_via_email') })).status, 401)
  }
  assert.is((await call(p, 'GET', '/me', { token })).status, 200)
})

test('an organization from another emulator instance (other key) is not valid here', async () => {
  const a = emulator()
  const b = emulator()
  const token = await signInWithOtp(a, 'x@example.test')
  assert.is((await call(b, 'POST', '/token/validate', { body: { token } })).body.result.valid, false)
})

test('/__test/groups sets groups before the first sign-in and for later tokens', async () => {
  const p = emulator()
  const set = await call(p, 'POST', '/__test/groups', { body: { handle: email('G@example.test'), groups: ['admins'] } })
  assert.is(set.status, 200)
  assert.equal(decode(await signInWithOtp(p, 'g@example.test')).groups, ['admins'])
  await call(p, 'POST', '/__test/groups', { body: { handle: email('g@example.test'), groups: ['staff', 'beta'] } })
  assert.equal(decode(await signInWithOtp(p, 'g@example.test')).groups, ['staff', 'beta'])
})

test('mailbox: [] for unknown handles, all messages oldest first, reset forgets', async () => {
  const p = emulator()
  assert.equal(await mailbox(p, 'nobody@example.test'), [])
  await signInWithOtp(p, 'm@example.test')
  await signInWithOtp(p, 'm@example.test')
  const list = await mailbox(p, 'm@example.test')
  assert.is(list.length, 2)
  assert.ok(list[0].created_at <= list[1].created_at)
  assert.is((await call(p, 'POST', '/__test/reset', { body: {} })).status, 200)
  assert.equal(await mailbox(p, 'm@example.test'), [])
})

test('CORS: preflight allows the SDK headers; answers carry Allow-Origin and expose Location', async () => {
  const p = emulator()
  const pre = await p.fetch(
    new Request(`${BASE}/id/v2`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,slashid-orgid,slashid-sdkversion' },
    }),
  )
  assert.ok(pre.status >= 200 && pre.status < 300)
  assert.is(pre.headers.get('access-control-allow-origin'), 'http://localhost:3000')
  assert.match(pre.headers.get('access-control-allow-methods')!, 'POST')
  assert.match(pre.headers.get('access-control-allow-headers')!.toLowerCase(), 'slashid-orgid')
  const real = await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email('c@example.test'), 'otp_via_email'), headers: { Origin: 'http://localhost:3000' } })
  assert.is(real.headers.get('access-control-allow-origin'), 'http://localhost:3000')
  assert.match(real.headers.get('access-control-expose-headers')!, 'Location')
  const failed = await call(p, 'POST', '/id/v2', { raw: '{', headers: { Origin: 'http://x.test' } })
  assert.is(failed.headers.get('access-control-allow-origin'), 'http://x.test')
})

test.run()
