import type { ReactElement } from 'react'

interface NotFoundProps {
  readonly homeHref: string
}

/** Where the docs start, offered from the not-found page. */
export const docsIntroHref = '/docs/Sanctum/intro'

export function NotFound({ homeHref }: NotFoundProps): ReactElement {
  return (
    <main id="main-content" className="not-found">
      <h1 className="not-found-title">Page Not Found</h1>
      <p className="not-found-text">We could not find what you were looking for.</p>
      <p className="not-found-links">
        <a className="button" href={homeHref}>
          Go to the home page
        </a>
        <a className="button button--secondary" href={docsIntroHref}>
          Read the docs introduction
        </a>
      </p>
    </main>
  )
}
