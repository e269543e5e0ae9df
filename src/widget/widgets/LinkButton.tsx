import type { ReactElement, ReactNode } from 'react'
import type { ButtonVariant } from './Button.js'

/** A link that looks like a button (contact support, sign up): it navigates, so it is an <a>. */
export function LinkButton({ href, variant = 'secondary', children }: { href: string; variant?: ButtonVariant; children: ReactNode }): ReactElement {
  return (
    <a className={`sid-button sid-button--${variant}`} href={href} target="_blank" rel="noopener noreferrer">
      <span className="sid-button-text">{children}</span>
    </a>
  )
}
