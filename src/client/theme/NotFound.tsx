import type { ReactElement } from 'react'
import { LoginGate } from './LoginGate.js'

interface NotFoundProps {
  readonly homeHref: string
  /** The main doc; without one, only the home page is offered. */
  readonly docsHref: string | undefined
}

/**
 * The not-found page. It also holds the sign-in shell, hidden: a static host answers every
 * private path with this page, and its script (src/client/shell) shows the shell instead for a
 * path under a private rule.
 */
export function NotFound({ homeHref, docsHref }: NotFoundProps): ReactElement {
  return (
    <main id="main-content" className="not-found">
      <h1 className="not-found-title">Page Not Found</h1>
      <div data-not-found="">
        <p className="not-found-text">We could not find what you were looking for.</p>
        <p className="not-found-links">
          <a className="button" href={homeHref}>
            Go to the home page
          </a>
          {docsHref === undefined ? null : (
            <a className="button button--secondary" href={docsHref}>
              Read the docs introduction
            </a>
          )}
        </p>
      </div>
      <div data-sign-in-shell="" hidden>
        <LoginGate />
      </div>
    </main>
  )
}
