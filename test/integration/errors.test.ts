/** The error catalogue and the transport's promises, the SDK against the emulator in-process. */

import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { eventually, prompted, recordEvents, rejection, tickUntil } from '../identity/helpers.js'
import { ada, world } from './helpers.js'



async function signIn(w: ReturnType<typeof world>, handle: { type: 'email_address'; value: string }, client = w.client()) {
  const flow = client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  return flow.done()
}

test('handlePatternNotAllowed: 403 person cannot be registered', async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-docs', policy: { allowedHandlePatterns: ['@docs\\.test$'] } })
  const error = await rejection(w.client().identify(ada(), { method: 'otp_via_email' }).done())
  assert.is(error.code, 'handlePatternNotAllowed')
})

test('signUpAwaitingApproval and signInAwaitingApproval', async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-docs', policy: { approvalRequired: true } })
  const handle = ada()
  const flow = w.client().identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  assert.is((await rejection(flow.done())).code, 'signUpAwaitingApproval')

  const v = world()
  const known = ada()
  const user = await signIn(v, known)
  v.emulator.setPersonActive(user.personId!, false)
  const again = await rejection(v.client().identify(known, { method: 'otp_via_email' }).done())
  assert.is(again.code, 'signInAwaitingApproval')
})

test('selfRegistrationNotAllowed', async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-docs', policy: { selfRegistration: false } })
  assert.is((await rejection(w.client().identify(ada(), { method: 'email_link' }).done())).code, 'selfRegistrationNotAllowed')
})

test('timeout: a code answered after the challenge expired ("authentication has expired")', async () => {
  const w = world()
  const handle = ada()
  const flow = w.client().identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  const { otp } = await w.lastMessage(handle.value)
  w.emulator.advanceClock(601_000)
  flow.submitOtp(otp)
  const error = await rejection(flow.done())
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'authenticationExpired')
})

test('timeout: a link flow whose challenge expires while polling', async () => {
  const w = world()
  const flow = w.client().identify(ada(), { method: 'email_link' })
  await prompted(flow, 'waiting')
  w.emulator.advanceClock(601_000)
  await w.clock.tickAsync(1000)
  assert.is((await rejection(flow.done())).code, 'timeout')
})

test('rateLimit: too many codes sent to one handle, and too many wrong answers', async () => {
  const w = world()
  w.emulator.upsertOrganization({ id: 'org-docs', policy: { maxSendsPerMinute: 1 } })
  const handle = ada()
  const client = w.client()
  const first = client.identify(handle, { method: 'otp_via_email' })
  await prompted(first, 'otp')
  first.cancel()
  assert.is((await rejection(client.identify(handle, { method: 'otp_via_email' }).done())).code, 'rateLimit')

  const v = world()
  v.emulator.upsertOrganization({ id: 'org-docs', policy: { maxAttempts: 2 } })
  const other = ada()
  const flow = v.client().identify(other, { method: 'otp_via_email' })
  const { otp } = await (async () => (await prompted(flow, 'otp'), v.lastMessage(other.value)))()
  const wrong = otp === '000000' ? '111111' : '000000'
  flow.submitOtp(wrong)
  await prompted(flow, 'otp', true)
  flow.submitOtp(wrong)
  await eventually(() => v.calls('POST', '/attestation/v3').length === 2)
  await prompted(flow, 'otp', true)
  flow.submitOtp(otp)
  assert.is((await rejection(flow.done())).code, 'rateLimit')
})

test('personExists: a step-up with the handle of another person (409)', async () => {
  const w = world()
  const a = ada()
  const b = ada()
  await signIn(w, b)
  const client = w.client()
  await signIn(w, a, client)
  const error = await rejection(client.mfa(b, { method: 'otp_via_email' }).done())
  assert.is(error.code, 'personExists')
  assert.is(error.message, 'Person with the given handle already exists')
})

test('malformed e-mail, malformed phone, unreachable phone', async () => {
  const w = world()
  const client = w.client()
  const cases: Array<[any, any, string, string]> = [
    [{ type: 'email_address', value: 'not-an-email' }, { method: 'otp_via_email' }, 'invalidEmailAddressFormat', 'Email address is malformed'],
    [{ type: 'phone_number', value: '12' }, { method: 'otp_via_sms' }, 'invalidPhoneNumberFormat', 'Phone number is malformed'],
    [{ type: 'phone_number', value: '+9995550100' }, { method: 'sms_link' }, 'unreachablePhoneNumber', 'Phone number is unreachable'],
  ]
  for (const [handle, factor, code, message] of cases) {
    const error = await rejection(client.identify(handle, factor).done())
    assert.is(error.code, code)
    assert.is(error.message, message)
  }
})

