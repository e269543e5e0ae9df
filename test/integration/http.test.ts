/** Over real HTTP: the emulator on a socket, the SDK with the platform's fetch, clock and crypto. */

import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startProviderServer, type ProviderServer } from '../../src/emulator/node-server.js'
import { createIdentityClient } from '../../src/identity/index.js'
import { memoryStorage, prompted, recordingLogger } from '../identity/helpers.js'
import { ada } from './helpers.js'

let server: ProviderServer

test.before(async () => {
  server = await startProviderServer({ port: 0 })
})

test.after(async () => {
  await server.close()
})

function client(options = {}) {
  const log = recordingLogger()
  const local = memoryStorage()
  return {
    log,
    local,
    client: createIdentityClient(
      { oid: 'org-http', baseURL: server.url, analyticsEnabled: true, tokenStorage: 'localStorage', ...options },
      { localStorage: local, sessionStorage: memoryStorage(), logger: log.logger },
    ),
  }
}

async function mailbox(handle: string) {
  const response = await fetch(`${server.url}/__test/mailbox?handle=${encodeURIComponent(handle)}`)
  return ((await response.json()) as { result: any[] }).result
}

test('OTP sign-in over HTTP, then the token is valid, then logout revokes it', async () => {
  const { client: sdk, local } = client()
  const handle = ada()
  const flow = sdk.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  const [message] = await mailbox(handle.value)
  flow.submitOtp(message.otp)
  const user = await flow.done()
  assert.is(user.oid, 'org-http')
  assert.is(local.getItem('@slashid/USER_TOKEN/org-http'), user.token)
  assert.equal((await sdk.validateToken(user.token)).valid, true)
  await sdk.logout()
  assert.equal((await sdk.validateToken(user.token)).valid, false)
  const events = server.emulator.analyticsEvents() as any[]
  assert.ok(events.some((e) => e.event_data?.event_name === 'AuthenticationSucceeded_v1'))
})

test('e-mail link over HTTP: real one-second polling until the link is followed', async () => {
  const { client: sdk } = client()
  const handle = ada()
  const flow = sdk.identify(handle, { method: 'email_link' })
  await prompted(flow, 'waiting')
  const [message] = await mailbox(handle.value)
  assert.is((await fetch(message.link)).status, 200)
  const user = await flow.done()
  assert.equal(user.authenticatedMethods, ['email_link'])
})

test('a dropped connection is retried over HTTP', async () => {
  server.emulator.addFault({ path: '/id/v2', drop: true, times: 1 })
  const { client: sdk, log } = client()
  const handle = ada()
  const flow = sdk.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  assert.match(log.warnings.join('\n'), 'POST /id/v2: no answer, sending again (1/5)')
  flow.submitOtp((await mailbox(handle.value))[0].otp)
  await flow.done()
})

test('a reload finds the stored token and validates it over HTTP', async () => {
  const first = client()
  const handle = ada()
  const flow = first.client.identify(handle, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await mailbox(handle.value))[0].otp)
  const user = await flow.done()
  const local = first.local
  const reloaded = createIdentityClient(
    { oid: 'org-http', baseURL: server.url, analyticsEnabled: false, tokenStorage: 'localStorage' },
    { localStorage: local, sessionStorage: memoryStorage(), logger: recordingLogger().logger },
  )
  assert.is((await reloaded.start())!.token, user.token)
})

test.run()
