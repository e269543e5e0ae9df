// Manual check: the real @slashid/slashid SDK (3.29.x, not a dependency of this project) signs in
// against the emulator over HTTP, using only the wire protocol and /__test/* endpoints.
//
//   mkdir -p /tmp/sdk && (cd /tmp/sdk && npm init -y && npm install @slashid/slashid@3.29.6)
//   SLASHID_SDK=/tmp/sdk/node_modules/@slashid/slashid/dist/esmodule/slashid.esm.js \
//     node --import tsx test/emulator/real-sdk-check.mjs
//
// Prints PASS/FAIL per flow and exits 1 if any failed. Not part of `npm test`.
process.on('uncaughtException', (e) => { if (!/no remote/.test(e.message)) { console.error('uncaught', e); process.exit(1) } }); process.on('unhandledRejection', (e) => { if (!/no remote/.test(e?.message)) console.error('unhandled', e) })
import { Window } from 'happy-dom'
import { startProviderServer } from '../../src/emulator/node-server.ts'
import { totpCode } from '../../src/emulator/totp.ts'

const server = await startProviderServer({ port: 0 })
const base = server.url
const win = new Window({ url: 'http://localhost:3000/docs/' })
for (const key of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'HTMLElement', 'HTMLIFrameElement', 'MessageEvent']) {
  try { Object.defineProperty(globalThis, key, { value: key === 'window' ? win : win[key], configurable: true, writable: true }) } catch (e) { console.log('skip', key, e.message) }
}
win.fetch = globalThis.fetch.bind(globalThis)
if (!process.env.SLASHID_SDK) {
  console.error('set SLASHID_SDK to the path of @slashid/slashid/dist/esmodule/slashid.esm.js')
  process.exit(2)
}
const { SlashID } = await import(process.env.SLASHID_SDK)
const oid = 'org-docs'
const sid = new SlashID({ oid, baseURL: base, sdkURL: `${base}/sdk.html`, analyticsEnabled: true })
const mailbox = async (h) => (await (await fetch(`${base}/__test/mailbox?handle=${encodeURIComponent(h)}`)).json()).result
const later = (fn) => setTimeout(() => fn().catch((e) => console.error('handler', e)), 10)
let current = {}
sid.subscribe('otpCodeSent', () => later(async () => { const m = (await mailbox(current.handle)).at(-1); sid.publish('otpCodeSubmitted', current.wrongFirst-- > 0 ? '000000' : m.otp) }))
sid.subscribe('passwordSetReady', () => later(async () => sid.publish('passwordSubmitted', current.password)))
sid.subscribe('passwordVerifyReady', () => later(async () => sid.publish('passwordSubmitted', current.password)))
sid.subscribe('totpKeyGenerated', (e) => later(async () => { current.secret = new URL(e.uri).searchParams.get('secret'); current.recovery = e.recoveryCodes; current.qr = e.qrCode; sid.publish('otpCodeSubmitted', await totpCode(current.secret, Date.now() / 1000)) }))
sid.subscribe('totpCodeRequested', () => later(async () => sid.publish('otpCodeSubmitted', current.useRecovery ? current.recovery[0] : await totpCode(current.secret, Date.now() / 1000 + 30))))
sid.subscribe('otpIncorrectCodeSubmitted', () => console.log('  (incorrect code event)'))
const results = []
async function step(name, fn) {
  console.log("STEP", name)
  try { const r = await fn(); results.push(`PASS ${name}${r ? ' — ' + r : ''}`) } catch (e) { results.push(`FAIL ${name}: ${e?.name} ${e?.message}`) }
}
await step('otp_via_email (one wrong code first)', async () => {
  current = { handle: 'ada@example.test', wrongFirst: 1 }
  const user = await sid.id(oid, { type: 'email_address', value: 'ada@example.test' }, { method: 'otp_via_email' })
  const valid = await user.validateToken()
  return `${user.ID} first=${user.firstLogin} groups=${JSON.stringify(user.getGroups())} valid=${valid.valid}`
})
await step('otp_via_sms', async () => {
  current = { handle: '+447700900123' }
  const user = await sid.id(oid, { type: 'phone_number', value: '+447700900123' }, { method: 'otp_via_sms' })
  return user.authentication.join(',')
})
await step('password set then verify', async () => {
  current = { password: 'Vintage-Lamp-Oak-42' }
  const u1 = await sid.id(oid, { type: 'email_address', value: 'pw@example.test' }, { method: 'password' })
  const u2 = await sid.id(oid, { type: 'email_address', value: 'pw@example.test' }, { method: 'password' })
  return `${u1.ID === u2.ID} ${u2.authentication}`
})
await step('password for an existing person without one: the code first, then password_set', async () => {
  current = { handle: 'ada@example.test', password: 'Copper-Kettle-Moss-58' }
  const u1 = await sid.id(oid, { type: 'email_address', value: 'ada@example.test' }, { method: 'password' })
  const u2 = await sid.id(oid, { type: 'email_address', value: 'ada@example.test' }, { method: 'password' })
  return `${u1.ID === u2.ID} ${u1.authentication} then ${u2.authentication}`
})
await step('totp register then verify then recovery code', async () => {
  current = {}
  const u1 = await sid.id(oid, { type: 'email_address', value: 'totp@example.test' }, { method: 'totp' })
  const u2 = await sid.id(oid, { type: 'email_address', value: 'totp@example.test' }, { method: 'totp' })
  current.useRecovery = true
  const u3 = await sid.id(oid, { type: 'email_address', value: 'totp@example.test' }, { method: 'totp' })
  return `${u1.ID === u2.ID && u2.ID === u3.ID} qr=${current.qr?.length} codes=${current.recovery?.length}`
})
await step('email_link (follow link from mailbox)', async () => {
  const p = sid.id(oid, { type: 'email_address', value: 'link@example.test' }, { method: 'email_link' })
  setTimeout(async () => { const m = (await mailbox('link@example.test')).at(-1); await fetch(m.link) }, 1500)
  const user = await p
  return `${user.authentication} valid=${(await user.validateToken()).valid}`
})
await step('logout revokes', async () => {
  current = { handle: 'out@example.test' }
  const user = await sid.id(oid, { type: 'email_address', value: 'out@example.test' }, { method: 'otp_via_email' })
  await user.logout()
  const r = await fetch(`${base}/token/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: user.token }) })
  return JSON.stringify((await r.json()).result)
})
await step('error: malformed e-mail maps to named error', async () => {
  try { await sid.id(oid, { type: 'email_address', value: 'nope' }, { method: 'otp_via_email' }); return 'no error?!' } catch (e) { return `${e.name}: ${e.message}` }
})
await step('anonymous user', async () => {
  const anon = await sid.createAnonymousUser?.()
  return anon ? `${anon.anonymous} ${anon.ID}` : 'no createAnonymousUser'
})

sid.subscribe('passwordResetReady', () => later(async () => sid.publish('passwordSubmitted', current.password)))
await step('recover: link then new password, then sign in with it', async () => {
  current = { password: 'Vintage-Lamp-Oak-42' }
  await sid.id(oid, { type: 'email_address', value: 'rec@example.test' }, { method: 'password' })
  current = { password: 'Brand-New-Maple-77' }
  const p = sid.recover({ handle: { type: 'email_address', value: 'rec@example.test' }, factor: { method: 'password' } })
  setTimeout(async () => { const m = (await mailbox('rec@example.test')).at(-1); await fetch(m.link) }, 1200)
  await p
  const u = await sid.id(oid, { type: 'email_address', value: 'rec@example.test' }, { method: 'password' })
  return u.authentication.join(',')
})
await step('mfa adds a phone and keeps the person', async () => {
  current = { handle: 'mfa@example.test' }
  const user = await sid.id(oid, { type: 'email_address', value: 'mfa@example.test' }, { method: 'otp_via_email' })
  const id = user.ID
  current = { handle: '+12025550123' }
  await user.mfa({ type: 'phone_number', value: '+12025550123' }, { method: 'otp_via_sms' })
  return `${user.ID === id} ${user.authentication.join(',')}`
})
await step('getTokenForOrganization', async () => {
  current = { handle: 'sw@example.test' }
  const user = await sid.id(oid, { type: 'email_address', value: 'sw@example.test' }, { method: 'otp_via_email' })
  const t = await user.getTokenForOrganization('org-other')
  return JSON.parse(Buffer.from(t.split('.')[1], 'base64url')).oid
})
await step('getUserFromURL with a challenges link', async () => {
  await fetch(`${base}/__test/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'org-land', policy: { linkStyle: 'challenges' } }) })
  const sid2 = new SlashID({ oid: 'org-land', baseURL: base, sdkURL: `${base}/sdk.html`, analyticsEnabled: false })
  const p = sid2.id('org-land', { type: 'email_address', value: 'land@example.test' }, { method: 'email_link', options: { redirect_target: 'http://localhost:3000/docs/' } })
  await new Promise((r) => setTimeout(r, 300))
  const m = (await mailbox('land@example.test')).at(-1)
  win.happyDOM.setURL(m.link)
  const fromURL = await sid2.getUserFromURL()
  const u = await p
  return `${fromURL?.ID === u.ID}`
})
await step('hosted login: authorize page, code from the mailbox, resolveHostedLoginFlow', async () => {
  win.happyDOM.setURL('http://localhost:3000/docs/')
  let target
  const assign = win.location.assign
  win.location.assign = (url) => { target = String(url) }
  await sid.startHostedLoginFlow({ clientId: oid, redirectUri: 'http://localhost:3000/callback' })
  win.location.assign = assign
  const page = await (await fetch(target)).text()
  const loginId = /name="login_id" value="([^"]+)"/.exec(page)[1]
  const post = (fields) => fetch(`${base}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  await post({ login_id: loginId, email: 'hosted@example.test' })
  const { otp } = (await mailbox('hosted@example.test')).at(-1)
  const back = (await post({ login_id: loginId, email: 'hosted@example.test', otp })).headers.get('location')
  win.happyDOM.setURL(back)
  const user = await sid.resolveHostedLoginFlow()
  return `${user.oid} ${user.authentication}`
})
for (const [name, org, handle, method, setup] of [
  ['self-registration not allowed', 'org-closed', 'x@example.test', 'otp_via_email', { id: 'org-closed', policy: { selfRegistration: false } }],
  ['person cannot be registered', 'org-pat', 'x@evil.test', 'otp_via_email', { id: 'org-pat', policy: { allowedHandlePatterns: ['@example\\.test$'] } }],
  ['sign-up awaiting approval', 'org-appr', 'x@example.test', 'otp_via_email', { id: 'org-appr', policy: { approvalRequired: true } }],
  ['unreachable phone', oid, '+9995550123', 'otp_via_sms', null],
  ['malformed phone', oid, '12345', 'otp_via_sms', null],
]) {
  await step(`error: ${name}`, async () => {
    if (setup) await fetch(`${base}/__test/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(setup) })
    current = { handle }
    try { await sid.id(org, { type: method === 'otp_via_sms' ? 'phone_number' : 'email_address', value: handle }, { method }); return 'no error?!' } catch (e) { return `${e.name}: ${e.message}` }
  })
}
await step('error: rate limit (fault 429)', async () => {
  await fetch(`${base}/__test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/id/v2', status: 429, times: 1 }) })
  try { await sid.id(oid, { type: 'email_address', value: 'rl@example.test' }, { method: 'otp_via_email' }); return 'no error?!' } catch (e) { return `${e.name}: ${e.message}` }
})
await step('error: timeout (expired challenge)', async () => {
  const sub = () => later(async () => { await fetch(`${base}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 700000 }) }) })
  current = { handle: 'late@example.test' }
  sid.subscribe('otpCodeSent', sub)
  try { await sid.id(oid, { type: 'email_address', value: 'late@example.test' }, { method: 'otp_via_email' }); return 'no error?!' } catch (e) { return `${e.name}: ${e.message}` } finally { sid.unsubscribe('otpCodeSent', sub) }
})
await step('error: person exists (mfa with a taken handle)', async () => {
  current = { handle: 'owner@example.test' }
  await sid.id(oid, { type: 'email_address', value: 'owner@example.test' }, { method: 'otp_via_email' })
  current = { handle: 'thief@example.test' }
  const thief = await sid.id(oid, { type: 'email_address', value: 'thief@example.test' }, { method: 'otp_via_email' })
  current = { handle: 'owner@example.test' }
  try { await thief.mfa({ type: 'email_address', value: 'owner@example.test' }, { method: 'otp_via_email' }); return 'no error?!' } catch (e) { return `${e.name}: ${e.message}` }
})
console.log(results.join('\n'))
await server.close()
process.exit(results.some((r) => r.startsWith('FAIL')) ? 1 : 0)
