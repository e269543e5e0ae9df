import { useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react'
import type { ResolvedWidgetConfig } from './resolve-widget-config.js'
import { createTranslate } from './text.js'
import { WIDGET_CSS } from './widget-css.js'
import { WidgetContext, resolveWidgetPorts, type WidgetPorts } from './widget-context.js'

/**
 * The root every widget part renders in: texts, clock and ports in context, the theme as CSS
 * custom properties on one element, and the stylesheet (added to the document head once).
 */
export function WidgetRoot({ config, ports, children }: { config: ResolvedWidgetConfig; ports?: WidgetPorts | undefined; children: ReactNode }): ReactElement {
  const environment = useMemo(() => ({ ...resolveWidgetPorts(ports), t: createTranslate(config.text), config }), [config, ports])
  return (
    <WidgetContext.Provider value={environment}>
      <style href="docsgen-login-widget" precedence="default">
        {WIDGET_CSS}
      </style>
      <div className="sid-root" data-theme={config.theme.mode} style={config.theme.cssVariables as CSSProperties}>
        {children}
      </div>
    </WidgetContext.Provider>
  )
}
