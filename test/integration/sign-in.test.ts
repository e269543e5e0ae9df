/** Every flow of spec 001 §4, the SDK against the emulator in-process. */

import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { LoginFlow } from '../../src/identity/index.js'
import { prompted, recordEvents, rejection, until } from '../identity/helpers.js'
import { ada, phone, totpFromKeyURI, world } from './helpers.js'



/** Wait for the flow to ask again after a rejected answer. */
const reasked = (flow: LoginFlow, kind: string) => prompted(flow, kind, true)

test('OTP by e-mail: wrong code, then the code from the mailbox', async () => {
  const w = world()
  const client = w.client()
  const events = recordEvents(client)
  const handle = ada()
  const flow = client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  const message = await w.lastMessage(handle.value)
  assert.is(message.method, 'otp_via_email')
  assert.match(message.otp, /^\d{6}$/)
  flow.submitOtp(message.otp === '000000' ? '111111' : '000000')
  await reasked(flow, 'otp')
  flow.submitOtp(message.otp)
  const user = await flow.done()
  assert.is(user.oid, 'org-docs')
  assert.is(user.personType, 'regular')
  assert.equal(user.authenticatedMethods, ['otp_via_email'])
  assert.equal(user.authentications[0]!.handle, handle)
  assert.equal(user.groups, [])
  assert.ok(events.names().includes('otpIncorrectCodeSubmitted'))
  assert.equal(await client.validateToken(user.token).then((v) => v.valid), true)
})

test('OTP by SMS: wrong code, then right; groups set through /__test/groups appear in the token', async () => {
  const w = world()
  const handle = phone()
  await w.emulator.fetch(new Request('http://provider.test/__test/groups', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ handle, groups: ['admins'] }),
  }))
  const client = w.client()
  const events = recordEvents(client)
  const flow = client.identify(handle, { method: 'otp_via_sms' })
  await prompted(flow, 'otp')
  const { otp } = await w.lastMessage(handle.value)
  flow.submitOtp(otp === '999999' ? '123456' : '999999')
  await reasked(flow, 'otp')
  flow.submitOtp(otp)
  const user = await flow.done()
  assert.equal(user.groups, ['admins'])
  assert.ok(events.names().includes('otpSmsSent'))
})

test('e-mail link: the person follows the link, the polling SDK gets the token', async () => {
  const w = world()
  const client = w.client()
  const handle = ada()
  const flow = client.identify(handle, { method: 'email_link' })
  await prompted(flow, 'waiting')
  await w.clock.tickAsync(2000)
  const message = await w.lastMessage(handle.value)
  assert.is(message.method, 'email_link')
  const page = await w.follow(message.link)
  assert.is(page.status, 200)
  await w.clock.tickAsync(1000)
  const user = await flow.done()
  assert.equal(user.authenticatedMethods, ['email_link'])
  assert.ok(w.calls('GET', `/challenge/${message.challenge_id}/v2`).length >= 3)
})

test('SMS link: same, with a phone handle', async () => {
  const w = world()
  const client = w.client()
  const handle = phone()
  const flow = client.identify(handle, { method: 'sms_link' })
  await prompted(flow, 'waiting')
  await w.follow((await w.lastMessage(handle.value)).link)
  await w.clock.tickAsync(1000)
  assert.equal((await flow.done()).authenticatedMethods, ['sms_link'])
})

test('e-mail link to a landing page: another tab signs in with getUserFromURL, the first tab gets its token', async () => {
  for (const linkStyle of ['challenges', 'pack'] as const) {
    const w = world()
    w.emulator.upsertOrganization({ id: 'org-docs', policy: { linkStyle, landingURL: 'https://docs.test/docs/' } })
    const first = w.client()
    const handle = ada()
    const flow = first.identify(handle, { method: 'email_link' })
    await prompted(flow, 'waiting')
    const { link } = await w.lastMessage(handle.value)
    assert.match(link, linkStyle === 'pack' ? 'https://docs.test/docs/?sidcp=' : 'https://docs.test/docs/?challenges=')
    const landing = w.client()
    const events = recordEvents(landing)
    const landed = await landing.getUserFromURL(link)
    assert.equal(landed!.authentications.at(-1)!.handle, handle)
    assert.equal(events.names(), ['userAuthenticatedFromURL', 'idFlowSucceeded'])
    await w.clock.tickAsync(1000)
    const user = await flow.done()
    assert.is(user.personId, landed!.personId)
  }
})

