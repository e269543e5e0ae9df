import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { eventually, fail, flush, makeToken, ok, prompted, recordEvents, rejection, setup, tickUntilSettled, until } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const PHONE = { type: 'phone_number', value: '+15555550100' } as const
const TOKEN = makeToken()
const PENDING = { status: 202, body: { errors: [{ httpcode: 202, message: 'challenge not completed yet' }] } }


test('OTP by e-mail: wrong code re-asks the same challenge, right code signs in', async () => {
  const { client, provider, session } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp', authentication_method: 'otp_via_email' }]))
  provider.sequence('POST /attestation/v3', [fail(401, 'incorrect code')])
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))

  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  assert.is(flow.state.status, 'authenticating')
  assert.is(flow.state.attempt, 1)
  await prompted(flow, 'otp')
  flow.submitOtp('000000')
  await prompted(flow, 'otp', true)
  flow.submitOtp('482913')
  const user = await flow.done()

  assert.is(user.token, TOKEN)
  assert.is(client.user, user)
  assert.is(flow.state.status, 'success')
  assert.equal(events.names(), [
    'idFlowStarted', 'otpCodeSent', 'otpCodeSubmitted', 'otpIncorrectCodeSubmitted',
    'otpCodeSent', 'otpCodeSubmitted', 'idFlowSucceeded',
  ])
  const [id] = provider.calls('POST /id/v2')
  assert.is(id!.headers['slashid-orgid'], 'org-test')
  assert.is(id!.headers['authorization'], undefined)
  assert.equal(id!.body.handle, EMAIL)
  assert.equal(id!.body.factor, { method: 'otp_via_email', options: { method: 'otp_via_email' } })
  assert.match(id!.body.metadata.csrf_token, /^[0-9a-f-]{36}$/)
  assert.match(id!.body.metadata.pkce_code_challenge, /^[A-Za-z0-9_-]{43}$/)
  assert.is(session.getItem('@SLASHID/CSRF_TOKEN'), id!.body.metadata.csrf_token)
  assert.equal(
    provider.calls('POST /attestation/v3').map((r) => r.body),
    [
      { challenge_id: 'ch_1', challenge_type: 'otp', data: { otp: '000000' } },
      { challenge_id: 'ch_1', challenge_type: 'otp', data: { otp: '482913' } },
    ],
  )
  assert.is(provider.calls('POST /attestation/v3')[0]!.headers['slashid-orgid'], undefined)
})

test('OTP by SMS also publishes the legacy otpSmsSent; an answer published inside the ready event is not lost', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp', authentication_method: 'otp_via_sms' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  client.subscribe('otpCodeSent', () => client.publish('otpCodeSubmitted', '123456'))
  const flow = client.identify(PHONE, { method: 'otp_via_sms' })
  await flow.done()
  assert.equal(events.names(), ['idFlowStarted', 'otpCodeSent', 'otpCodeSubmitted', 'otpSmsSent', 'idFlowSucceeded'])
})

test('a subscriber that throws does not abort the flow', async () => {
  const { client, provider, log } = setup()
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  client.subscribe('otpCodeSent', () => {
    throw new Error('widget bug')
  })
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp('111111')
  await flow.done()
  assert.match(log.errors[0]!, "A subscriber of 'otpCodeSent' threw")
})

test('e-mail link: the proxy challenge is polled every second until the token comes', async () => {
  const { client, provider, clock } = setup()
  const times: number[] = []
  provider.on((r) => r.path.startsWith('/challenge/') && (times.push(clock.now), false), ok(null))
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P1' } }]))
  provider.sequence('GET /challenge/P1/v2', [PENDING, { status: 200, body: {} }])
  provider.on('GET /challenge/P1/v2', ok(TOKEN))
  const start = clock.now
  const flow = client.identify(EMAIL, { method: 'email_link', options: { redirect_target: 'https://docs.test/' } })
  const state = await prompted(flow, 'waiting')
  assert.equal(state.prompt, { kind: 'waiting', challengeId: 'ch_1', for: 'link' })
  await clock.tickAsync(3000)
  const user = await flow.done()
  assert.is(user.token, TOKEN)
  assert.equal(times.map((t) => t - start), [1000, 2000, 3000])
  assert.equal(provider.calls('POST /id/v2')[0]!.body.factor, {
    method: 'email_link',
    options: { method: 'email_link', redirect_target: 'https://docs.test/' },
  })
})

