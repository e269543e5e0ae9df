import { useEffect, useMemo, useState, type ReactElement } from 'react'
import type { Factor, Handle, IdentityClient, LoginFlow, User } from '../identity/index.js'
import { writeLastFactor, writeLastHandle } from './last-used.js'
import { initialDraft } from './login-draft.js'
import { WIDGET_OPTION_KEYS, resolveWidgetConfig, type WidgetConfig } from './resolve-widget-config.js'
import { FlowScreens } from './screens/FlowScreens.js'
import { InitialScreen } from './screens/InitialScreen.js'
import { useFlowState } from './use-flow-state.js'
import { useWidget, type WidgetPorts } from './widget-context.js'
import { WidgetFrame } from './WidgetFrame.js'

export interface LoginFormProps extends WidgetConfig {
  /** The identity client (its fetch, storage and clock are the SDK's ports). */
  readonly client: IdentityClient
  /** Organization to sign in to (default: the client's oid). */
  readonly oid?: string
  readonly ports?: WidgetPorts
  /** Called once the person is signed in (after confirming recovery codes, if any). */
  readonly onSuccess?: (user: User) => void
}

/**
 * The login form: the initial screen, then the screens of the SDK's login flow.
 * Configuration problems throw a WidgetConfigError naming every bad key.
 */
export function LoginForm({ client, oid, ports, onSuccess, ...options }: LoginFormProps): ReactElement {
  const config = useMemo(() => resolveWidgetConfig(options), WIDGET_OPTION_KEYS.map((key) => options[key]))
  return (
    <WidgetFrame config={config} ports={ports}>
      <LoginFlowView client={client} oid={oid ?? client.options.oid} onSuccess={onSuccess} />
    </WidgetFrame>
  )
}

function LoginFlowView({ client, oid, onSuccess }: { client: IdentityClient; oid: string | undefined; onSuccess: ((user: User) => void) | undefined }): ReactElement | null {
  const { config, storage, passkeySupported } = useWidget()
  const [main] = useState(() => client.createLoginFlow(oid ? { oid } : {}))
  const [recovery, setRecovery] = useState<LoginFlow | undefined>(undefined)
  const [draft, setDraft] = useState(() => initialDraft(config, storage, oid, passkeySupported))
  const flow = recovery ?? main
  const state = useFlowState(flow)
  const handle = main.state.config?.handle

  // Once per success: the callbacks and the stored values need not re-run it.
  useEffect(() => {
    if (state.status !== 'success' || !state.user) return
    if (config.storeLastHandle && handle) writeLastHandle(storage, handle)
    const method = main.state.config?.factor.method
    if (config.storeLastFactor && oid !== undefined && method) writeLastFactor(storage, oid, method)
    onSuccess?.(state.user)
  }, [state.status])

  const logIn = (next: Handle | undefined, factor: Factor) => main.logIn({ handle: next, factor })
  // Cancelling publishes flowCancelled, which stops every running flow of the client: the
  // password flow is cancelled before the recovery starts, and the other way round.
  const forgot = () => {
    if (!handle) return
    main.cancel()
    setRecovery(client.recover(handle))
  }
  const backToPassword = () => {
    recovery?.cancel()
    setRecovery(undefined)
    if (main.state.status === 'initial' && main.state.config) main.logIn(main.state.config)
  }
  const reset = () => {
    if (recovery) setRecovery(undefined)
    else main.retry({ reset: true })
  }
  if (state.status === 'initial' && !recovery) return <InitialScreen draft={draft} onDraftChange={setDraft} onLogIn={logIn} />
  return <FlowScreens flow={flow} state={state} handle={handle} recovering={recovery !== undefined} onReset={reset} onForgot={forgot} onBackToPassword={backToPassword} />
}