// Passwords failing each default rule of the emulator (spec 001 §5), then one that passes.
const FAILING: Array<[string, string]> = [
  ['Sh0rt!', 'length'],
  ['my-P4ssw0rd-here', 'password_variants'],
  ['the-4dm1n-account', 'admin_variants'],
  ['super-Us3r-name', 'user_variants'],
  ['xx-lmnop-zz', 'alphanumeric_sequences_1'],
  ['xx-zyxw-qq', 'alphanumeric_sequences_2'],
  ['pin-3456-ok', 'numeric_sequences_ascending'],
  ['pin-9876-ok', 'numeric_sequences_descending'],
  ['sunshine12', 'common_password_xkcd'],
]
const GOOD_PASSWORD = 'Velociraptor-Tea-Party-42'

async function signUpWithPassword(w: ReturnType<typeof world>, handle: { type: 'email_address'; value: string }, password = GOOD_PASSWORD) {
  const client = w.client()
  const flow = client.identify(handle, { method: 'password' })
  await prompted(flow, 'passwordSet')
  flow.submitPassword(password)
  return flow.done()
}

test('password set: each rule failing is re-asked with that rule named, then a good one signs up', async () => {
  const w = world()
  const client = w.client()
  const events = recordEvents(client)
  const flow = client.identify(ada(), { method: 'password' })
  let state = await prompted(flow, 'passwordSet', false)
  for (const [password, rule] of FAILING) {
    const previous = state.prompt
    flow.submitPassword(password)
    state = await until(flow, (s) => s.prompt?.kind === 'passwordSet' && s.prompt !== previous)
    assert.equal((state.prompt as any).failedRules.map((r: any) => r.name), [rule], password)
  }
  assert.is(w.calls('POST', '/attestation/v3').length, 0)
  flow.submitPassword(GOOD_PASSWORD)
  const user = await flow.done()
  assert.equal(user.authenticatedMethods, ['password'])
  assert.is(events.names().filter((n) => n === 'invalidPasswordSubmitted').length, FAILING.length)
})

test('wrong password, then the right one', async () => {
  const w = world()
  const handle = ada()
  await signUpWithPassword(w, handle)
  const client = w.client()
  const events = recordEvents(client)
  const flow = client.identify(handle, { method: 'password' })
  await prompted(flow, 'passwordVerify')
  flow.submitPassword('Not-The-Right-One-77')
  await reasked(flow, 'passwordVerify')
  flow.submitPassword(GOOD_PASSWORD)
  await flow.done()
  assert.equal(events.names().filter((n) => n.endsWith('Submitted')), ['passwordSubmitted', 'incorrectPasswordSubmitted', 'passwordSubmitted'])
})

test('password reset: recover, follow the e-mailed link, choose a new password, sign in with it', async () => {
  const w = world()
  const handle = ada()
  await signUpWithPassword(w, handle)
  const client = w.client()
  const flow = client.recover(handle)
  await prompted(flow, 'waiting')
  const message = await w.lastMessage(handle.value)
  assert.is(message.purpose, 'password_reset')
  await w.follow(message.link)
  await w.clock.tickAsync(1000)
  await prompted(flow, 'passwordReset')
  flow.submitPassword('pin-1234-ok')
  await until(flow, (s) => (s.prompt as any)?.failedRules?.length === 1)
  flow.submitPassword('A-Brand-New-Stegosaurus-9')
  await flow.done()

  const again = w.client().identify(handle, { method: 'password' })
  await prompted(again, 'passwordVerify')
  again.submitPassword('A-Brand-New-Stegosaurus-9')
  await again.done()
})

