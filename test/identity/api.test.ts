import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fail, makeToken, ok, prompted, recordEvents, rejection, setup, tickUntilSettled } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const TOKEN = makeToken()

/**
 * A provider that takes the first answer to the challenge, then loses its reply on the way back
 * (the connection drops). A retry of the same answer gets the same token from an idempotent
 * provider, 409 from a strict one.
 */
function providerThatLosesTheFirstReply(idempotent: boolean) {
  const context = setup()
  let taken: { body: string; token: string } | undefined
  context.provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  context.provider.on('POST /attestation/v3', (request) => {
    if (!taken) {
      taken = { body: request.rawBody!, token: TOKEN }
      return 'network-error'
    }
    if (idempotent && request.rawBody === taken.body) return ok({ token: taken.token })
    return fail(409, 'challenge has already been answered')
  })
  return context
}

async function answerCode(context: ReturnType<typeof setup>) {
  const flow = context.client.identify(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp('123456')
  const outcome = flow.done()
  await tickUntilSettled(context.clock, outcome)
  return { flow, outcome }
}

test('a reply lost after the provider took the answer: the re-sent answer ends signed in', async () => {
  const context = providerThatLosesTheFirstReply(true)
  const { outcome } = await answerCode(context)
  assert.is((await outcome).token, TOKEN)
  assert.is(context.client.user!.token, TOKEN)
  const attempts = context.provider.calls('POST /attestation/v3')
  assert.equal(attempts.map((r) => r.headers['slashid-sdkretrycount']), [undefined, '1'])
  assert.is(attempts[1]!.rawBody, attempts[0]!.rawBody)
})

test('409 on the re-sent answer: a clear "start again" timeout, not a generic error; retry() starts a new flow', async () => {
  const context = providerThatLosesTheFirstReply(false)
  const events = recordEvents(context.client)
  const { flow, outcome } = await answerCode(context)
  const error = await rejection(outcome)
  assert.is(error.code, 'timeout')
  assert.is(error.reason, 'answerLost')
  assert.is(error.httpStatus, 409)
  assert.is(error.message, "The provider's reply to this answer was lost, and a challenge cannot be answered twice: start again")
  assert.ok(events.names().includes('idFlowFailed'))
  assert.equal(flow.state.status, 'error')
  flow.retry()
  await prompted(flow, 'otp')
  assert.is(context.provider.calls('POST /id/v2').length, 2)
  flow.cancel()
})

test('a step-up whose reply was lost keeps the session it stepped up', async () => {
  const context = providerThatLosesTheFirstReply(false)
  context.provider.on('POST /token/validate', ok({ valid: true }))
  context.provider.on('POST /token/revoke', { status: 204 })
  context.local.setItem('@slashid/USER_TOKEN/org-test', TOKEN)
  const signedIn = context.tab({ tokenStorage: 'localStorage' })
  await signedIn.start()
  const flow = signedIn.mfa(EMAIL, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp('123456')
  const outcome = rejection(flow.done())
  await tickUntilSettled(context.clock, outcome)
  assert.is((await outcome).reason, 'answerLost')
  assert.is(signedIn.user!.token, TOKEN)
  assert.is(context.provider.calls('POST /token/revoke').length, 0)
})

test('409 on a first answer stays the provider error (nothing was re-sent)', async () => {
  const context = setup()
  context.provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'otp' }]))
  context.provider.on('POST /attestation/v3', fail(409, 'challenge has already been answered'))
  const { outcome } = await answerCode(context)
  const error = await rejection(outcome)
  assert.is(error.code, 'apiResponseError')
  assert.is(error.message, 'challenge has already been answered')
})

test.run()
