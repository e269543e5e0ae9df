import type { ReactElement } from 'react'
import type { LoginFlow } from '../../identity/index.js'
import { Screen } from '../Screen.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { BusyStatus } from '../widgets/BusyStatus.js'

/** Waiting on something outside the widget (a passkey prompt, an SSO window): a message and Cancel. */
export function MessageView({ flow, title, message }: { flow: LoginFlow; title: string; message: string | undefined }): ReactElement {
  const { t } = useWidget()
  return (
    <Screen focusKey={`message-${title}`} title={title} subtitle={message}>
      <BusyStatus />
      <Button variant="secondary" onClick={() => flow.cancel()}>
        {t('authenticating.cancel')}
      </Button>
    </Screen>
  )
}
