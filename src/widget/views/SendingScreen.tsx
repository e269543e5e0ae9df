import type { ReactElement } from 'react'
import { Screen } from '../Screen.js'
import { useWidget } from '../widget-context.js'
import { BusyStatus } from '../widgets/BusyStatus.js'

/** Before a view's first prompt: the challenge is on its way. */
export function SendingScreen({ focusKey }: { focusKey: string }): ReactElement {
  const { t } = useWidget()
  return (
    <Screen focusKey={focusKey} title={t('authenticating.title.pending')}>
      <BusyStatus>{t('authenticating.sending')}</BusyStatus>
    </Screen>
  )
}