test('SMS link with a step-up bearer: polling carries the current token', async () => {
  const { client, provider, clock } = setup()
  const first = makeToken({ authenticated_methods: ['password'] })
  provider.on('POST /id/v2', (r) =>
    r.headers.authorization ? ok([{ id: 'ch_2', type: 'proxy', options: { challenge_id: 'P2' } }]) : ok([{ id: 'ch_1', type: 'password_verify' }]),
  )
  provider.on('POST /attestation/v3', ok({ token: first }))
  provider.on('GET /challenge/P2/v2', ok(TOKEN))
  const login = client.identify(PHONE, { method: 'password' })
  await prompted(login, 'passwordVerify')
  login.submitPassword('correct horse')
  await login.done()
  const mfa = client.mfa(PHONE, { method: 'sms_link' })
  await prompted(mfa, 'waiting')
  await clock.tickAsync(1000)
  await mfa.done()
  assert.is(provider.calls('POST /id/v2')[1]!.headers.authorization, `Bearer ${first}`)
  assert.is(provider.calls('GET /challenge/P2/v2')[0]!.headers.authorization, `Bearer ${first}`)
  assert.is(client.user!.token, TOKEN)
})

test('proxy: a 2xx with another error, two errors, or a non-2xx aborts the flow', async () => {
  const answers = [
    { status: 200, body: { errors: [{ httpcode: 400, message: 'bad challenge' }] } },
    { status: 202, body: { errors: [{ httpcode: 202, message: 'a' }, { httpcode: 202, message: 'b' }] } },
    { status: 404, body: { errors: [{ httpcode: 202, message: 'not found' }] } },
  ]
  for (const answer of answers) {
    const { client, provider, clock } = setup()
    provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
    provider.on('GET /challenge/P/v2', answer)
    const flow = client.identify(EMAIL, { method: 'email_link' })
    const done = rejection(flow.done())
    await prompted(flow, 'waiting')
    await clock.tickAsync(1000)
    const error = await done
    assert.is(error.code, 'apiResponseError')
    assert.is(flow.state.status, 'error')
    assert.is(provider.calls('GET /challenge/P/v2').length, 1)
  }
})

test('proxy: a token that is not a string fails', async () => {
  const { client, provider, clock } = setup()
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
  provider.on('GET /challenge/P/v2', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'email_link' })
  const done = rejection(flow.done())
  await prompted(flow, 'waiting')
  await clock.tickAsync(1000)
  assert.is((await done).message, 'token must be a string')
})

test('proxy: cancelling while waiting stops polling, publishes flowCancelled, back to initial', async () => {
  const { client, provider, clock } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
  provider.on('GET /challenge/P/v2', PENDING)
  const flow = client.identify(EMAIL, { method: 'email_link' })
  await prompted(flow, 'waiting')
  await clock.tickAsync(2500)
  flow.cancel()
  const error = await rejection(flow.done())
  assert.is(error.code, 'flowCancelled')
  assert.is(error.message, 'The flow has been cancelled!')
  await clock.tickAsync(5000)
  assert.is(provider.calls('GET /challenge/P/v2').length, 2)
  assert.is(flow.state.status, 'initial')
  assert.equal(events.names(), ['idFlowStarted', 'flowCancelled'])
})

test('proxy: the app publishing flowCancelled cancels too', async () => {
  const { client, provider } = setup()
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
  const flow = client.identify(EMAIL, { method: 'email_link' })
  await prompted(flow, 'waiting')
  client.publish('flowCancelled', undefined)
  assert.is(flow.state.status, 'initial')
})

