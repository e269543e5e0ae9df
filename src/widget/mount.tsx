import type { ComponentType } from 'react'
import { createRoot } from 'react-dom/client'

export interface MountedWidget<P> {
  /** Render again with new props. */
  update(props: P): void
  unmount(): void
}

/**
 * Renders a widget component into an element of a page that is not itself React (the site's
 * browser runtime loads the widget bundle on demand and calls this).
 *
 * ```ts
 * const form = mount(document.querySelector('#login')!, LoginForm, { client, onSuccess })
 * ```
 */
export function mount<P extends object>(element: Element, Component: ComponentType<P>, props: P): MountedWidget<P> {
  const root = createRoot(element)
  root.render(<Component {...props} />)
  return {
    update: (next) => root.render(<Component {...next} />),
    unmount: () => root.unmount(),
  }
}
