import type { ReactElement } from 'react'
import { Screen } from '../Screen.js'
import { useWidget } from '../widget-context.js'
import { Icon } from '../widgets/Icon.js'

export function SuccessScreen(): ReactElement {
  const { t } = useWidget()
  return (
    <Screen
      focusKey="success"
      top={<Icon name="success" size={40} className="sid-screen-icon sid-screen-icon--success" />}
      title={t('success.title')}
      subtitle={t('success.subtitle')}
    />
  )
}
