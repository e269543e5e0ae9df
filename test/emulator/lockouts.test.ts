/** Brute force: failed answers counted per person and per handle across challenges, with back-off. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { totpCode } from '../../src/emulator/index.js'
import { attest, BASE, call, email, emulator, idBody, manualClock, ORG } from './helpers.js'

const person = { org: ORG, email: 'locked@example.test', password: 'Right-horse-staple-8', totpSecret: 'JBSWY3DPEHPK3PXP' }
const start = async (p: ReturnType<typeof emulator>, method: string, address = 'locked@example.test') =>
  call(p, 'POST', '/id/v2', { org: ORG, body: idBody(email(address), method) })

test('200 wrong passwords over fresh challenges: 429 with Retry-After after 10, and the right one is refused while locked', async () => {
  const clock = manualClock()
  const p = emulator({ clock, fixture: { persons: [person] } })
  const statuses: number[] = []
  for (let i = 0; i < 200; i++) {
    const started = await start(p, 'password')
    if (started.status !== 200) {
      statuses.push(started.status)
      continue
    }
    statuses.push((await attest(p, started.body.result[0], { password: `wrong-${i}` })).status)
  }
  assert.equal(statuses.slice(0, 10), Array(10).fill(401))
  assert.ok(statuses.slice(10).every((s) => s === 429))
  const locked = await start(p, 'password')
  assert.is(locked.status, 429)
  assert.is(locked.headers.get('retry-after'), '60')
  assert.is(locked.body.errors[0].message, 'too many failed attempts: try again in 60 s')

  // A challenge begun before the lockout is refused too, even with the right password.
  clock.advance(60_000)
  const verify = (await start(p, 'password')).body.result[0]
  for (let i = 0; i < 4; i++) await attest(p, verify, { password: 'wrong' })
  const other = (await start(p, 'password')).body.result[0]
  for (let i = 0; i < 5; i++) await attest(p, other, { password: 'wrong' })
  await attest(p, (await start(p, 'password')).body.result[0], { password: 'wrong' })
  const right = await attest(p, verify, { password: person.password })
  assert.is(right.status, 429)
  assert.is(right.headers.get('retry-after'), '120', 'the second lockout is twice as long')
  clock.advance(120_000)
  assert.is((await attest(p, (await start(p, 'password')).body.result[0], { password: person.password })).status, 200)
})

test('500 wrong TOTP codes never get through, and a locked handle gets no new codes either', async () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 4, 0, 10))
  const p = emulator({ clock, fixture: { persons: [person] } })
  const right = await totpCode(person.totpSecret, clock.now() / 1000)
  const wrong = right === '000000' ? '111111' : '000000'
  let limited = 0
  for (let i = 0; i < 500; i++) {
    const started = await start(p, 'totp')
    const status = started.status === 200 ? (await attest(p, started.body.result[0], { otp: wrong })).status : started.status
    if (status === 429) limited++
  }
  assert.is(limited, 490)
  const otp = await start(p, 'otp_via_email')
  assert.is(otp.status, 429)
})

test('one-time codes: parallel wrong guesses are all counted against the handle, which is then locked', async () => {
  const p = emulator({ fixture: { organizations: [{ id: ORG, policy: { maxAttempts: 50 } }] } })
  const started = await start(p, 'otp_via_email', 'fresh@example.test')
  const { otp } = p.lastMessage('fresh@example.test')!
  const wrong = otp === '000000' ? '111111' : '000000'
  const answers = await Promise.all(Array.from({ length: 15 }, () => attest(p, started.body.result[0], { otp: wrong })))
  assert.equal(answers.map((a) => a.status).sort(), [...Array(10).fill(401), ...Array(5).fill(429)])
  assert.is((await attest(p, started.body.result[0], { otp })).status, 429)
  assert.is((await start(p, 'otp_via_email', 'fresh@example.test')).status, 429)
})

test('the limits come from the policy (fixture or /__test/organizations); /__test/lockouts lists and clears them', async () => {
  const p = emulator({ fixture: { persons: [person], organizations: [{ id: ORG, policy: { failuresBeforeLockout: 2, lockoutSeconds: 5, maxLockoutSeconds: 7 } }] } })
  for (let i = 0; i < 2; i++) await attest(p, (await start(p, 'password')).body.result[0], { password: 'wrong' })
  assert.is((await start(p, 'password')).headers.get('retry-after'), '5')
  const listed = await call(p, 'GET', '/__test/lockouts')
  assert.equal(listed.body.result.map((l: { key: string }) => l.key).sort(), [`${ORG}|handle:email_address:locked@example.test`, `${ORG}|person:${p.persons()[0]!.person_id}`])
  assert.ok(listed.body.result.every((l: { locked_until?: string }) => typeof l.locked_until === 'string'))
  assert.is((await call(p, 'DELETE', '/__test/lockouts')).status, 200)
  assert.is((await start(p, 'password')).status, 200)
  const changed = await call(p, 'POST', '/__test/organizations', { body: { id: ORG, policy: { failuresBeforeLockout: 1, lockoutSeconds: 9 } } })
  assert.is(changed.status, 201)
  await attest(p, (await start(p, 'password')).body.result[0], { password: 'wrong' })
  assert.is((await start(p, 'password')).headers.get('retry-after'), '9')
  for (const bad of [{ failuresBeforeLockout: 0 }, { lockoutSeconds: 1e300 }, { maxLockoutSeconds: 1.5 }]) {
    const refused = await call(p, 'POST', '/__test/organizations', { body: { id: ORG, policy: bad } })
    assert.is(refused.status, 400, JSON.stringify(bad))
  }
})

test('the simulated IdP page counts failed codes per handle too', async () => {
  const p = emulator({ fixture: { persons: [person], organizations: [{ id: ORG, policy: { failuresBeforeLockout: 3 } }] } })
  const [oidc] = (await call(p, 'POST', '/id/v2', { org: ORG, body: idBody(undefined, 'oidc', { provider: 'google', client_id: 'x' }) })).body.result
  const post = (fields: Record<string, string>) => p.fetch(new Request(oidc.options.auth_code_url, { method: 'POST', body: new URLSearchParams(fields) }))
  await post({ email: 'locked@example.test' })
  const code = p.lastMessage('locked@example.test')!.otp!
  const wrong = code === '000000' ? '111111' : '000000'
  const statuses = []
  for (let i = 0; i < 4; i++) statuses.push((await post({ email: 'locked@example.test', otp: wrong })).status)
  assert.equal(statuses, [401, 401, 401, 429])
  const refused = await post({ email: 'locked@example.test', otp: code })
  assert.is(refused.status, 429)
  assert.ok(Number(refused.headers.get('retry-after')) > 0)
})

test('the hosted login page counts failed codes per handle too', async () => {
  const p = emulator({ fixture: { persons: [person], organizations: [{ id: ORG, policy: { failuresBeforeLockout: 2 } }] } })
  const query = new URLSearchParams({ redirect_uri: 'http://localhost:3000/cb', client_id: ORG, response_type: 'code', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' })
  const page = await (await p.fetch(new Request(`${BASE}/oauth2/authorize?${query}`))).text()
  const loginId = /name="login_id" value="([^"]+)"/.exec(page)![1]!
  const form = (fields: Record<string, string>) => p.fetch(new Request(`${BASE}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams({ login_id: loginId, ...fields }) }))
  await form({ email: 'locked@example.test' })
  const code = p.lastMessage('locked@example.test')!.otp!
  const wrong = code === '000000' ? '111111' : '000000'
  assert.equal([(await form({ email: 'locked@example.test', otp: wrong })).status, (await form({ email: 'locked@example.test', otp: wrong })).status], [401, 401])
  const locked = await form({ email: 'locked@example.test', otp: code })
  assert.is(locked.status, 429)
  assert.is(locked.headers.get('retry-after'), '60')
  assert.match(await locked.text(), 'too many failed attempts: try again in 60 s')
})

test.run()
