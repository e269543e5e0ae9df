import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { textToBase64url } from '../../src/identity/encoding.js'
import type { FactorMethod, Handle } from '../../src/identity/index.js'
import { eventually, fakeWindow, flush, makeToken, ok, prompted, recordEvents, rejection, setup, tickUntilSettled } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const PHONE = { type: 'phone_number', value: '+15550001111' } as const
const TOKEN = makeToken({ authentications: [{ handle: EMAIL, method: 'email_link' }] })
const MALLORY = makeToken({
  person_id: 'pid_mallory',
  authentications: [{ handle: { type: 'email_address', value: 'mallory@evil.test' }, method: 'email_link' }],
})
const NONCE = { id: 'n1', type: 'nonce', authentication_method: 'email_link', options: { challenge: 'abc' } }
const PENDING = { status: 202, body: { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] } }

const link = (list: unknown) => `https://docs.test/docs/?challenges=${textToBase64url(JSON.stringify(list))}&x=1`

/** Tab A of the browser asks for a sign-in link and waits for it. */
async function waitForLink(context: ReturnType<typeof setup>, handle: Handle | undefined = EMAIL, method: FactorMethod = 'email_link') {
  context.provider.on('POST /id/v2', ok([{ id: 'p1', type: 'proxy', authentication_method: method, options: { challenge_id: 'p1' } }]))
  context.provider.on('GET /challenge/p1/v2', PENDING)
  const tabA = context.tab()
  const flow = tabA.identify(handle, { method })
  await prompted(flow, 'waiting')
  return flow
}

test("start(): a crafted link carrying someone else's proxy challenge signs nobody in and sends nothing", async () => {
  const page = fakeWindow(link([{ id: 'x', type: 'proxy', options: { challenge_id: 'attackers' } }]))
  const { client, provider, clock, log } = setup({}, { window: page.window })
  provider.on('GET /challenge/attackers/v2', ok(MALLORY))
  const events = recordEvents(client)
  const started = client.start()
  await tickUntilSettled(clock, started)
  assert.is(await started, undefined)
  assert.is(client.user, undefined)
  assert.is(provider.requests.length, 0)
  assert.equal(events.names(), ['clientSideError'])
  const error = events.seen[0]!.payload.error
  assert.is(error.code, 'invalidSlashIDURLParamsError')
  assert.is(error.message, "A sign-in link may carry only 'nonce' challenges, this one carries 'proxy'")
  assert.equal(page.replaced, ['https://docs.test/docs/?x=1'])
  assert.match(log.errors[0]!, 'Signing in from the URL failed')
})

test('a link may carry only well-formed nonce challenges of an e-mail or SMS link; anything else is refused unsent', async () => {
  const cases: Array<[unknown, string]> = [
    ...['otp', 'password_verify', 'password_set', 'totp_verify', 'oidc', 'saml', 'webauthn_get', 'authn_context_update', 'ui_customization'].map(
      (type): [unknown, string] => [[{ id: 'c1', type, options: {} }], `A sign-in link may carry only 'nonce' challenges, this one carries '${type}'`],
    ),
    [[NONCE, { id: 'c2', type: 'proxy', options: { challenge_id: 'p' } }], "A sign-in link may carry only 'nonce' challenges, this one carries 'proxy'"],
    [[{ id: 'n', type: 'nonce', options: {} }], "A 'nonce' challenge in a sign-in link needs a string id and options.challenge"],
    [[{ type: 'nonce', options: { challenge: 'a' } }], "A 'nonce' challenge in a sign-in link needs a string id and options.challenge"],
    [['nonce'], "A sign-in link may carry only 'nonce' challenges, this one carries 'undefined'"],
    [[{ ...NONCE, authentication_method: 'oidc' }], "A sign-in link answers an e-mail or SMS link, not 'oidc'"],
    [[], 'The sign-in link carries no challenges'],
    [{ id: 'n1' }, 'The sign-in link carries no challenges'],
    [Array.from({ length: 9 }, () => NONCE), 'A sign-in link carries at most 8 challenges, this one 9'],
  ]
  for (const [list, message] of cases) {
    const context = setup()
    await waitForLink(context)
    const before = context.provider.requests.length
    const error = await rejection(context.client.getUserFromURL(link(list)))
    assert.is(error.code, 'invalidSlashIDURLParamsError')
    assert.is(error.message, message)
    assert.is(context.provider.requests.length, before, `nothing sent for ${JSON.stringify(list).slice(0, 60)}`)
  }
  const { client } = setup()
  const long = await rejection(client.getUserFromURL(`https://docs.test/?challenges=${'A'.repeat(8193)}`))
  assert.is(long.message, "The 'challenges' URL parameter is longer than 8192 characters")
  const longPack = await rejection(client.getUserFromURL(`https://docs.test/?sidcp=${'p'.repeat(257)}`))
  assert.is(longPack.message, "The 'sidcp' URL parameter is longer than 256 characters")
})

