import type { ReactElement } from 'react'
import type { NavbarLinkView, SidebarViewItem } from '../../shared/page-view.js'
import { NavbarItem } from './NavbarItem.js'
import { SidebarList } from './SidebarList.js'

interface MobileMenuProps {
  readonly items: readonly NavbarLinkView[]
  readonly sidebar: readonly SidebarViewItem[] | undefined
  /** The sidebar list already rendered (see PageProps.sidebarHtml). */
  readonly sidebarHtml?: string | undefined
  readonly currentHref: string
}

const menuIcon = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/**
 * The menu shown at 996 px and below (spec 000 §9). A <details> element opens and closes it
 * without any script. It repeats the navbar links and the sidebar because the wide-screen copies
 * are hidden at that size; only one copy is ever displayed, so assistive technology meets one.
 */
export function MobileMenu({ items, sidebar, sidebarHtml, currentHref }: MobileMenuProps): ReactElement {
  return (
    <details className="navbar-mobile" data-mobile-menu="">
      <summary className="navbar-mobile-toggle" aria-label="Menu">
        {menuIcon}
      </summary>
      <div className="navbar-mobile-panel">
        <nav aria-label="Menu">
          <ul className="navbar-mobile-items">
            {items.map((item, index) => (
              <NavbarItem item={item} currentHref={currentHref} key={index} />
            ))}
          </ul>
        </nav>
        {sidebar && sidebar.length > 0 ? (
          sidebarHtml === undefined ? (
            <nav className="navbar-mobile-sidebar" aria-label="Docs sidebar">
              <SidebarList items={sidebar} currentHref={currentHref} />
            </nav>
          ) : (
            <nav className="navbar-mobile-sidebar" aria-label="Docs sidebar" dangerouslySetInnerHTML={{ __html: sidebarHtml }} />
          )
        ) : null}
      </div>
    </details>
  )
}
