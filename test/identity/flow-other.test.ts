import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { CredentialsLike } from '../../src/identity/ports.js'
import { fail, fakeWindow, flush, makeToken, memoryStorage, ok, prompted, recordEvents, rejection, setup } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const PHONE = { type: 'phone_number', value: '+15555550100' } as const
const TOKEN = makeToken()
const PENDING = { status: 202, body: { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] } }


test('the whole error catalogue, from /id/v2 answers, ends the flow with the named error and idFlowFailed', async () => {
  const cases: Array<[number, string, string]> = [
    [403, 'person cannot be registered', 'handlePatternNotAllowed'],
    [403, 'person is not active', 'signUpAwaitingApproval'],
    [403, 'Person pid_1 is inactive', 'signInAwaitingApproval'],
    [403, 'no password set', 'noPasswordSet'],
    [403, 'self-registration not allowed for this organization', 'selfRegistrationNotAllowed'],
    [401, 'authentication has expired', 'timeout'],
    [429, 'rate limited', 'rateLimit'],
    [409, 'person exists', 'personExists'],
    [400, 'malformed e-mail address', 'invalidEmailAddressFormat'],
    [400, 'malformed phone number', 'invalidPhoneNumberFormat'],
    [400, 'unreachable phone number', 'unreachablePhoneNumber'],
    [400, "selected scope 'a.test' is not equal to or a registrable domain suffix of origin 'https://b.test'", 'badPasskeyScope'],
    [500, 'internal', 'apiResponseError'],
  ]
  for (const [status, message, code] of cases) {
    const { client, provider } = setup()
    const events = recordEvents(client)
    provider.on('POST /id/v2', fail(status, message))
    const flow = client.identify(EMAIL, { method: 'otp_via_email' })
    const error = await rejection(flow.done())
    assert.is(error.code, code, message)
    assert.is(flow.state.status, 'error')
    assert.equal(events.names(), ['idFlowStarted', 'idFlowFailed'])
    assert.is(events.seen[1]!.payload.error, error)
    assert.is(provider.requests.length, 1)
  }
})

test('a missing result, an empty list, or no token end the flow with the spec messages', async () => {
  const cases: Array<[unknown, string]> = [
    [{}, 'no challenges in ID response'],
    [{ result: [] }, 'no user token in attestation response'],
    [{ result: 'nope' }, 'error fetching challenges: POST /id/v2 did not return a challenge list'],
  ]
  for (const [body, message] of cases) {
    const { client, provider } = setup()
    provider.on('POST /id/v2', { status: 200, body })
    assert.is((await rejection(client.identify(EMAIL, { method: 'otp_via_email' }).done())).message, message)
  }
  const { client, provider } = setup()
  provider.on('POST /id/v2', ok([{ id: 'n', type: 'nonce', options: { challenge: 'c' } }]))
  provider.on('POST /attestation/v3', ok({}))
  assert.is((await rejection(client.identify(EMAIL, { method: 'email_link' }).done())).message, 'no user token in attestation response')
})