test('badPasskeyScope and generic API errors, injected through fault rules', async () => {
  const w = world()
  w.emulator.addFault({ path: '/id/v2', status: 400, message: "selected scope 'evil.test' is not equal to or a registrable domain suffix of origin 'https://docs.test'", times: 1 })
  const client = w.client()
  assert.is((await rejection(client.identify(ada(), { method: 'otp_via_email' }).done())).code, 'badPasskeyScope')
  w.emulator.addFault({ path: '/id/v2', status: 500, times: 1 })
  const events = recordEvents(client)
  const error = await rejection(client.identify(ada(), { method: 'otp_via_email' }).done())
  assert.is(error.code, 'apiResponseError')
  assert.equal(events.names(), ['idFlowStarted', 'idFlowFailed'])
})

test('network drops are retried (with SlashID-SdkRetryCount); HTTP errors are not', async () => {
  const w = world()
  w.emulator.addFault({ path: '/id/v2', drop: true, times: 2 })
  const handle = ada()
  const flow = w.client().identify(handle, { method: 'otp_via_email' })
  await eventually(() => w.calls('POST', '/id/v2').length === 1)
  // Back-offs of 500 ms, then 1000 ms (stepping, so a timer set a moment late still fires).
  const firstRetry = await tickUntil(w.clock, () => w.calls('POST', '/id/v2').length === 2)
  const secondRetry = await tickUntil(w.clock, () => w.calls('POST', '/id/v2').length === 3)
  assert.ok(firstRetry >= 500 && firstRetry <= 600, `first retry after ${firstRetry} ms`)
  assert.ok(secondRetry >= 1000 && secondRetry <= 1100, `second retry after ${secondRetry} ms`)
  await prompted(flow, 'otp')
  assert.equal(w.calls('POST', '/id/v2').map((r) => r.headers.get('SlashID-SdkRetryCount')), [null, '1', '2'])
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  await flow.done()

  for (const status of [400, 404, 502, 503]) {
    const v = world()
    v.emulator.addFault({ path: '/id/v2', status })
    await rejection(v.client().identify(ada(), { method: 'otp_via_email' }).done())
    assert.is(v.calls('POST', '/id/v2').length, 1, `HTTP ${status}`)
  }
})

test('a provider that never answers ends in a timeout error', async () => {
  const w = world()
  w.emulator.addFault({ path: '/id/v2', delayMs: 24 * 3_600_000 })
  const flow = w.client({ requestTimeoutMs: 5_000 }).identify(ada(), { method: 'otp_via_email' })
  const done = rejection(flow.done())
  for (let attempt = 1; attempt <= 6; attempt++) {
    await eventually(() => w.calls('POST', '/id/v2').length === attempt)
    await w.clock.tickAsync(5_000 + 500 * 2 ** (attempt - 1))
  }
  const error = await done
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'requestTimeout')
  assert.is(flow.state.status, 'error')
})

test('an answer the emulator took whose reply was lost: the re-send ends signed in, or in a clear "start again"', async () => {
  const w = world()
  const statuses: number[] = []
  const fetch = async (input: string, init?: RequestInit) => {
    const response = await w.fetch(input, init)
    if (new URL(input).pathname !== '/attestation/v3') return response
    statuses.push(response.status)
    if (statuses.length === 1) throw new TypeError('connection reset')
    return response
  }
  const handle = ada()
  const flow = w.client({}, { fetch }).identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await w.lastMessage(handle.value)).otp)
  const outcome = flow.done().catch((error: unknown) => error)
  await eventually(() => statuses.length === 1, 'the first answer')
  await w.clock.tickAsync(500)
  const result = (await outcome) as { token?: string; code?: string; reason?: string }
  assert.is(statuses[0], 200, 'the emulator took the first answer')
  // An emulator that answers a same-data retry with the same token signs in; a strict one says 409.
  if (statuses[1] === 200) assert.is(typeof result.token, 'string')
  else {
    assert.is(statuses[1], 409)
    assert.is(result.code, 'timeout')
    assert.is(result.reason, 'answerLost')
  }
})

test.run()
