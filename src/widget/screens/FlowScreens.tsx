import type { ReactElement } from 'react'
import type { FlowState, Handle, LoginFlow } from '../../identity/index.js'
import { AuthenticatingScreen } from './AuthenticatingScreen.js'
import { ErrorScreen } from './ErrorScreen.js'
import { RecoveryCodesScreen } from './RecoveryCodesScreen.js'
import { SuccessScreen } from './SuccessScreen.js'

export interface FlowScreensProps {
  readonly flow: LoginFlow
  readonly state: FlowState
  /** The handle the messages name ({email}, {phone}). */
  readonly handle: Handle | undefined
  readonly recovering?: boolean
  readonly switching?: boolean
  readonly onReset: () => void
  readonly onForgot?: () => void
  readonly onBackToPassword?: () => void
}

/** The screens after the initial one, picked by the flow's status. */
export function FlowScreens({ flow, state, handle, recovering = false, switching = false, onReset, onForgot, onBackToPassword }: FlowScreensProps): ReactElement | null {
  switch (state.status) {
    case 'authenticating':
      return (
        <AuthenticatingScreen
          flow={flow}
          state={state}
          handle={handle}
          recovering={recovering}
          switching={switching}
          onForgot={onForgot ?? (() => {})}
          onBackToPassword={onBackToPassword ?? (() => {})}
        />
      )
    case 'storeRecoveryCodes':
      return <RecoveryCodesScreen codes={state.recoveryCodes ?? []} onConfirm={() => flow.confirmRecoveryCodes()} />
    case 'success':
      return <SuccessScreen />
    case 'error':
      return <ErrorScreen error={state.error} handle={handle} onRetry={() => flow.retry()} onReset={onReset} />
    default:
      return null
  }
}