test('handle and factor mismatches are client-side errors: nothing is sent, clientSideError is published', async () => {
  const cases: Array<[any, any, string]> = [
    [PHONE, { method: 'email_link' }, "A handle of type 'email_address' is required, got 'phone_number' instead"],
    [EMAIL, { method: 'otp_via_sms' }, "A handle of type 'phone_number' is required, got 'email_address' instead"],
    [EMAIL, { method: 'oidc', options: { provider: 'google' } }, 'OIDC/SAML should not be used with handles'],
    [{ type: 'username', value: 'ada' }, { method: 'password' }, "A handle of type 'username' needs a factor that lists it in allowedHandleTypes"],
    [{ type: 'username', value: 'ada' }, { method: 'totp', allowedHandleTypes: ['username'] }, "The factor 'totp' cannot be used with a handle of type 'username'"],
    [PHONE, { method: 'password', allowedHandleTypes: ['email_address'] }, "A handle of type 'phone_number' is not allowed for 'password', allowed: email_address"],
    [EMAIL, { method: 'magic' }, "Unknown authentication method 'magic'"],
    [undefined, { method: 'oidc', options: { ux_mode: 'tab' } }, "unsupported ux_mode 'tab', use 'popup' or 'redirect'"],
    [EMAIL, { method: 'email_link', options: { redirect_target: 'javascript:alert(1)' } }, "redirect_target must be an http or https URL, got 'javascript:alert(1)'"],
  ]
  for (const [handle, factor, message] of cases) {
    const { client, provider } = setup()
    const events = recordEvents(client)
    const error = await rejection(client.identify(handle, factor).done())
    assert.is(error.message, message)
    assert.equal(events.names(), ['idFlowStarted', 'clientSideError'])
    assert.is(provider.requests.length, 0)
  }
  const { client } = setup()
  assert.ok((await rejection(client.identify({ type: 'username', value: 'ada' }, { method: 'password', allowedHandleTypes: ['username'] }).done())).httpStatus === 599)
})

test('without an oid nothing can be signed in', async () => {
  const { client } = setup({ oid: undefined, analyticsEnabled: false })
  const error = await rejection(client.identify(EMAIL, { method: 'otp_via_email' }).done())
  assert.is(error.code, 'invalidSlashIDConfigurationError')
})

function fakeCredentials(result: 'ok' | 'dismiss' | 'null' = 'ok') {
  const calls: any[] = []
  const buffer = (text: string) => new TextEncoder().encode(text).buffer
  const credential = (kind: string) => ({
    id: 'cred-1',
    rawId: buffer('cred-1'),
    type: 'public-key',
    getClientExtensionResults: () => ({}),
    response:
      kind === 'create'
        ? { attestationObject: buffer('att'), clientDataJSON: buffer('cdj') }
        : { clientDataJSON: buffer('cdj'), authenticatorData: buffer('ad'), signature: buffer('sig'), userHandle: buffer('uh') },
  })
  const answer = async (kind: string, options: any) => {
    calls.push({ kind, options })
    if (result === 'dismiss') throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
    return result === 'null' ? null : (credential(kind) as unknown as Credential)
  }
  const credentials: CredentialsLike = { create: (o) => answer('create', o), get: (o) => answer('get', o) }
  return { credentials, calls }
}

test('webauthn create and get through navigator.credentials, binary fields base64url on the wire', async () => {
  const page = fakeWindow()
  const { credentials, calls } = fakeCredentials()
  const { client, provider } = setup({}, { window: page.window, credentials })
  provider.on('POST /id/v2', ok([
    { id: 'w1', type: 'webauthn_create', options: { challenge: 'AQID', rp: { id: 'docs.test', name: 'Docs' }, user: { id: 'dXNlcg', name: 'ada', displayName: 'Ada' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }], excludeCredentials: [{ id: 'AAA', type: 'public-key' }] } },
  ]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  await client.identify(EMAIL, { method: 'webauthn' }).done()
  assert.equal(provider.calls('POST /id/v2')[0]!.body.factor.options, {
    method: 'webauthn', scope: 'docs.test', attachment: 'any', user_verification: 'preferred', resident_key: 'preferred', attestation: 'none',
  })
  assert.equal([...new Uint8Array(calls[0].options.publicKey.challenge)], [1, 2, 3])
  assert.equal(new TextDecoder().decode(calls[0].options.publicKey.user.id), 'user')
  assert.equal(provider.calls('POST /attestation/v3')[0]!.body, {
    challenge_id: 'w1',
    challenge_type: 'webauthn_create',
    data: { id: 'cred-1', rawId: 'Y3JlZC0x', type: 'public-key', clientExtensionResults: {}, response: { attestationObject: 'YXR0', clientDataJSON: 'Y2Rq' } },
  })

  const second = setup({}, { window: page.window, credentials })
  second.provider.on('POST /id/v2', ok([{ id: 'w2', type: 'webauthn_get', options: { challenge: 'AQID', rpId: 'docs.test', allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }] } }]))
  second.provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  await second.client.identify(EMAIL, { method: 'webauthn' }).done()
  assert.equal(second.provider.calls('POST /attestation/v3')[0]!.body.data.response, {
    clientDataJSON: 'Y2Rq', authenticatorData: 'YWQ', signature: 'c2ln', userHandle: 'dWg',
  })
})