test('proxy: a link never followed ends in a timeout error at the polling deadline', async () => {
  const { client, provider, clock } = setup({ pollTimeoutMs: 60_000 })
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
  provider.on('GET /challenge/P/v2', PENDING)
  const flow = client.identify(EMAIL, { method: 'email_link' })
  const done = rejection(flow.done())
  await prompted(flow, 'waiting')
  await clock.tickAsync(60_000)
  const error = await done
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'pollTimeout')
  assert.is(error.message, "The challenge 'P' was not completed within 60000 ms")
  assert.is(provider.calls('GET /challenge/P/v2').length, 59)
})

test('proxy: the polling deadline also ends a poll request that hangs', async () => {
  const { client, provider, clock } = setup({ pollTimeoutMs: 5_000, requestTimeoutMs: 30_000 })
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'proxy', options: { challenge_id: 'P' } }]))
  provider.on('GET /challenge/P/v2', 'hang')
  const flow = client.identify(EMAIL, { method: 'email_link' })
  const done = rejection(flow.done())
  await prompted(flow, 'waiting')
  const elapsed = await tickUntilSettled(clock, done)
  assert.ok(elapsed <= 5_250, `ended after ${elapsed} ms`)
  assert.is((await done).reason, 'pollTimeout')
  assert.is(provider.calls('GET /challenge/P/v2').length, 1)
})

test('waiting for a code is bounded by inputTimeoutMs', async () => {
  const { client, provider, clock } = setup({ inputTimeoutMs: 5_000 })
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  const done = rejection(flow.done())
  await prompted(flow, 'otp')
  await clock.tickAsync(5_000)
  const error = await done
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'inputTimeout')
})

test('network drops on /id/v2 are retried inside a flow; an HTTP 500 is not', async () => {
  const { client, provider, clock } = setup()
  provider.sequence('POST /id/v2', ['network-error', 'network-error'])
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  await eventually(() => provider.requests.length === 1)
  await clock.tickAsync(1500)
  await prompted(flow, 'otp')
  flow.submitOtp('123456')
  await flow.done()
  assert.is(provider.calls('POST /id/v2').length, 3)

  const second = setup()
  const events = recordEvents(second.client)
  second.provider.on('POST /id/v2', fail(500, 'internal error'))
  const failed = second.client.identify(EMAIL, { method: 'otp_via_email' })
  const error = await rejection(failed.done())
  assert.is(error.code, 'apiResponseError')
  assert.is(second.provider.requests.length, 1)
  assert.equal(events.names(), ['idFlowStarted', 'idFlowFailed'])
})

test('a provider that never answers ends the flow in a timeout error', async () => {
  const { client, provider, clock } = setup({ requestTimeoutMs: 1_000 })
  provider.on('POST /id/v2', 'hang')
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  const done = rejection(flow.done())
  await eventually(() => provider.requests.length === 1)
  const elapsed = await tickUntilSettled(clock, done)
  const error = await done
  // Not before all 6 tries (1 s each) and the 5 back-offs between them.
  assert.ok(elapsed >= 6 * 1_000 + 15_500, `timed out after only ${elapsed} ms`)
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'requestTimeout')
  assert.is(flow.state.status, 'error')
  assert.is(flow.state.error, error)
})

test('retry on authenticating resends the challenge request with attempt + 1; reset goes to initial', async () => {
  const { client, provider } = setup()
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.retry()
  assert.is(flow.state.attempt, 2)
  await until(flow, (s) => s.prompt?.kind === 'otp')
  assert.is(provider.calls('POST /id/v2').length, 2)
  flow.retry({ reset: true })
  assert.is(flow.state.status, 'initial')
  assert.is(flow.state.attempt, 0)
  await flush()
  assert.throws(() => flow.confirmRecoveryCodes(), /Cannot confirm recovery codes while the flow is 'initial'/)
})

test('retry from error tries again', async () => {
  const { client, provider } = setup()
  provider.sequence('POST /id/v2', [fail(429, 'too many requests')])
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'otp_via_email' })
  const error = await rejection(flow.done())
  assert.is(error.code, 'rateLimit')
  flow.retry()
  await prompted(flow, 'otp')
  flow.submitOtp('123456')
  await flow.done()
  assert.is(flow.state.attempt, 2)
})

test.run()
