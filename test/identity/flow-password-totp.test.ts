import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fail, makeToken, ok, prompted, recordEvents, rejection, setup, until } from './helpers.js'

const EMAIL = { type: 'email_address', value: 'ada@example.test' } as const
const TOKEN = makeToken({ authenticated_methods: ['password'] })

const RULES = {
  regular_expressions: [
    { name: 'length', pattern: '^.{8,256}$', match_type: 'must_match' },
    { name: 'password_variants', pattern: 'p[a@4]ssw[o0]rd', match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
    { name: 'admin_variants', pattern: '[a4@]dm[i1!]n', match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
    { name: 'numeric_sequences_ascending', pattern: '(0123|1234|2345|3456|4567|5678|6789)', match_type: 'must_not_match' },
  ],
}


test('password set: each rule failing re-asks without a request, the provider rejecting (400) re-asks, then success', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'password_set', options: { validation_rules: RULES } }]))
  provider.sequence('POST /attestation/v3', [fail(400, 'password rejected')])
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'password' })

  const first = await prompted(flow, 'passwordSet', false)
  assert.equal((first.prompt as any).rules, RULES)
  const failing: Array<[string, string[]]> = [
    ['short', ['length']],
    ['my-P4ssw0rd-here', ['password_variants']],
    ['the-Adm1n-account', ['admin_variants']],
    ['abc-12345-xyz', ['numeric_sequences_ascending']],
    ['4dm1n', ['length', 'admin_variants']],
  ]
  let last = first.prompt
  for (const [password, names] of failing) {
    flow.submitPassword(password)
    const state = await until(flow, (s) => s.prompt?.kind === 'passwordSet' && s.prompt !== last)
    last = state.prompt
    assert.equal((state.prompt as any).failedRules.map((r: any) => r.name), names, password)
    assert.is((state.prompt as any).retrying, true)
  }
  assert.is(provider.calls('POST /attestation/v3').length, 0)
  const invalid = events.seen.filter((e) => e.name === 'invalidPasswordSubmitted')
  assert.equal(invalid[0]!.payload.failedRules, [{ name: 'length', matchType: 'must_match', regexp: '^.{8,256}$' }])

  flow.submitPassword('correct horse battery')
  await until(flow, () => provider.calls('POST /attestation/v3').length === 1 && flow.state.prompt?.kind === 'passwordSet')
  flow.submitPassword('correct horse battery staple')
  const user = await flow.done()
  assert.is(user.token, TOKEN)
  assert.equal(
    provider.calls('POST /attestation/v3').map((r) => r.body),
    [
      { challenge_id: 'ch_1', challenge_type: 'password_set', data: { password: 'correct horse battery' } },
      { challenge_id: 'ch_1', challenge_type: 'password_set', data: { password: 'correct horse battery staple' } },
    ],
  )
  assert.is(events.names().filter((n) => n === 'invalidPasswordSubmitted').length, 6)
  assert.is(events.names().filter((n) => n === 'passwordSetReady').length, 7)
})

test('wrong password (401) then right', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'password_verify' }]))
  provider.sequence('POST /attestation/v3', [fail(401, 'incorrect password')])
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'password' })
  await prompted(flow, 'passwordVerify', false)
  flow.submitPassword('wrong')
  await prompted(flow, 'passwordVerify', true)
  flow.submitPassword('right')
  await flow.done()
  assert.equal(events.names(), [
    'idFlowStarted', 'passwordVerifyReady', 'passwordSubmitted', 'incorrectPasswordSubmitted',
    'passwordVerifyReady', 'passwordSubmitted', 'idFlowSucceeded',
  ])
})

test('password verify needs a password', async () => {
  const { client, provider } = setup()
  provider.on('POST /id/v2', ok([{ id: 'ch_1', type: 'password_verify' }]))
  const flow = client.identify(EMAIL, { method: 'password' })
  await prompted(flow, 'passwordVerify')
  flow.submitPassword('')
  const error = await rejection(flow.done())
  assert.is(error.message, 'No password provided')
})