test('webauthn: dismissed prompt, no API, no platform authenticator', async () => {
  for (const mode of ['dismiss', 'null'] as const) {
    const { credentials } = fakeCredentials(mode)
    const { client, provider } = setup({}, { credentials })
    provider.on('POST /id/v2', ok([{ id: 'w1', type: 'webauthn_get', options: { challenge: 'AQID' } }]))
    const error = await rejection(client.identify(EMAIL, { method: 'webauthn' }).done())
    assert.is(error.code, 'passkeyPromptDismissed')
    assert.is(error.message, 'Passkey prompt was dismissed')
  }
  const bare = setup({}, { credentials: undefined as never })
  // resolvePorts falls back to globalThis.navigator.credentials, absent in Node.
  assert.is((await rejection(bare.client.identify(EMAIL, { method: 'webauthn' }).done())).message, 'WebAuthn API not available in the current environment')
  const { credentials } = fakeCredentials()
  const platform = setup({}, { credentials, isUserVerifyingPlatformAuthenticatorAvailable: async () => false })
  const error = await rejection(platform.client.identify(EMAIL, { method: 'webauthn', options: { attachment: 'platform' } }).done())
  assert.is(error.code, 'invalidAuthenticationMethodError')
  assert.is(error.message, 'This device has no platform authenticator available')
})

test('oidc popup: 400x600 window, then the proxy challenge delivers the token; the popup is closed', async () => {
  const page = fakeWindow()
  const { client, provider, clock } = setup({}, { window: page.window })
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([
    { id: 'o1', type: 'oidc', options: { auth_code_url: 'https://idp.test/authorize?x=1' } },
    { id: 'p1', type: 'proxy', options: { challenge_id: 'o1' } },
  ]))
  provider.on('GET /challenge/o1/v2', ok(TOKEN))
  const flow = client.identify(undefined, { method: 'oidc', options: { provider: 'google', client_id: 'cid' } })
  const state = await prompted(flow, 'waiting')
  assert.equal(state.prompt, { kind: 'waiting', challengeId: 'p1', for: 'sso' })
  assert.is(page.opened[0]!.url, 'https://idp.test/authorize?x=1')
  assert.is(page.opened[0]!.features, 'popup,width=400,height=600')
  await clock.tickAsync(1000)
  await flow.done()
  assert.is(page.opened[0]!.closed, true)
  assert.equal(provider.calls('POST /id/v2')[0]!.body, {
    factor: { method: 'oidc', options: { method: 'oidc', client_id: 'cid', provider: 'google', ux_mode: 'popup' } },
    metadata: provider.calls('POST /id/v2')[0]!.body.metadata,
  })
  assert.equal(events.names(), ['idFlowStarted', 'oauthFlowStarted', 'idFlowSucceeded'])
})

