import type { ReactElement } from 'react'

/**
 * The static page has no user, so it always says 'Log in'; the browser runtime switches it to
 * 'Log out' for a signed-in person.
 */
export function LoginButton({ className }: { className?: string }): ReactElement {
  return (
    <button type="button" className={className ? `login-button ${className}` : 'login-button'} data-login-button="">
      Log in
    </button>
  )
}
