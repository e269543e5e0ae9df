import type { ReactElement } from 'react'
import type { Handle, LoginFlow, Prompt } from '../../identity/index.js'
import { Screen } from '../Screen.js'
import { handleValues } from '../text.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Icon } from '../widgets/Icon.js'
import { BusyStatus } from '../widgets/BusyStatus.js'
import { ResendPrompt } from './ResendPrompt.js'

/** A sign-in link was sent: the SDK polls until it is followed; resend after 30 s, or cancel. */
export function LinkView({ flow, prompt, handle, method }: { flow: LoginFlow; prompt: Prompt | undefined; handle: Handle | undefined; method: string }): ReactElement {
  const { t } = useWidget()
  const kind = method === 'sms_link' ? 'sms_link' : 'email_link'
  const values = handleValues(handle)
  const waiting = prompt?.kind === 'waiting'
  return (
    <Screen
      focusKey="link"
      top={<Icon name="mail" size={40} className="sid-screen-icon" />}
      title={t(`authenticating.title.${kind}`, values)}
      subtitle={waiting ? t(`authenticating.message.${kind}`, values) : undefined}
    >
      <BusyStatus>{waiting ? t('authenticating.waiting') : t('authenticating.sending')}</BusyStatus>
      {waiting ? <ResendPrompt key={prompt.challengeId} channel={kind === 'sms_link' ? 'sms' : 'email'} onResend={() => flow.retry()} /> : null}
      <Button variant="secondary" onClick={() => flow.cancel()}>
        {t('authenticating.cancel')}
      </Button>
    </Screen>
  )
}
