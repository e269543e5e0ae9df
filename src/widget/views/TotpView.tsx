import { useEffect, useReducer, useRef, type ReactElement } from 'react'
import type { LoginFlow, Prompt } from '../../identity/index.js'
import { Screen } from '../Screen.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { ReadOnlyField } from '../widgets/ReadOnlyField.js'
import { TextField } from '../widgets/TextField.js'
import { CodeForm } from './CodeForm.js'
import { SendingScreen } from './SendingScreen.js'
import { INITIAL_TOTP_STATE, totpViewReducer, type TotpAction, type TotpViewState } from './totp-view-reducer.js'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** An authenticator app: register it (QR code, set-up URI), then enter its code or a recovery code. */
export function TotpView({ flow, prompt }: { flow: LoginFlow; prompt: Prompt | undefined }): ReactElement {
  const { t } = useWidget()
  const [state, dispatch] = useReducer(totpViewReducer, INITIAL_TOTP_STATE)
  const round = useRef(0)
  useEffect(() => {
    if (prompt?.kind !== 'totpRegister' && prompt?.kind !== 'totpVerify') return
    round.current += 1
    dispatch({ type: 'prompted', kind: prompt.kind, retrying: prompt.retrying })
  }, [prompt])
  useEffect(() => {
    if (state.status === 'submitting') flow.submitOtp(state.code.trim())
  }, [state.status, state.code, flow])

  if (state.status === 'initial') return <SendingScreen focusKey="totp-initial" />
  if (state.status === 'registerAuthenticator' && prompt?.kind === 'totpRegister') {
    // The image is built from provider data: only well-formed base64 becomes a data URL.
    const qr = prompt.qrCode && BASE64.test(prompt.qrCode) ? `data:image/png;base64,${prompt.qrCode}` : undefined
    return (
      <Screen focusKey="totp-register" title={t('totp.register.title')} subtitle={t('totp.register.message')}>
        {qr ? <img className="sid-qr" src={qr} alt={t('totp.register.qrCode')} width={180} height={180} /> : null}
        {prompt.uri ? <ReadOnlyField label={t('totp.register.manual')} value={prompt.uri} /> : null}
        <Button onClick={() => dispatch({ type: 'continue' })}>{t('totp.register.continue')}</Button>
        <Button variant="back" onClick={() => flow.cancel()}>
          {t('authenticating.back')}
        </Button>
      </Screen>
    )
  }
  return <TotpCodeForm state={state} dispatch={dispatch} focusKey={`totp-${state.mode}-${round.current}`} flow={flow} />
}

function TotpCodeForm({ state, dispatch, focusKey, flow }: { state: TotpViewState; dispatch: (action: TotpAction) => void; focusKey: string; flow: LoginFlow }): ReactElement {
  const { t } = useWidget()
  const submitting = state.status === 'submitting'
  const recovery = state.mode === 'recovery'
  const [title, message] = recovery
    ? (['totp.recovery.title', 'totp.recovery.message'] as const)
    : state.registering
      ? (['totp.register.title', 'totp.verify.message'] as const)
      : (['totp.verify.title', 'totp.verify.message'] as const)
  const error = state.error && t(state.error)
  return (
    <Screen focusKey={focusKey} title={t(title)} subtitle={t(message)}>
      <CodeForm
        label={t('totp.code')}
        code={state.code}
        error={error}
        submitting={submitting}
        submitLabel={t('totp.submit')}
        onEdit={(code) => dispatch({ type: 'edit', code })}
        onSubmit={() => dispatch({ type: 'submit' })}
        field={
          recovery ? (
            <TextField label={t('totp.recovery.label')} autoComplete="off" value={state.code} onChange={(code) => dispatch({ type: 'edit', code })} error={error} disabled={submitting} />
          ) : undefined
        }
      />
      {state.registering ? null : (
        <Button variant="link" onClick={() => dispatch({ type: 'toggleRecovery' })} disabled={submitting}>
          {recovery ? t('totp.recovery.useApp') : t('totp.recovery.use')}
        </Button>
      )}
      <Button variant="back" onClick={() => flow.cancel()} disabled={submitting}>
        {t('authenticating.back')}
      </Button>
    </Screen>
  )
}
