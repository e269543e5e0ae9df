import type { ReactElement } from 'react'
import type { NavbarLinkView } from '../../shared/page-view.js'
import { NavbarItem } from './NavbarItem.js'

// The menu opens without any script: a checkbox holds its state, and the stylesheet shows the
// menu with `.mobile-menu-switch:checked ~ …`, so the checkbox must come before the navbar (for
// the toggle's look) and before the menu in the page.
const switchId = 'mobile-menu-open'
const menuId = 'mobile-menu'

const menuIcon = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/**
 * Whether the mobile menu is open: the one real control, named "Menu". It is visually hidden at
 * 996 px and below (its label in the navbar is what people see) and absent above. autocomplete
 * off keeps browsers from restoring it checked when the page is reloaded.
 */
export function MobileMenuSwitch(): ReactElement {
  return <input type="checkbox" id={switchId} className="mobile-menu-switch" aria-label="Menu" aria-controls={menuId} autoComplete="off" />
}

/** The menu icon in the navbar: a label for the switch, so a click or tap on it opens and closes the menu. */
export function MobileMenuToggle(): ReactElement {
  return (
    <label className="navbar-mobile-toggle" htmlFor={switchId}>
      {menuIcon}
    </label>
  )
}

interface MobileMenuProps {
  readonly items: readonly NavbarLinkView[]
  /** The docs sidebar on pages that have one (see Sidebar). */
  readonly sidebar?: ReactElement | undefined
  readonly currentHref: string
}

/**
 * The menu shown at 996 px and below: the navbar links, then the docs sidebar if
 * the page has one. With a sidebar, this same element is the sidebar column on wide screens,
 * where the links are hidden: the sidebar is most of a doc page's bytes, so a page carries it once.
 */
export function MobileMenu({ items, sidebar, currentHref }: MobileMenuProps): ReactElement {
  const panel = (
    <div className="mobile-menu-panel">
      <nav className="mobile-menu-links" aria-label="Menu">
        <ul className="navbar-mobile-items">
          {items.map((item, index) => (
            <NavbarItem item={item} currentHref={currentHref} key={index} />
          ))}
        </ul>
      </nav>
      {sidebar}
    </div>
  )
  return sidebar ? (
    <aside className="sidebar mobile-menu" id={menuId}>
      {panel}
    </aside>
  ) : (
    <div className="mobile-menu" id={menuId}>
      {panel}
    </div>
  )
}
