import { useEffect, useReducer, useRef, type ReactElement } from 'react'
import type { Handle, LoginFlow, Prompt } from '../../identity/index.js'
import { Screen } from '../Screen.js'
import { handleValues } from '../text.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Form } from '../widgets/Form.js'
import { PasswordField } from '../widgets/PasswordField.js'
import { BusyStatus } from '../widgets/BusyStatus.js'
import { SendingScreen } from './SendingScreen.js'
import { INITIAL_PASSWORD_STATE, passwordViewReducer, type PasswordViewState } from './password-view-reducer.js'

export interface PasswordViewProps {
  readonly flow: LoginFlow
  readonly prompt: Prompt | undefined
  readonly handle: Handle | undefined
  /** Forgot password: start recovering access with the handle. */
  readonly onForgot: () => void
  /** Back from the check-your-e-mail message to the password. */
  readonly onBack: () => void
}

/** Set a password (with confirmation and the provider's rules), verify one, or recover access. */
export function PasswordView({ flow, prompt, handle, onForgot, onBack }: PasswordViewProps): ReactElement {
  const { t } = useWidget()
  const [state, dispatch] = useReducer(passwordViewReducer, INITIAL_PASSWORD_STATE)
  const round = useRef(0)
  useEffect(() => {
    if (prompt?.kind !== 'passwordSet' && prompt?.kind !== 'passwordReset' && prompt?.kind !== 'passwordVerify') return
    round.current += 1
    dispatch({ type: 'prompted', prompt })
  }, [prompt])
  useEffect(() => {
    if (state.status === 'submitting') flow.submitPassword(state.submitted)
  }, [state.status, state.submitted, flow])

  const values = handleValues(handle)
  if (state.status === 'recoverPassword') {
    const channel = handle?.type === 'phone_number' ? 'phone' : 'email'
    return (
      <Screen focusKey="password-recover" title={t(`password.recover.title.${channel}`, values)} subtitle={t(`password.recover.message.${channel}`, values)}>
        <BusyStatus>{t('authenticating.waiting')}</BusyStatus>
        <Button
          variant="back"
          onClick={() => {
            dispatch({ type: 'back' })
            onBack()
          }}
        >
          {t('password.recover.back')}
        </Button>
      </Screen>
    )
  }
  if (state.status === 'initial') return <SendingScreen focusKey="password-initial" />
  return <PasswordForm state={state} dispatch={dispatch} focusKey={`password-${round.current}`} flow={flow} onForgot={onForgot} />
}

function PasswordForm({
  state,
  dispatch,
  focusKey,
  flow,
  onForgot,
}: {
  state: PasswordViewState
  dispatch: (action: Parameters<typeof passwordViewReducer>[1]) => void
  focusKey: string
  flow: LoginFlow
  onForgot: () => void
}): ReactElement {
  const { t } = useWidget()
  const submitting = state.status === 'submitting'
  const creating = state.mode !== 'verify'
  const [title, message] = creating
    ? state.mode === 'reset'
      ? (['password.reset.title', 'password.reset.message'] as const)
      : (['password.set.title', 'password.set.message'] as const)
    : (['password.verify.title', 'password.verify.message'] as const)
  const show = (error: PasswordViewState['passwordError']) => error && t(error.key, error.values)
  return (
    <Screen focusKey={focusKey} title={t(title)} subtitle={t(message)}>
      <Form onSubmit={() => dispatch({ type: 'submit' })}>
        <PasswordField
          label={creating ? t('password.new') : t('password.label')}
          autoComplete={creating ? 'new-password' : 'current-password'}
          value={state.password}
          onChange={(value) => dispatch({ type: 'edit', field: 'password', value })}
          error={show(state.passwordError)}
          disabled={submitting}
        />
        {creating ? (
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            value={state.confirmation}
            onChange={(value) => dispatch({ type: 'edit', field: 'confirmation', value })}
            error={show(state.confirmationError)}
            disabled={submitting}
          />
        ) : null}
        <Button type="submit" loading={submitting} disabled={state.passwordError !== undefined || state.confirmationError !== undefined}>
          {t('password.submit')}
        </Button>
      </Form>
      {!creating ? (
        <Button variant="link" onClick={() => (dispatch({ type: 'forgot' }), onForgot())} disabled={submitting}>
          {t('password.forgot')}
        </Button>
      ) : null}
      <Button variant="back" onClick={() => flow.cancel()} disabled={submitting}>
        {t('authenticating.back')}
      </Button>
    </Screen>
  )
}