test('password reset through recovery: POST /recover, then the new password', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /recover', ok([{ id: 'ch_r', type: 'password_reset', options: { validation_rules: RULES } }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.recover(EMAIL)
  await prompted(flow, 'passwordReset')
  flow.submitPassword('short')
  await until(flow, (s) => (s.prompt as any)?.failedRules?.length === 1)
  flow.submitPassword('a much better passphrase')
  await flow.done()
  const [recover] = provider.calls('POST /recover')
  assert.equal(recover!.body, { handle: EMAIL, factor: { method: 'password' } })
  assert.is(recover!.headers['slashid-orgid'], 'org-test')
  assert.equal(provider.calls('POST /attestation/v3')[0]!.body.challenge_type, 'password_reset')
  assert.equal(events.names(), [
    'recoveryFlowStarted', 'passwordResetReady', 'passwordSubmitted', 'invalidPasswordSubmitted',
    'passwordResetReady', 'passwordSubmitted', 'recoveryFlowSucceeded', 'idFlowSucceeded',
  ])
})

test('recovery needs a reachable handle and the password factor', async () => {
  const { client } = setup()
  const cases: Array<[any, any, string, string]> = [
    [{ type: 'username', value: 'ada' }, undefined, 'recoverNonReachableHandleType', 'Username is not a reachable handle type'],
    [{ type: 'fax', value: '1' }, undefined, 'recoverNonReachableHandleType', 'Recovery requires a reachable handle type.'],
    [EMAIL, { method: 'otp_via_email' }, 'invalidAuthenticationMethodError', "Recovery needs the 'password' factor, got 'otp_via_email'"],
  ]
  for (const [handle, factor, code, message] of cases) {
    const events = recordEvents(client)
    const error = await rejection(client.recover(handle, factor).done())
    assert.is(error.code, code)
    assert.is(error.message, message)
    assert.equal(events.names(), ['recoveryFlowStarted', 'recoveryFlowFailed', 'clientSideError'])
  }
})

test('TOTP register: key and recovery codes, wrong code re-asks, then recovery codes to confirm', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  const options = {
    key_uri: 'otpauth://totp/Docs:ada@example.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Docs',
    qr_code_data_b64: 'iVBORw0KGgo=',
    recovery_codes: ['aaaa-1111', 'bbbb-2222'],
  }
  provider.on('POST /id/v2', ok([{ id: 'ch_t', type: 'totp_register', options }]))
  provider.sequence('POST /attestation/v3', [fail(401, 'invalid code')])
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'totp' })
  const state = await prompted(flow, 'totpRegister', false)
  assert.equal(state.prompt, {
    kind: 'totpRegister',
    challengeId: 'ch_t',
    uri: options.key_uri,
    qrCode: options.qr_code_data_b64,
    recoveryCodes: options.recovery_codes,
    retrying: false,
  })
  flow.submitOtp('000000')
  await prompted(flow, 'totpRegister', true)
  flow.submitOtp('287082')
  const codes = await until(flow, (s) => s.status === 'storeRecoveryCodes')
  assert.equal(codes.recoveryCodes, ['aaaa-1111', 'bbbb-2222'])
  assert.ok(client.user, 'the user is signed in before the codes are confirmed')
  flow.confirmRecoveryCodes()
  const user = await flow.done()
  assert.is(flow.state.status, 'success')
  assert.is(user.token, TOKEN)
  assert.equal(provider.calls('POST /attestation/v3').map((r) => r.body.challenge_type), ['totp_register', 'totp_register'])
  assert.equal(events.seen.find((e) => e.name === 'totpKeyGenerated')!.payload, {
    challengeId: 'ch_t', uri: options.key_uri, qrCode: options.qr_code_data_b64, recoveryCodes: options.recovery_codes,
  })
  assert.equal(events.names().filter((n) => n === 'otpIncorrectCodeSubmitted').length, 1)
})

test('TOTP verify: totpCodeRequested, code attested as totp_verify; an empty code is refused', async () => {
  const { client, provider } = setup()
  const events = recordEvents(client)
  provider.on('POST /id/v2', ok([{ id: 'ch_v', type: 'totp_verify' }]))
  provider.on('POST /attestation/v3', ok({ token: TOKEN }))
  const flow = client.identify(EMAIL, { method: 'totp' })
  await prompted(flow, 'totpVerify')
  flow.submitOtp('755224')
  await flow.done()
  assert.equal(provider.calls('POST /attestation/v3')[0]!.body, { challenge_id: 'ch_v', challenge_type: 'totp_verify', data: { otp: '755224' } })
  assert.ok(events.names().includes('totpCodeRequested'))

  const again = client.identify(EMAIL, { method: 'totp' })
  await prompted(again, 'totpVerify')
  again.submitOtp('')
  assert.is((await rejection(again.done())).message, 'no TOTP code provided')
})

test.run()
