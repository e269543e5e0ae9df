/**
 * The password view's state machine: initial, then setPassword (a new person, or a
 * reset) or verifyPassword (an existing one), then submitting. Forgot password moves to
 * recoverPassword (check your e-mail or phone) and Back returns towards verifyPassword.
 * Form messages appear on submit and clear on edit.
 */
import type { FailedPasswordRule, PasswordValidationRules } from '../../identity/index.js'
import { checkConfirmation, checkPassword } from '../field-validators.js'
import { passwordRuleMessage, type FieldMessage } from '../password-rule-message.js'

export type PasswordStatus = 'initial' | 'setPassword' | 'verifyPassword' | 'submitting' | 'recoverPassword'

export interface PasswordViewState {
  readonly status: PasswordStatus
  /** Which password is asked for: a first one, a new one after recovery, or the existing one. */
  readonly mode: 'set' | 'reset' | 'verify'
  readonly password: string
  readonly confirmation: string
  readonly passwordError: FieldMessage | undefined
  readonly confirmationError: FieldMessage | undefined
  /** The password last sent, for the `{user_content}` of a rule message. */
  readonly submitted: string
}

export type PasswordPrompt =
  | {
      readonly kind: 'passwordSet' | 'passwordReset'
      readonly retrying: boolean
      readonly rules: PasswordValidationRules | undefined
      readonly failedRules: readonly FailedPasswordRule[]
    }
  | { readonly kind: 'passwordVerify'; readonly retrying: boolean }

export type PasswordAction =
  | { readonly type: 'prompted'; readonly prompt: PasswordPrompt }
  | { readonly type: 'edit'; readonly field: 'password' | 'confirmation'; readonly value: string }
  | { readonly type: 'submit' }
  | { readonly type: 'forgot' }
  | { readonly type: 'back' }

export const INITIAL_PASSWORD_STATE: PasswordViewState = {
  status: 'initial',
  mode: 'set',
  password: '',
  confirmation: '',
  passwordError: undefined,
  confirmationError: undefined,
  submitted: '',
}

const cleared = { password: '', confirmation: '', passwordError: undefined, confirmationError: undefined }

function prompted(state: PasswordViewState, prompt: PasswordPrompt): PasswordViewState {
  if (prompt.kind === 'passwordVerify') {
    const passwordError: FieldMessage | undefined = prompt.retrying ? { key: 'validationError.incorrectPassword' } : undefined
    return { ...state, ...cleared, status: 'verifyPassword', mode: 'verify', passwordError }
  }
  const mode = prompt.kind === 'passwordReset' ? 'reset' : 'set'
  if (!prompt.retrying) return { ...state, ...cleared, status: 'setPassword', mode }
  // Rejected by the local rules (failedRules), or by the provider (400, no rule named).
  const passwordError = passwordRuleMessage(prompt.failedRules, prompt.rules, state.submitted) ?? { key: 'validationError.password.other' }
  return { ...state, ...cleared, status: 'setPassword', mode, passwordError }
}

function submit(state: PasswordViewState): PasswordViewState {
  if (state.status !== 'setPassword' && state.status !== 'verifyPassword') return state
  const passwordKey = checkPassword(state.password)
  const confirmationKey = state.status === 'setPassword' && !passwordKey ? checkConfirmation(state.password, state.confirmation) : undefined
  if (passwordKey || confirmationKey) {
    return {
      ...state,
      passwordError: passwordKey ? { key: passwordKey } : undefined,
      confirmationError: confirmationKey ? { key: confirmationKey } : undefined,
    }
  }
  return { ...state, status: 'submitting', submitted: state.password }
}

export function passwordViewReducer(state: PasswordViewState, action: PasswordAction): PasswordViewState {
  switch (action.type) {
    case 'prompted':
      return prompted(state, action.prompt)
    case 'edit':
      return action.field === 'password'
        ? { ...state, password: action.value, passwordError: undefined }
        : { ...state, confirmation: action.value, confirmationError: undefined }
    case 'submit':
      return submit(state)
    case 'forgot':
      return state.status === 'verifyPassword' ? { ...state, ...cleared, status: 'recoverPassword' } : state
    case 'back':
      return state.status === 'recoverPassword' ? { ...state, ...cleared, status: 'initial' } : state
  }
}