test('oidc: popup blocked, bad URL, redirect mode', async () => {
  const page = fakeWindow()
  page.blockPopups()
  const blocked = setup({}, { window: page.window })
  const events = recordEvents(blocked.client)
  blocked.provider.on('POST /id/v2', ok([{ id: 'o1', type: 'oidc', options: { auth_code_url: 'https://idp.test/a' } }]))
  const error = await rejection(blocked.client.identify(undefined, { method: 'oidc' }).done())
  assert.is(error.code, 'popupBlocked')
  assert.is(error.message, 'Popup blocked')
  assert.equal(events.names(), ['idFlowStarted', 'oauthFlowStarted', 'popupFailed', 'oauthFlowFailed', 'clientSideError'])

  const bad = setup({}, { window: fakeWindow().window })
  bad.provider.on('POST /id/v2', ok([{ id: 's1', type: 'saml', options: { start_authentication_url: 'not a url' } }]))
  assert.is((await rejection(bad.client.identify(undefined, { method: 'saml' }).done())).message, 'Bad OAuth URL')

  const redirectPage = fakeWindow('https://docs.test/login')
  const redirect = setup({}, { window: redirectPage.window })
  redirect.provider.on('POST /id/v2', ok([{ id: 'o1', type: 'oidc', options: { auth_code_url: 'https://idp.test/a' } }, { id: 'p', type: 'proxy', options: { challenge_id: 'o1' } }]))
  const flow = redirect.client.identify(undefined, { method: 'oidc', options: { ux_mode: 'redirect' } })
  await prompted(flow, 'waiting')
  assert.equal(redirectPage.assigned, ['https://idp.test/a'])
  assert.is(redirect.provider.calls('POST /id/v2')[0]!.body.factor.options.redirect_target, 'https://docs.test/login')
  flow.cancel()
})

test('oidc popup closed by the person: the flow ends within 50 ms and one last look, as a cancel', async () => {
  const page = fakeWindow()
  const { client, provider, clock } = setup({}, { window: page.window })
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([
    { id: 'o1', type: 'oidc', options: { auth_code_url: 'https://idp.test/authorize' } },
    { id: 'p1', type: 'proxy', options: { challenge_id: 'o1' } },
  ]))
  provider.on('GET /challenge/o1/v2', PENDING)
  const flow = client.identify(undefined, { method: 'oidc' })
  await prompted(flow, 'waiting')
  await clock.tickAsync(1_000)
  page.opened[0]!.closed = true
  const done = rejection(flow.done())
  await clock.tickAsync(50)
  const error = await done
  assert.is(error.code, 'flowCancelled')
  assert.is(flow.state.status, 'initial')
  assert.is(provider.calls('GET /challenge/o1/v2').length, 2)
  assert.equal(events.names(), ['idFlowStarted', 'oauthFlowStarted', 'flowCancelled'])
  await clock.tickAsync(10_000)
  assert.is(provider.calls('GET /challenge/o1/v2').length, 2)
})

test('oidc popup that closes itself once the provider finished: the last look gets the token', async () => {
  const page = fakeWindow()
  const { client, provider, clock } = setup({}, { window: page.window })
  provider.on('POST /id/v2', ok([
    { id: 'o1', type: 'oidc', options: { auth_code_url: 'https://idp.test/authorize' } },
    { id: 'p1', type: 'proxy', options: { challenge_id: 'o1' } },
  ]))
  provider.on('GET /challenge/o1/v2', ok(TOKEN))
  const flow = client.identify(undefined, { method: 'oidc' })
  await prompted(flow, 'waiting')
  page.opened[0]!.closed = true
  await clock.tickAsync(50)
  assert.is((await flow.done()).token, TOKEN)
  assert.is(provider.calls('GET /challenge/o1/v2').length, 1)
})

test('authn context update switches the factor; ui customization is published; unknown types are skipped with a warning', async () => {
  const { client, provider, clock, log } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([
    { id: 'u1', type: 'ui_customization', options: { authn_redirect_page_ui_config: { logo: 'x.png' } } },
    { id: 'a1', type: 'authn_context_update', options: { target_org_id: 'org-2', factor: { method: 'email_link', options: {} } } },
    { id: 'z1', type: 'quantum_entanglement' },
    { id: 'p1', type: 'proxy', options: { challenge_id: 'P' } },
  ]))
  provider.on('GET /challenge/P/v2', ok(TOKEN))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  const state = await prompted(flow, 'waiting')
  assert.is((state.prompt as any).for, 'link')
  await clock.tickAsync(1000)
  await flow.done()
  assert.equal(events.names(), ['idFlowStarted', 'uiCustomizationReceived', 'authnContextUpdateChallengeReceivedEvent', 'idFlowSucceeded'])
  assert.equal(events.seen[1]!.payload, { logo: 'x.png' })
  assert.equal(events.seen[2]!.payload, { targetOrgId: 'org-2', factor: { method: 'email_link', options: {} } })
  assert.equal(log.warnings, ["Unhandled challenge type 'quantum_entanglement' ignored; update the SDK to handle it"])
})

