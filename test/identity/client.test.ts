import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fail, makeToken, ok, prompted, rejection, setup } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const TOKEN = makeToken()
const ANON = makeToken({ person_type: 'anonymous', person_id: 'anon_1', authentications: [], authenticated_methods: [] })
const valid = ok({ valid: true, expires_in_seconds: 3599, expires_at: '2026-11-22T06:00:00.000Z' })


test('an anonymous user cannot do MFA (warning: log in first)', async () => {
  const { client, provider, log } = setup({ anonymousUsersEnabled: true })
  provider.on('POST /persons/anonymous', { status: 201, body: { result: ANON } })
  await client.createAnonymousUser()
  assert.throws(() => client.mfa(EMAIL, { method: 'otp_via_email' }), /Anonymous users cannot perform MFA, log in first/)
  assert.equal(log.warnings, ['Anonymous users cannot perform MFA, log in first'])
})

async function signIn(context: ReturnType<typeof setup>, token = TOKEN) {
  context.provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'password_verify' }]))
  context.provider.on('POST /attestation/v3', ok({ token }))
  const flow = context.client.identify(EMAIL, { method: 'password' })
  await prompted(flow, 'passwordVerify')
  flow.submitPassword('pw')
  return flow.done()
}

test('organization switching: token from POST /token/v2, in_progress flag during the switch, then idle', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  const { client, provider, session, local } = context
  await signIn(context)
  const other = makeToken({ oid: 'org-2', person_id: 'pid_1' })
  let flagDuringCall: string | null = null
  provider.on('POST /token/v2', () => {
    flagDuringCall = session.getItem('@slashid/ORG_SWITCHING')
    return ok({ type: 'token', token: other })
  })
  const seen: string[] = []
  client.onChange(() => seen.push(client.orgSwitching.state))
  const flow = client.switchOrganization('org-2')
  const user = await flow.done()
  assert.is(user.oid, 'org-2')
  assert.is(client.user, user)
  assert.is(flagDuringCall, 'in_progress')
  assert.is(session.getItem('@slashid/ORG_SWITCHING'), null)
  assert.equal(client.orgSwitching, { state: 'idle' })
  assert.ok(seen.includes('switching'))
  const [call] = provider.calls('POST /token/v2')
  assert.is(call!.headers['slashid-orgid'], 'org-2')
  assert.is(call!.headers.authorization, `Bearer ${TOKEN}`)
  assert.equal(Object.keys(call!.body.metadata), ['csrf_token', 'pkce_code_challenge'])
  assert.is(local.getItem('@slashid/USER_TOKEN/org-2'), other)

  // Back to org-test: its stored token is still valid, so no /token/v2 call.
  provider.on('POST /token/validate', valid)
  const back = await client.switchOrganization('org-test').done()
  assert.is(back.token, TOKEN)
  assert.is(provider.calls('POST /token/v2').length, 1)
})

test('organization switching with a challenge list answers it with the old token as Bearer', async () => {
  const context = setup()
  const { client, provider } = context
  const other = makeToken({ oid: 'org-3' })
  provider.on((r) => r.body?.challenge_id === 'ch_o', ok({ token: other }))
  await signIn(context)
  provider.on('POST /token/v2', ok({ type: 'challenge_list', challenges: [{ id: 'ch_o', type: 'otp' }] }))
  const flow = client.switchOrganization('org-3')
  await prompted(flow, 'otp')
  assert.equal(client.orgSwitching, { state: 'switching', oid: 'org-3' })
  flow.submitOtp('123456')
  await flow.done()
  const attest = provider.calls('POST /attestation/v3').at(-1)!
  assert.is(attest.headers.authorization, `Bearer ${TOKEN}`)
  assert.is(client.user!.oid, 'org-3')
  assert.equal(client.orgSwitching, { state: 'idle' })
})

test('organization switching needs a user; a failed switch keeps the session', async () => {
  const { client } = setup()
  const error = await rejection(client.switchOrganization('org-2').done())
  assert.is(error.message, 'Switching organization needs a signed-in user, log in first')
  const context = setup()
  await signIn(context)
  context.provider.on('POST /token/v2', fail(403, 'forbidden'))
  await rejection(context.client.switchOrganization('org-2').done())
  assert.is(context.client.user!.token, TOKEN)
  assert.equal(context.client.orgSwitching, { state: 'idle' })
})

test('logout revokes the token with Bearer, clears storage; revoke errors are swallowed', async () => {
  const context = setup({ tokenStorage: 'localStorage' })
  await signIn(context)
  context.provider.on('POST /token/revoke', fail(500, 'down'))
  await context.client.logout()
  assert.is(context.client.user, undefined)
  assert.is(context.local.getItem('@slashid/USER_TOKEN/org-test'), null)
  const [revoke] = context.provider.calls('POST /token/revoke')
  assert.equal(revoke!.body, { token: TOKEN })
  assert.is(revoke!.headers.authorization, `Bearer ${TOKEN}`)
})

test('a login failure logs the user out', async () => {
  const context = setup()
  context.provider.on((r) => r.method === 'POST' && r.path === '/id/v2' && r.body.factor.method === 'otp_via_email', fail(403, 'person is not active'))
  await signIn(context)
  context.provider.on('POST /token/revoke', { status: 204 })
  const error = await rejection(context.client.identify(EMAIL, { method: 'otp_via_email' }).done())
  assert.is(error.code, 'signUpAwaitingApproval')
  assert.is(context.client.user, undefined)
  assert.is(context.provider.calls('POST /token/revoke').length, 1)
})

test.run()