test('a nonce link this browser did not ask for is refused before anything is sent', async () => {
  const { client, provider } = setup()
  provider.on('POST /attestation/v3', ok({ token: MALLORY }))
  const events = recordEvents(client)
  const error = await rejection(client.getUserFromURL(link([NONCE])))
  assert.is(error.code, 'invalidSlashIDURLParamsError')
  assert.is(error.message, 'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here')
  assert.is(provider.requests.length, 0)
  assert.equal(events.names(), ['clientSideError'])
  assert.is(client.user, undefined)
})

test('a link this browser waits for signs it in; the record ends with the flow', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  const { client, provider, local } = context
  const flow = await waitForLink(context)
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const events = recordEvents(client)
  const user = await client.getUserFromURL(link([NONCE]))
  assert.is(user!.token, TOKEN)
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), TOKEN)
  assert.equal(provider.calls('POST /attestation/v3')[0]!.body, { challenge_id: 'n1', challenge_type: 'nonce', data: { challenge: 'abc' } })
  assert.equal(events.names(), ['userAuthenticatedFromURL', 'idFlowSucceeded'])
  // A link followed twice, or after the flow that asked for it ended, finds nothing to answer.
  flow.cancel()
  const again = await rejection(context.tab().getUserFromURL(link([NONCE])))
  assert.is(again.message, 'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here')
})

test("a link for another person than the one this browser waits for is refused; that token is revoked, not kept", async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  const { client, provider, local } = context
  await waitForLink(context)
  provider.sequence('POST /attestation/v3', [ok({ token: MALLORY }), ok({ token: TOKEN })])
  provider.on('POST /token/revoke', { status: 204 })
  const events = recordEvents(client)
  const error = await rejection(client.getUserFromURL(link([NONCE])))
  assert.is(error.code, 'invalidSlashIDURLParamsError')
  assert.is(error.message, 'This sign-in link is for another person than the one this browser asked a link for')
  assert.is(client.user, undefined)
  assert.is(local.getItem('@slashid/USER_TOKEN/org-test'), null)
  assert.equal(provider.calls('POST /token/revoke')[0]!.body, { token: MALLORY })
  assert.equal(events.names(), ['clientSideError'])
  // The record is kept: the right link can still be followed.
  assert.is((await client.getUserFromURL(link([NONCE])))!.token, TOKEN)
})

