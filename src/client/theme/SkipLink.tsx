import type { ReactElement } from 'react'

/** The first focusable element of every page; hidden until focused. */
export function SkipLink(): ReactElement {
  return (
    <a className="skip-link" href="#main-content">
      Skip to main content
    </a>
  )
}
