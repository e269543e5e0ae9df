import type { ReactElement } from 'react'
import { LoginButton } from './LoginButton.js'

/**
 * What a private route's public shell shows instead of the page. The browser runtime replaces
 * it with the sign-in form, then fetches the body from the gate once the token allows it.
 */
export function LoginGate({ route }: { route: string }): ReactElement {
  return (
    <div className="login-gate" data-login-gate="" data-route={route}>
      <h2 className="login-gate-title">Sign in to read this page</h2>
      <p className="login-gate-text">This page is private. Its content is only sent to your browser after you sign in with an account that may read it.</p>
      <LoginButton className="login-gate-button" />
    </div>
  )
}
