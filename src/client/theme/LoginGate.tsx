import type { ReactElement } from 'react'
import { LoginButton } from './LoginButton.js'

const lockIcon = (
  <svg className="login-gate-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
    <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" fill="currentColor" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
)

/**
 * What the sign-in shell shows instead of a private page. The shell is one page for every path
 * under a private rule, so it names none: the browser runtime reads the path from the address,
 * shows the sign-in form, then fetches the body from the gate once the token allows it.
 */
export function LoginGate(): ReactElement {
  return (
    <div className="login-gate" data-login-gate="">
      {lockIcon}
      <h2 className="login-gate-title">Sign in to read this page</h2>
      <p className="login-gate-text">This page is private. Its content is only sent to your browser after you sign in with an account that may read it.</p>
      <LoginButton className="login-gate-button" />
    </div>
  )
}
