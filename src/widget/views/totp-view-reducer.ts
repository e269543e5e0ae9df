/**
 * The TOTP view's state machine: initial, registerAuthenticator (QR code and the
 * manual set-up URI), input, submitting. A wrong code returns to input with an error. A
 * recovery-code mode can be toggled while verifying, never right after registering.
 */
import type { TextKey } from '../default-text.js'
import { checkCode, checkRecoveryCode } from '../field-validators.js'

export type TotpStatus = 'initial' | 'registerAuthenticator' | 'input' | 'submitting'

export interface TotpViewState {
  readonly status: TotpStatus
  /** True for a totp_register challenge: no recovery codes exist yet. */
  readonly registering: boolean
  readonly mode: 'code' | 'recovery'
  readonly code: string
  readonly error: TextKey | undefined
}

export type TotpAction =
  | { readonly type: 'prompted'; readonly kind: 'totpRegister' | 'totpVerify'; readonly retrying: boolean }
  | { readonly type: 'continue' }
  | { readonly type: 'edit'; readonly code: string }
  | { readonly type: 'submit' }
  | { readonly type: 'toggleRecovery' }

export const INITIAL_TOTP_STATE: TotpViewState = { status: 'initial', registering: false, mode: 'code', code: '', error: undefined }

export function totpViewReducer(state: TotpViewState, action: TotpAction): TotpViewState {
  switch (action.type) {
    case 'prompted': {
      const registering = action.kind === 'totpRegister'
      const base = { ...state, registering, code: '', error: undefined, mode: registering ? ('code' as const) : state.mode }
      if (action.retrying) return { ...base, status: 'input', error: 'validationError.otpRejected' }
      return { ...base, status: registering ? 'registerAuthenticator' : 'input' }
    }
    case 'continue':
      return state.status === 'registerAuthenticator' ? { ...state, status: 'input' } : state
    case 'edit':
      return state.status === 'input' ? { ...state, code: action.code, error: undefined } : state
    case 'submit': {
      if (state.status !== 'input') return state
      const error = state.mode === 'recovery' ? checkRecoveryCode(state.code) : checkCode(state.code)
      return error ? { ...state, error } : { ...state, status: 'submitting', error: undefined }
    }
    case 'toggleRecovery':
      if (state.registering || state.status !== 'input') return state
      return { ...state, mode: state.mode === 'code' ? 'recovery' : 'code', code: '', error: undefined }
  }
}
