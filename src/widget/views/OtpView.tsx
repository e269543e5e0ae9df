import { useEffect, useReducer, useRef, type ReactElement } from 'react'
import type { Handle, LoginFlow, Prompt } from '../../identity/index.js'
import { Screen } from '../Screen.js'
import { handleValues } from '../text.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { BusyStatus } from '../widgets/BusyStatus.js'
import { CodeForm } from './CodeForm.js'
import { INITIAL_OTP_STATE, otpViewReducer } from './otp-view-reducer.js'
import { ResendPrompt } from './ResendPrompt.js'

export interface OtpViewProps {
  readonly flow: LoginFlow
  readonly prompt: Prompt | undefined
  readonly handle: Handle | undefined
  /** otp_via_email or otp_via_sms: picks the texts and the resend wording. */
  readonly method: string
}

/** A code sent by e-mail or SMS: enter it (auto-submitted at 6 digits), resend after 30 s, or go back. */
export function OtpView({ flow, prompt, handle, method }: OtpViewProps): ReactElement {
  const { t } = useWidget()
  const [state, dispatch] = useReducer(otpViewReducer, INITIAL_OTP_STATE)
  const round = useRef(0)
  useEffect(() => {
    if (prompt?.kind !== 'otp') return
    round.current += 1
    dispatch({ type: prompt.retrying ? 'rejected' : 'sent' })
  }, [prompt])
  useEffect(() => {
    if (state.status === 'submitting') flow.submitOtp(state.code)
  }, [state.status, state.code, flow])

  const kind = method === 'otp_via_sms' ? 'otp_via_sms' : 'otp_via_email'
  const values = handleValues(handle)
  const variant = state.status === 'submitting' ? 'submitting.' : state.status === 'retrying' ? 'retrying.' : ''
  const showForm = state.status === 'input' || state.status === 'submitting'
  // Before the first code is sent there is nothing to tell yet but that it is being sent.
  const subtitle = state.status === 'initial' ? undefined : t(`authenticating.${variant}message.${kind}`, values)
  return (
    <Screen focusKey={`otp-${state.status}-${round.current}`} title={t(`authenticating.${variant}title.${kind}`, values)} subtitle={subtitle}>
      {showForm ? (
        <CodeForm
          label={t('authenticating.otpInput')}
          code={state.code}
          error={state.error && t(state.error)}
          submitting={state.status === 'submitting'}
          submitLabel={t('authenticating.otpInput.submit')}
          onEdit={(code) => dispatch({ type: 'edit', code })}
          onSubmit={() => dispatch({ type: 'submit' })}
        />
      ) : (
        <BusyStatus>{state.status === 'initial' ? t('authenticating.sending') : null}</BusyStatus>
      )}
      {state.status === 'input' ? (
        <ResendPrompt
          key={round.current}
          channel={kind === 'otp_via_sms' ? 'sms' : 'email'}
          onResend={() => {
            dispatch({ type: 'resend' })
            flow.retry()
          }}
        />
      ) : null}
      <Button variant="back" onClick={() => flow.cancel()}>
        {t('authenticating.back')}
      </Button>
    </Screen>
  )
}
