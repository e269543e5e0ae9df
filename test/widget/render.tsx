/** Rendering widget parts inside a WidgetRoot on a happy-dom page, with a fake clock. */
import type { ReactNode } from 'react'
import { resolveWidgetConfig, type WidgetConfig } from '../../src/widget/resolve-widget-config.js'
import type { WidgetPorts } from '../../src/widget/widget-context.js'
import { WidgetRoot } from '../../src/widget/WidgetRoot.js'
import { fakeClock } from '../identity/helpers.js'
import { flush, openPage, waitFor } from './dom.js'

export async function renderInWidget(node: ReactNode, { config = {}, ports = {} }: { config?: WidgetConfig; ports?: WidgetPorts } = {}) {
  const page = await openPage()
  const { clock, port } = fakeClock()
  const allPorts = { clock: port, ...ports }
  const config_ = resolveWidgetConfig(config)
  const rerender = (next: ReactNode) =>
    page.render(
      <WidgetRoot config={config_} ports={allPorts}>
        {next}
      </WidgetRoot>,
    )
  rerender(node)
  await waitFor(() => page.container.querySelector('.sid-root') !== null)
  await flush() // effects run after the paint
  return { page, clock, root: page.container, rerender }
}