test('recovery errors: no password set (403) and a username', async () => {
  const w = world()
  const handle = ada()
  const otp = w.client().identify(handle, { method: 'otp_via_email' })
  await prompted(otp, 'otp')
  otp.submitOtp((await w.lastMessage(handle.value)).otp)
  await otp.done()
  const error = await rejection(w.client().recover(handle).done())
  assert.is(error.code, 'noPasswordSet')
  assert.is((await rejection(w.client().recover({ type: 'username', value: 'ada' }).done())).code, 'recoverNonReachableHandleType')
})

test('TOTP: register with recovery codes (wrong code first), confirm the codes, later verify', async () => {
  const w = world()
  const handle = ada()
  const client = w.client()
  const flow = client.identify(handle, { method: 'totp' })
  const registration = (await prompted(flow, 'totpRegister')).prompt as any
  assert.match(registration.uri, /^otpauth:\/\/totp\//)
  assert.ok(registration.qrCode.length > 100)
  assert.ok(registration.recoveryCodes.length >= 8)
  const right = totpFromKeyURI(registration.uri, w.clock.now)
  flow.submitOtp(right === '000000' ? '111111' : '000000')
  await reasked(flow, 'totpRegister')
  flow.submitOtp(right)
  const stored = await until(flow, (s) => s.status === 'storeRecoveryCodes')
  assert.equal(stored.recoveryCodes, registration.recoveryCodes)
  flow.confirmRecoveryCodes()
  await flow.done()

  await w.clock.tickAsync(30_000)
  const later = w.client().identify(handle, { method: 'totp' })
  await prompted(later, 'totpVerify')
  later.submitOtp(totpFromKeyURI(registration.uri, w.clock.now))
  const user = await later.done()
  assert.equal(user.authenticatedMethods, ['totp'])
  assert.is(later.state.status, 'success')
})

test('hosted login: PKCE S256 and CSRF state through the emulator’s authorize page', async () => {
  const w = world()
  const assigned: string[] = []
  const window = { location: { href: 'https://docs.test/docs/', assign: (url: string) => void assigned.push(url) } }
  const client = w.client({}, { window })
  const url = await client.startHostedLogin({ clientId: 'org-docs', redirectUri: 'https://docs.test/callback' })
  assert.equal(assigned, [url])
  const page = await (await w.fetch(url)).text()
  const loginId = /name="login_id" value="([^"]+)"/.exec(page)![1]!
  const handle = ada()
  const post = (fields: Record<string, string>) =>
    w.fetch(`${new URL(url).origin}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
  await post({ login_id: loginId, email: handle.value })
  const { otp } = await w.lastMessage(handle.value)
  const redirect = await post({ login_id: loginId, email: handle.value, otp })
  assert.is(redirect.status, 302)
  const back = redirect.headers.get('Location')!
  assert.match(back, 'https://docs.test/callback?code=')
  const user = await client.completeHostedLogin(back)
  assert.equal(user!.authentications.at(-1)!.handle, handle)
  assert.is(client.user, user)

  // A forged state never reaches /oauth2/tokens.
  await client.startHostedLogin({ clientId: 'org-docs', redirectUri: 'https://docs.test/callback' })
  const tokenCalls = w.calls('POST', '/oauth2/tokens').length
  assert.is((await rejection(client.completeHostedLogin('https://docs.test/callback?code=x&state=forged'))).message, 'CSRF token mismatch')
  assert.is(w.calls('POST', '/oauth2/tokens').length, tokenCalls)
})

test('organization switching: a token for the other org, then back to the stored one', async () => {
  const w = world()
  const handle = ada()
  const client = w.client({ tokenStorage: 'localStorage' })
  const flow = client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  const home = await flow.done()

  const events = recordEvents(client)
  const switched = await client.switchOrganization('org-lab').done()
  assert.is(switched.oid, 'org-lab')
  assert.equal(events.seen.find((e) => e.name === 'idFlowSucceeded')!.payload.factor, { method: 'otp_via_email' })
  assert.is(client.user!.oid, 'org-lab')
  assert.equal(client.orgSwitching, { state: 'idle' })
  const back = await client.switchOrganization('org-docs').done()
  assert.is(back.token, home.token)
  assert.is(w.calls('POST', '/token/v2').length, 1)
})

test('organization switching that asks for another factor (challenge list)', async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-vault', policy: { switchFactor: 'otp_via_email' } })
  const handle = ada()
  const client = w.client()
  const flow = client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  await flow.done()
  const switching = client.switchOrganization('org-vault')
  await prompted(switching, 'otp')
  assert.equal(client.orgSwitching, { state: 'switching', oid: 'org-vault' })
  assert.is(w.session.getItem('@slashid/ORG_SWITCHING'), 'in_progress')
  switching.submitOtp((await w.lastMessage(handle.value)).otp)
  const user = await switching.done()
  assert.is(user.oid, 'org-vault')
  assert.is(w.session.getItem('@slashid/ORG_SWITCHING'), null)
})

test('anonymous users: created at start, upgraded in place by a sign-in, token storage swapped', async () => {
  const w = world()
  const client = w.client({ anonymousUsersEnabled: true, tokenStorage: 'localStorage' })
  const anonymous = await client.start()
  assert.is(anonymous!.anonymous, true)
  assert.is(client.sdkState, 'ready')
  assert.ok(w.local.getItem('@slashid/ANONYMOUS_USER_TOKEN/org-docs'))
  const handle = ada()
  const flow = client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  const user = await flow.done()
  assert.is(user.anonymous, false)
  assert.is(user.personId, anonymous!.personId)
  assert.is(user.claims.prev_anonymous_person_id, anonymous!.personId)
  assert.is(w.local.getItem('@slashid/ANONYMOUS_USER_TOKEN/org-docs'), null)
  assert.is(w.local.getItem('@slashid/USER_TOKEN/org-docs'), user.token)

  // A reload finds the stored token; a logout revokes it.
  const reloaded = w.client({ anonymousUsersEnabled: true, tokenStorage: 'localStorage' })
  assert.is((await reloaded.start())!.token, user.token)
  await reloaded.logout()
  assert.is((await reloaded.validateToken(user.token)).valid, false)
})

test('MFA: a second factor steps up the signed-in user', async () => {
  const w = world()
  const handle = ada()
  const client = w.client()
  const first = client.identify(handle, { method: 'otp_via_email' })
  await prompted(first, 'otp')
  first.submitOtp((await w.lastMessage(handle.value)).otp)
  await first.done()
  const mfa = client.mfa(handle, { method: 'password' })
  await prompted(mfa, 'passwordSet')
  mfa.submitPassword(GOOD_PASSWORD)
  const user = await mfa.done()
  assert.equal(user.authenticatedMethods, ['otp_via_email', 'password'])
})

test('SSO (oidc popup): the popup URL signs the person in, the proxy poll delivers the token', async () => {
  const w = world()
  const opened: string[] = []
  const window = {
    location: { href: 'https://docs.test/docs/', assign: () => {} },
    open: (url: string) => (opened.push(url), { closed: false, close() {} }),
  }
  const client = w.client({}, { window })
  const flow = client.identify(undefined, { method: 'oidc', options: { provider: 'google', client_id: 'cid' } })
  await prompted(flow, 'waiting')
  const handle = ada()
  await w.follow(`${opened[0]}?email=${encodeURIComponent(handle.value)}`)
  await w.clock.tickAsync(1000)
  const user = await flow.done()
  assert.equal(user.authenticatedMethods, ['oidc'])
})

test('cancelling a link flow stops the polling', async () => {
  const w = world()
  const client = w.client()
  const flow = client.identify(ada(), { method: 'email_link' })
  await prompted(flow, 'waiting')
  await w.clock.tickAsync(2000)
  flow.cancel()
  const polls = w.requests.length
  await w.clock.tickAsync(5000)
  assert.is(w.requests.length, polls)
  assert.is(flow.state.status, 'initial')
})

test.run()
