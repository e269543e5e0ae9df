import { useId, useMemo, useState, type ReactElement } from 'react'
import { WIDGET_OPTION_KEYS, resolveWidgetConfig, type WidgetConfig } from './resolve-widget-config.js'
import { useWidget, type WidgetPorts } from './widget-context.js'
import { WidgetRoot } from './WidgetRoot.js'
import { Button } from './widgets/Button.js'
import { Card } from './widgets/Card.js'

/** The consent categories, in the order they are shown. */
export const CONSENT_LEVELS = ['necessary', 'analytics', 'marketing', 'retargeting', 'tracking'] as const
export type ConsentLevel = (typeof CONSENT_LEVELS)[number]

export interface CookieConsentProps extends Pick<WidgetConfig, 'text' | 'theme'> {
  /** The levels consented to so far (necessary is always on). */
  readonly initial?: readonly ConsentLevel[]
  /** Receives the chosen levels; the host stores them (the provider's /consent/gdpr, a cookie…). */
  readonly onSave: (levels: ConsentLevel[]) => void
  readonly ports?: WidgetPorts
}

/** The cookie-consent dialog: accept all, necessary only, or choose per category. */
export function CookieConsent({ initial, onSave, ports, ...options }: CookieConsentProps): ReactElement {
  const config = useMemo(() => resolveWidgetConfig({ ...options, showBanner: false }), WIDGET_OPTION_KEYS.map((key) => (options as WidgetConfig)[key]))
  return (
    <WidgetRoot config={config} ports={ports}>
      <ConsentDialog initial={initial ?? ['necessary']} onSave={onSave} />
    </WidgetRoot>
  )
}

function ConsentDialog({ initial, onSave }: { initial: readonly ConsentLevel[]; onSave: (levels: ConsentLevel[]) => void }): ReactElement {
  const { t } = useWidget()
  const id = useId()
  const [customizing, setCustomizing] = useState(false)
  const [chosen, setChosen] = useState<ReadonlySet<ConsentLevel>>(() => new Set(['necessary', ...initial]))
  const save = (levels: Iterable<ConsentLevel>) => onSave(CONSENT_LEVELS.filter((level) => new Set(levels).has(level)))
  const toggle = (level: ConsentLevel, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(level)
    else next.delete(level)
    setChosen(next)
  }
  return (
    <div className="sid-dialog" role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <Card>
        <h2 className="sid-title" id={`${id}-title`}>
          {t('gdpr.dialog.title')}
        </h2>
        <p className="sid-subtitle" id={`${id}-text`}>
          {t('gdpr.dialog.subtitle')}
        </p>
        {customizing
          ? CONSENT_LEVELS.map((level) => (
              <div key={level} className="sid-checkbox">
                <input
                  id={`${id}-${level}`}
                  type="checkbox"
                  checked={chosen.has(level)}
                  disabled={level === 'necessary'}
                  onChange={(event) => toggle(level, event.target.checked)}
                  aria-describedby={`${id}-${level}-text`}
                />
                <div>
                  <label htmlFor={`${id}-${level}`}>{t(`gdpr.consent.${level}.title`)}</label>
                  <p className="sid-subtitle" id={`${id}-${level}-text`}>
                    {t(`gdpr.consent.${level}.description`)}
                  </p>
                </div>
              </div>
            ))
          : null}
        <div className="sid-actions">
          {customizing ? <Button onClick={() => save(chosen)}>{t('gdpr.save')}</Button> : <Button onClick={() => save(CONSENT_LEVELS)}>{t('gdpr.acceptAll')}</Button>}
          <Button variant="secondary" onClick={() => save(['necessary'])}>
            {t('gdpr.rejectAll')}
          </Button>
          {customizing ? null : (
            <Button variant="ghost" onClick={() => setCustomizing(true)}>
              {t('gdpr.customize')}
            </Button>
          )}
        </div>
      </Card>
    </div>
  )
}