test('a Location header on attestation publishes redirectUriDiscovered', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'n', type: 'nonce', options: { challenge: 'c' } }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }, { Location: 'https://docs.test/after' }))
  await client.identify(EMAIL, { method: 'email_link' }).done()
  assert.equal(events.seen.find((e) => e.name === 'redirectUriDiscovered')!.payload, { redirectUri: 'https://docs.test/after' })
})

test('analytics: metadata, user agent cut to 500, one correlation id per session, failures never break a flow', async () => {
  const { client, provider, session } = setup(
    { analyticsEnabled: true },
    { userAgent: 'U'.repeat(600), window: fakeWindow('https://docs.test/docs/').window },
  )
  provider.sequence('POST /actions/sdk', ['network-error'])
  provider.on('POST /actions/sdk', { status: 201, body: {} })
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp', authentication_method: 'otp_via_email' }]))
  provider.sequence('POST /attestation/v3', [fail(401, 'incorrect code')])
  provider.on('POST /attestation/v3', ok({ token: makeToken({ person_id: 'pid_7' }) }))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp('000000')
  await prompted(flow, 'otp', true)
  flow.submitOtp('111111')
  await flow.done()
  await new Promise((r) => setImmediate(r))
  const sent = provider.calls('POST /actions/sdk')
  assert.equal(sent.map((r) => r.body.event_data.event_name), [
    'SlashIDSDKLoaded_v1', 'AuthenticationFailed_v1', 'PersonIdentified_v1', 'AuthenticationSucceeded_v1',
  ])
  const [loaded, failed, , succeeded] = sent
  assert.is(loaded!.body.organization_id, 'org-test')
  assert.is(loaded!.body.window_location, 'https://docs.test/docs/')
  assert.is(loaded!.body.user_agent.length, 500)
  assert.is(loaded!.headers['slashid-sdkversion'], undefined)
  const correlation = session.getItem('@slashid/EVENTS_CORRELATION_ID')
  assert.ok(sent.every((r) => r.body.analytics_correlation_id === correlation))
  assert.equal(failed!.body.event_data, {
    event_name: 'AuthenticationFailed_v1', failed_authn_method: 'otp_via_email', failure_reason: 'incorrect_otp_code_via_email', challenge_id: 'ch_1', handle: EMAIL,
  })
  assert.equal(succeeded!.body.event_data, {
    event_name: 'AuthenticationSucceeded_v1', person_id: 'pid_7', success_authn_method: 'otp_via_email', authenticated_methods: ['otp_via_email'], handle: EMAIL,
  })
})

test('analytics never sends sign-in secrets from the page URL, nor a stored correlation id it did not write', async () => {
  const page = fakeWindow('https://docs.test/docs/?challenges=bm9uY2U&code=c0de&state=s&challenge_id=c&sidcp=p&keep=1')
  const first = setup({ analyticsEnabled: true }, { window: page.window })
  first.provider.on('POST /actions/sdk', { status: 201, body: {} })
  await flush()
  assert.is(first.provider.calls('POST /actions/sdk')[0]!.body.window_location, 'https://docs.test/docs/?keep=1')

  const junk = memoryStorage()
  junk.setItem('@slashid/EVENTS_CORRELATION_ID', 'x'.repeat(100_000))
  const second = setup({ analyticsEnabled: true }, { sessionStorage: junk, window: fakeWindow('https://docs.test/').window })
  await flush()
  const sent = second.provider.calls('POST /actions/sdk')[0]!.body.analytics_correlation_id
  assert.match(sent, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  assert.is(junk.getItem('@slashid/EVENTS_CORRELATION_ID'), sent)
})

test.run()
