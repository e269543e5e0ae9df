import type { ReactElement } from 'react'
import type { VersionMenuView } from '../../shared/page-view.js'

/**
 * The docs version dropdown of the navbar: a disclosure, so it opens without JavaScript. Each
 * link names its version (`data-docs-version`), which the runtime remembers as the reader's
 * preferred version when it is followed.
 */
export function VersionDropdown({ menu }: { readonly menu: VersionMenuView }): ReactElement {
  return (
    <details className="navbar-versions">
      <summary className="navbar-versions-label" aria-label={`Docs version: ${menu.label}`}>
        {menu.label}
      </summary>
      <ul className="navbar-versions-list">
        {menu.items.map((item) => (
          <li key={item.name}>
            <a
              className={item.active ? 'navbar-versions-link navbar-versions-link--active' : 'navbar-versions-link'}
              href={item.href}
              aria-current={item.active ? 'true' : undefined}
              data-docs-version={item.name}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
