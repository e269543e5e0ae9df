import type { ReactElement } from 'react'
import type { PageLink } from '../../shared/page-view.js'

interface PaginationNavProps {
  readonly previous: PageLink | undefined
  readonly next: PageLink | undefined
}

/** Previous and next docs in sidebar order, at the bottom of a doc. */
export function PaginationNav({ previous, next }: PaginationNavProps): ReactElement | null {
  if (!previous && !next) return null
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <a className="pagination-nav-link pagination-nav-link--previous" href={previous.href} rel="prev">
          <span className="pagination-nav-sublabel">Previous</span>
          <span className="pagination-nav-label">{previous.label}</span>
        </a>
      ) : null}
      {next ? (
        <a className="pagination-nav-link pagination-nav-link--next" href={next.href} rel="next">
          <span className="pagination-nav-sublabel">Next</span>
          <span className="pagination-nav-label">{next.label}</span>
        </a>
      ) : null}
    </nav>
  )
}
