import type { ReactElement } from 'react'
import { useWidget } from '../widget-context.js'
import { Button } from '../widgets/Button.js'
import { Countdown } from '../widgets/Countdown.js'

/** The resend prompt waits this long. */
export const RESEND_DELAY_SECONDS = 30

/** "Didn't receive the email? Resend in N seconds", then a Resend button. */
export function ResendPrompt({ channel, onResend }: { channel: 'email' | 'sms'; onResend: () => void }): ReactElement {
  const { t } = useWidget()
  const countdown = (seconds: number) =>
    t('authenticating.retryCountdown', { countdown: t(seconds === 1 ? 'countdown.second' : 'countdown.seconds', { count: seconds }) })
  return (
    <div className="sid-prompt">
      <span>{t(channel === 'sms' ? 'authenticating.retryPrompt.sms' : 'authenticating.retryPrompt.email')}</span>
      <Countdown seconds={RESEND_DELAY_SECONDS} fallback={(seconds) => <span>{countdown(seconds)}</span>}>
        <Button variant="link" onClick={onResend}>
          {t('authenticating.retry')}
        </Button>
      </Countdown>
    </div>
  )
}