test('an SMS link needs a pending SMS link; a step-up link without a handle is bound to the signed-in person', async () => {
  const sms = setup()
  await waitForLink(sms, PHONE, 'sms_link')
  const wrongKind = await rejection(sms.client.getUserFromURL(link([NONCE])))
  assert.is(wrongKind.message, 'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here')
  const phoneToken = makeToken({ authentications: [{ handle: PHONE, method: 'sms_link' }] })
  sms.provider.on('POST /attestation/v3', ok({ token: phoneToken }))
  const signedIn = await sms.tab().getUserFromURL(link([{ ...NONCE, authentication_method: 'sms_link' }]))
  assert.is(signedIn!.token, phoneToken)

  const stepUp = setup()
  stepUp.provider.on('POST /token/validate', ok({ valid: true }))
  const current = makeToken({ person_id: 'pid_1' })
  const tabA = stepUp.tab({ initialToken: current })
  await tabA.start()
  stepUp.provider.on('POST /id/v2', ok([{ id: 'p1', type: 'proxy', authentication_method: 'email_link', options: { challenge_id: 'p1' } }]))
  stepUp.provider.on('GET /challenge/p1/v2', PENDING)
  await prompted(tabA.mfa(undefined, { method: 'email_link' }), 'waiting')
  const other = makeToken({ person_id: 'pid_2', authentications: [{ method: 'email_link' }] })
  stepUp.provider.sequence('POST /attestation/v3', [ok({ token: other }), ok({ token: makeToken({ person_id: 'pid_1', authentications: [{ method: 'email_link' }] }) })])
  stepUp.provider.on('POST /token/revoke', { status: 204 })
  assert.is((await rejection(stepUp.client.getUserFromURL(link([NONCE])))).message, 'This sign-in link is for another person than the one this browser asked a link for')
  assert.is((await stepUp.client.getUserFromURL(link([NONCE])))!.personId, 'pid_1')
})

test('sidcp: refused unfetched without a pending link; a pack holding anything but nonces is refused', async () => {
  const cold = setup()
  const error = await rejection(cold.client.getUserFromURL('https://docs.test/?sidcp=pack_1'))
  assert.is(error.message, 'This sign-in link was not requested from this browser: open it in the browser where you asked for it, or ask for a new link here')
  assert.is(cold.provider.requests.length, 0)

  const context = setup()
  await waitForLink(context)
  context.provider.on('GET /challenge_pack/pack_1', ok([{ id: 'x', type: 'proxy', options: { challenge_id: 'attackers' } }]))
  const refused = await rejection(context.client.getUserFromURL('https://docs.test/?sidcp=pack_1'))
  assert.is(refused.message, "A sign-in link may carry only 'nonce' challenges, this one carries 'proxy'")
  assert.is(context.provider.calls('GET /challenge/attackers/v2').length, 0)
})

test('an SSO return with a forged state is refused, stripped and published; the stored state is one-shot', async () => {
  const page = fakeWindow('https://docs.test/?challenge_id=ch_s&code=abc&state=forged&x=1')
  const { client, provider, session } = setup({}, { window: page.window })
  session.setItem('@SLASHID/CSRF_TOKEN', 'csrf-1')
  session.setItem('@SLASHID/PKCE_CODE_VERIFIER', 'verifier-1')
  const events = recordEvents(client)
  assert.is(await client.start(), undefined)
  assert.equal(events.names(), ['clientSideError'])
  assert.is(events.seen[0]!.payload.error.message, 'CSRF token mismatch')
  assert.equal(page.replaced, ['https://docs.test/?x=1'])
  assert.is(session.getItem('@SLASHID/CSRF_TOKEN'), null)
  assert.is(session.getItem('@SLASHID/PKCE_CODE_VERIFIER'), null)
  assert.is(provider.requests.length, 0)
})

test('getUserFromURL: sidcp fetches the challenge pack; both parameters is an error; none gives undefined', async () => {
  const context = setup()
  const { client, provider } = context
  await waitForLink(context)
  provider.on('GET /challenge_pack/pack_1', ok([{ id: 'n1', type: 'nonce', options: { challenge: 'zz' } }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const user = await client.getUserFromURL('https://docs.test/?sidcp=pack_1')
  assert.is(user!.token, TOKEN)
  assert.is(provider.calls('GET /challenge_pack/pack_1')[0]!.headers['slashid-orgid'], undefined)
  const both = await rejection(client.getUserFromURL('https://docs.test/?sidcp=a&challenges=b'))
  assert.is(both.code, 'invalidSlashIDURLParamsError')
  assert.is(both.message, "Both 'challenges' and 'sidcp' URL parameters are present, only one is allowed")
  assert.is(await client.getUserFromURL('https://docs.test/docs/'), undefined)
  const garbage = await rejection(client.getUserFromURL('https://docs.test/?challenges=%%%'))
  assert.is(garbage.code, 'invalidSlashIDURLParamsError')
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
