/** The views' state machines of spec 001 §4, as plain reducers. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { INITIAL_OTP_STATE, otpViewReducer, type OtpAction, type OtpViewState } from '../../src/widget/views/otp-view-reducer.js'
import { INITIAL_PASSWORD_STATE, passwordViewReducer, type PasswordAction } from '../../src/widget/views/password-view-reducer.js'
import { INITIAL_TOTP_STATE, totpViewReducer, type TotpAction } from '../../src/widget/views/totp-view-reducer.js'
import { DEFAULT_PASSWORD_RULES } from '../../src/emulator/index.js'

const run = <S, A>(reducer: (state: S, action: A) => S, state: S, actions: A[]) => actions.reduce(reducer, state)

const otp = suite('OTP view')

otp('initial → input once sent; 6 digits submit; a rejected code resets the form with its message', () => {
  const sent = otpViewReducer(INITIAL_OTP_STATE, { type: 'sent' })
  assert.equal(sent, { status: 'input', code: '', error: undefined })
  const typed = run<OtpViewState, OtpAction>(otpViewReducer, sent, [{ type: 'edit', code: '123456' }, { type: 'submit' }])
  assert.equal(typed, { status: 'submitting', code: '123456', error: undefined })
  assert.equal(otpViewReducer(typed, { type: 'edit', code: '1' }), typed, 'no edits while submitting')
  assert.equal(otpViewReducer(typed, { type: 'resend' }), typed, 'no resend while submitting')
  assert.equal(otpViewReducer(typed, { type: 'rejected' }), { status: 'input', code: '', error: 'validationError.otpRejected' })
})

otp('a short or non-numeric code stays in input with "Please enter the OTP code."; an edit clears it; resend → retrying', () => {
  for (const code of ['12345', '12a456', '1234567']) {
    const state = run<OtpViewState, OtpAction>(otpViewReducer, INITIAL_OTP_STATE, [{ type: 'sent' }, { type: 'edit', code }, { type: 'submit' }])
    assert.equal(state, { status: 'input', code, error: 'validationError.otp' }, code)
    assert.is(otpViewReducer(state, { type: 'edit', code: '1' }).error, undefined)
  }
  assert.equal(otpViewReducer(INITIAL_OTP_STATE, { type: 'edit', code: '1' }), INITIAL_OTP_STATE, 'no input before the code is sent')
  assert.equal(otpViewReducer(INITIAL_OTP_STATE, { type: 'submit' }), INITIAL_OTP_STATE)
  const retrying = run<OtpViewState, OtpAction>(otpViewReducer, INITIAL_OTP_STATE, [{ type: 'sent' }, { type: 'edit', code: '12' }, { type: 'resend' }])
  assert.equal(retrying, { status: 'retrying', code: '', error: undefined })
  assert.is(otpViewReducer(retrying, { type: 'sent' }).status, 'input')
})

const password = suite('Password view')
const rules = { regular_expressions: DEFAULT_PASSWORD_RULES }

password('setPassword: required, must match, then submitting; a rule failure names the first failed rule', () => {
  let state = passwordViewReducer(INITIAL_PASSWORD_STATE, { type: 'prompted', prompt: { kind: 'passwordSet', retrying: false, rules, failedRules: [] } })
  assert.is(state.status, 'setPassword')
  assert.is(state.mode, 'set')
  state = passwordViewReducer(state, { type: 'submit' })
  assert.equal([state.status, state.passwordError, state.confirmationError], ['setPassword', { key: 'validationError.password' }, undefined])
  state = run<typeof state, PasswordAction>(passwordViewReducer, state, [
    { type: 'edit', field: 'password', value: 'abc1234xyz' },
    { type: 'edit', field: 'confirmation', value: 'abc1234xy' },
    { type: 'submit' },
  ])
  assert.equal([state.passwordError, state.confirmationError], [undefined, { key: 'validationError.passwordConfirm' }])
  state = run<typeof state, PasswordAction>(passwordViewReducer, state, [{ type: 'edit', field: 'confirmation', value: 'abc1234xyz' }, { type: 'submit' }])
  assert.equal([state.status, state.submitted], ['submitting', 'abc1234xyz'])
  const failedRules = [{ name: 'numeric_sequences_ascending', matchType: 'must_not_match' as const, regexp: '…' }]
  state = passwordViewReducer(state, { type: 'prompted', prompt: { kind: 'passwordSet', retrying: true, rules, failedRules } })
  assert.equal(state.passwordError, { key: 'validationError.password.sequence', values: { user_content: '1234' } })
  assert.equal([state.password, state.confirmation], ['', ''])
  state = passwordViewReducer(state, { type: 'prompted', prompt: { kind: 'passwordReset', retrying: true, rules, failedRules: [] } })
  assert.equal([state.mode, state.passwordError], ['reset', { key: 'validationError.password.other' }], 'a provider rejection (400) names no rule')
})

password('verifyPassword: wrong password message; forgot → recoverPassword → back → initial', () => {
  let state = passwordViewReducer(INITIAL_PASSWORD_STATE, { type: 'prompted', prompt: { kind: 'passwordVerify', retrying: false } })
  assert.equal([state.status, state.mode], ['verifyPassword', 'verify'])
  state = run<typeof state, PasswordAction>(passwordViewReducer, state, [{ type: 'edit', field: 'password', value: 'secret' }, { type: 'submit' }])
  assert.is(state.status, 'submitting')
  assert.equal(passwordViewReducer(state, { type: 'forgot' }), state, 'no recovery while submitting')
  state = passwordViewReducer(state, { type: 'prompted', prompt: { kind: 'passwordVerify', retrying: true } })
  assert.equal(state.passwordError, { key: 'validationError.incorrectPassword' })
  state = passwordViewReducer(state, { type: 'forgot' })
  assert.is(state.status, 'recoverPassword')
  assert.equal(passwordViewReducer(state, { type: 'submit' }), state)
  state = passwordViewReducer(state, { type: 'back' })
  assert.is(state.status, 'initial')
  assert.equal(passwordViewReducer(state, { type: 'back' }), state)
})

const totp = suite('TOTP view')

totp('register → input (no recovery toggle) → submitting; a wrong code back to input with its message', () => {
  let state = totpViewReducer(INITIAL_TOTP_STATE, { type: 'prompted', kind: 'totpRegister', retrying: false })
  assert.equal([state.status, state.registering], ['registerAuthenticator', true])
  assert.equal(totpViewReducer(state, { type: 'edit', code: '1' }), state)
  assert.equal(totpViewReducer(state, { type: 'submit' }), state)
  state = totpViewReducer(state, { type: 'continue' })
  assert.is(state.status, 'input')
  assert.equal(totpViewReducer(state, { type: 'continue' }), state)
  assert.equal(totpViewReducer(state, { type: 'toggleRecovery' }), state, 'no recovery codes right after registering')
  state = run<typeof state, TotpAction>(totpViewReducer, state, [{ type: 'edit', code: '12' }, { type: 'submit' }])
  assert.is(state.error, 'validationError.otp')
  state = run<typeof state, TotpAction>(totpViewReducer, state, [{ type: 'edit', code: '123456' }, { type: 'submit' }])
  assert.is(state.status, 'submitting')
  state = totpViewReducer(state, { type: 'prompted', kind: 'totpRegister', retrying: true })
  assert.equal([state.status, state.error, state.code], ['input', 'validationError.otpRejected', ''])
})

totp('verify: the recovery mode toggles, needs a non-empty code, and survives a wrong one', () => {
  let state = totpViewReducer(INITIAL_TOTP_STATE, { type: 'prompted', kind: 'totpVerify', retrying: false })
  assert.equal([state.status, state.registering, state.mode], ['input', false, 'code'])
  state = totpViewReducer(state, { type: 'toggleRecovery' })
  assert.is(state.mode, 'recovery')
  state = totpViewReducer(state, { type: 'submit' })
  assert.is(state.error, 'validationError.recoveryCode')
  state = run<typeof state, TotpAction>(totpViewReducer, state, [{ type: 'edit', code: 'abcde-12345' }, { type: 'submit' }])
  assert.is(state.status, 'submitting')
  assert.equal(totpViewReducer(state, { type: 'toggleRecovery' }), state)
  state = totpViewReducer(state, { type: 'prompted', kind: 'totpVerify', retrying: true })
  assert.equal([state.status, state.mode, state.error], ['input', 'recovery', 'validationError.otpRejected'])
  assert.is(totpViewReducer(state, { type: 'toggleRecovery' }).mode, 'code')
})

otp.run()
password.run()
totp.run()
