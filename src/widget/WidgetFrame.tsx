import type { ReactElement, ReactNode } from 'react'
import type { ResolvedWidgetConfig } from './resolve-widget-config.js'
import { useWidget, type WidgetPorts } from './widget-context.js'
import { Card } from './widgets/Card.js'
import { WidgetRoot } from './WidgetRoot.js'

/** The card the forms sit in, with the footer banner unless `showBanner` is false. */
export function WidgetFrame({ config, ports, children }: { config: ResolvedWidgetConfig; ports: WidgetPorts | undefined; children: ReactNode }): ReactElement {
  return (
    <WidgetRoot config={config} ports={ports}>
      <Card>
        {children}
        <Banner />
      </Card>
    </WidgetRoot>
  )
}

function Banner(): ReactElement | null {
  const { t, config } = useWidget()
  return config.showBanner ? <p className="sid-banner">{t('footer.branding')}</p> : null
}
