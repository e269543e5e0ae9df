import { useId, useState, type ReactElement } from 'react'
import { Screen } from '../Screen.js'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Icon } from '../widgets/Icon.js'

/** The download's name. */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt'

/** The file's content: one code per line. */
export function recoveryCodesFile(codes: readonly string[]): string {
  return codes.map((code) => `${code}\n`).join('')
}

/** After a first authenticator registration: the recovery codes, to download and confirm. */
export function RecoveryCodesScreen({ codes, onConfirm }: { codes: readonly string[]; onConfirm: () => void }): ReactElement {
  const { t } = useWidget()
  const id = useId()
  const [saved, setSaved] = useState(false)
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes))}`
  return (
    <Screen focusKey="recovery-codes" title={t('recoveryCodes.title')} subtitle={t('recoveryCodes.message')}>
      <ul className="sid-codes" aria-label={t('recoveryCodes.list')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a className="sid-button sid-button--secondary" href={href} download={RECOVERY_CODES_FILE}>
        <Icon name="download" size={18} />
        <span className="sid-button-text">{t('recoveryCodes.download')}</span>
      </a>
      <div className="sid-checkbox">
        <input id={id} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <label htmlFor={id}>{t('recoveryCodes.confirm')}</label>
      </div>
      <Button disabled={!saved} onClick={onConfirm}>
        {t('recoveryCodes.continue')}
      </Button>
    </Screen>
  )
}
