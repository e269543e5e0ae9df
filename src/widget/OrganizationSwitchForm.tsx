import { useEffect, useMemo, useState, type ReactElement } from 'react'
import type { IdentityClient, LoginFlow, User } from '../identity/index.js'
import { WIDGET_OPTION_KEYS, resolveWidgetConfig, type WidgetConfig } from './resolve-widget-config.js'
import { FlowScreens } from './screens/FlowScreens.js'
import { useFlowState } from './use-flow-state.js'
import type { WidgetPorts } from './widget-context.js'
import { WidgetFrame } from './WidgetFrame.js'

export interface OrganizationSwitchFormProps extends WidgetConfig {
  /** A client with a signed-in user. */
  readonly client: IdentityClient
  /** The organization to authenticate the current user for. */
  readonly oid: string
  readonly ports?: WidgetPorts
  readonly onSuccess?: (user: User) => void
}

/**
 * The second variant of the flow: no initial screen; it authenticates the current
 * user for `oid`, asking for a factor only if the organization wants one.
 */
export function OrganizationSwitchForm({ client, oid, ports, onSuccess, ...options }: OrganizationSwitchFormProps): ReactElement {
  const config = useMemo(() => resolveWidgetConfig(options), WIDGET_OPTION_KEYS.map((key) => options[key]))
  const [flow, setFlow] = useState<LoginFlow | undefined>(undefined)
  useEffect(() => setFlow(client.switchOrganization(oid)), [client, oid])
  return (
    <WidgetFrame config={config} ports={ports}>
      {flow ? <SwitchFlowView flow={flow} client={client} restart={() => setFlow(client.switchOrganization(oid))} onSuccess={onSuccess} /> : null}
    </WidgetFrame>
  )
}

function SwitchFlowView({ flow, client, restart, onSuccess }: { flow: LoginFlow; client: IdentityClient; restart: () => void; onSuccess: ((user: User) => void) | undefined }): ReactElement | null {
  const state = useFlowState(flow)
  useEffect(() => {
    if (state.status === 'success' && state.user) onSuccess?.(state.user)
  }, [state.status])
  // Cancelled (back to initial): this variant has no initial screen, so it starts over.
  useEffect(() => {
    if (state.status === 'initial') restart()
  }, [state.status])
  const handle = client.user?.authentications.at(-1)?.handle
  return <FlowScreens flow={flow} state={state} handle={handle} switching onReset={restart} />
}
