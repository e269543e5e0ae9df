import type { ReactElement } from 'react'
import type { Handle, IdentityError } from '../../identity/index.js'
import { errorScreenContent } from '../error-screen-content.js'
import { Screen } from '../Screen.js'
import { handleValues } from '../text.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Icon } from '../widgets/Icon.js'
import { LinkButton } from '../widgets/LinkButton.js'

export interface ErrorScreenProps {
  readonly error: IdentityError | undefined
  /** The handle the flow used: format errors show its value. */
  readonly handle: Handle | undefined
  readonly onRetry: () => void
  readonly onReset: () => void
}

/** The error screen of a named error: title, subtitle, retry or back to login, support and sign-up links. */
export function ErrorScreen({ error, handle, onRetry, onReset }: ErrorScreenProps): ReactElement {
  const { t, config } = useWidget()
  const content = errorScreenContent(error)
  const values = handleValues(handle)
  const icon = content.tone === 'waiting' ? 'clock' : 'alert'
  return (
    <Screen
      focusKey={`error-${error?.code ?? 'unknown'}`}
      top={<Icon name={icon} size={40} className={`sid-screen-icon sid-screen-icon--${content.tone}`} />}
      title={t(content.title, values)}
      subtitle={t(content.subtitle, values)}
    >
      <div className="sid-actions">
        {content.action === 'retry' ? <Button onClick={onRetry}>{t('error.retry')}</Button> : <Button onClick={onReset}>{t('error.back')}</Button>}
        {content.signUp && config.alternativeAuthURL ? <LinkButton href={config.alternativeAuthURL}>{t('error.signUp')}</LinkButton> : null}
        {config.supportURL ? <LinkButton href={config.supportURL}>{t('error.contactSupport')}</LinkButton> : null}
      </div>
    </Screen>
  )
}
