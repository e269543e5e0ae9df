import { useEffect, useId, useState, type ReactElement } from 'react'
import { useWidget } from '../widget-context.js'
import { Icon } from './Icon.js'

/** How long the check icon shows after copying. */
export const COPY_CONFIRMATION_MS = 2000

/** A read-only text with an optional copy button; after copying, a check icon for 2 seconds. */
export function ReadOnlyField({ label, value, copyable = true }: { label: string; value: string; copyable?: boolean }): ReactElement {
  const { t, clock, clipboard } = useWidget()
  const id = useId()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = clock.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    return () => clock.clearTimeout(timer)
  }, [copied, clock])
  const copy = () => {
    clipboard?.writeText(value).then(
      () => setCopied(true),
      () => {},
    )
  }
  return (
    <div className="sid-field">
      <label className="sid-label" htmlFor={id}>
        {label}
      </label>
      <div className="sid-input-frame">
        <input id={id} className="sid-input sid-input--readonly" value={value} readOnly onFocus={(event) => event.target.select()} />
        {copyable && clipboard ? (
          <button type="button" className="sid-input-action" onClick={copy} aria-label={copied ? t('copy.copied') : t('copy.copy')}>
            <Icon name={copied ? 'check' : 'copy'} size={18} />
          </button>
        ) : null}
      </div>
      <span className="sid-visually-hidden" aria-live="polite">
        {copied ? t('copy.copied') : ''}
      </span>
    </div>
  )
}
