import type { ReactElement } from 'react'
import type { Breadcrumb } from '../../shared/page-view.js'

interface BreadcrumbsProps {
  readonly trail: readonly Breadcrumb[]
  /** The current page's title, shown last and not linked. */
  readonly current: string
  readonly homeHref: string
}

export function Breadcrumbs({ trail, current, homeHref }: BreadcrumbsProps): ReactElement {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol className="breadcrumbs-list">
        <li className="breadcrumbs-item">
          <a className="breadcrumbs-link" href={homeHref}>
            Home
          </a>
        </li>
        {trail.map((crumb, index) => (
          <li className="breadcrumbs-item" key={index}>
            {crumb.href === undefined ? (
              <span className="breadcrumbs-text">{crumb.label}</span>
            ) : (
              <a className="breadcrumbs-link" href={crumb.href}>
                {crumb.label}
              </a>
            )}
          </li>
        ))}
        <li className="breadcrumbs-item breadcrumbs-item--current" aria-current="page">
          <span className="breadcrumbs-text">{current}</span>
        </li>
      </ol>
    </nav>
  )
}
