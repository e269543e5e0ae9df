/**
 * The OTP view's state machine: initial until the code is sent, input, submitting
 * (at 6 digits, or on Submit), retrying while a new code is sent. A code the provider rejects
 * resets the form and shows 'Please enter a valid code'.
 */
import type { TextKey } from '../default-text.js'
import { checkCode } from '../field-validators.js'

export type OtpStatus = 'initial' | 'input' | 'submitting' | 'retrying'

export interface OtpViewState {
  readonly status: OtpStatus
  readonly code: string
  readonly error: TextKey | undefined
}

export type OtpAction =
  | { readonly type: 'sent' }
  | { readonly type: 'rejected' }
  | { readonly type: 'edit'; readonly code: string }
  | { readonly type: 'submit' }
  | { readonly type: 'resend' }

export const INITIAL_OTP_STATE: OtpViewState = { status: 'initial', code: '', error: undefined }

export function otpViewReducer(state: OtpViewState, action: OtpAction): OtpViewState {
  switch (action.type) {
    case 'sent':
      return { status: 'input', code: '', error: undefined }
    case 'rejected':
      return { status: 'input', code: '', error: 'validationError.otpRejected' }
    case 'edit':
      return state.status === 'input' ? { ...state, code: action.code, error: undefined } : state
    case 'submit': {
      if (state.status !== 'input') return state
      const error = checkCode(state.code)
      return error ? { ...state, error } : { ...state, status: 'submitting', error: undefined }
    }
    case 'resend':
      return state.status === 'submitting' ? state : { status: 'retrying', code: '', error: undefined }
  }
}
