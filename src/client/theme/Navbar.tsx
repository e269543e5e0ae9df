import type { ReactElement } from 'react'
import type { NavbarLinkView, SiteView } from '../../shared/page-view.js'
import { ColorModeToggle } from './ColorModeToggle.js'
import { LoginButton } from './LoginButton.js'
import { MobileMenuToggle } from './MobileMenu.js'
import { NavbarItem } from './NavbarItem.js'
import { SearchBox } from './SearchBox.js'
import { VersionDropdown } from './VersionDropdown.js'

interface NavbarProps {
  readonly site: SiteView
  readonly currentHref: string
}

/**
 * The top bar: the mobile menu toggle (narrow screens only), brand, section links, then colour
 * mode, search and Log in on the right.
 */
export function Navbar({ site, currentHref }: NavbarProps): ReactElement {
  const { navbar } = site
  const left = navbar.items.filter((item) => item.position === 'left')
  const right = navbar.items.filter((item) => item.position === 'right')
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar-inner">
        <MobileMenuToggle />
        <a className="navbar-brand" href={site.homeHref}>
          {navbar.logo ? <img className="navbar-logo" src={navbar.logo.src} alt={navbar.logo.alt} width="32" height="32" /> : null}
          <span className="navbar-title">{navbar.title}</span>
        </a>
        <NavbarItems items={left} className="navbar-items" currentHref={currentHref} />
        <div className="navbar-end">
          <NavbarItems items={right} className="navbar-items navbar-items--right" currentHref={currentHref} />
          {navbar.versions ? <VersionDropdown menu={navbar.versions} /> : null}
          {site.colorMode.disableSwitch ? null : <ColorModeToggle />}
          <SearchBox />
          {site.login ? <LoginButton /> : null}
        </div>
      </div>
    </nav>
  )
}

/** One group of navbar links; nothing at all when the group is empty. */
function NavbarItems({ items, className, currentHref }: { readonly items: readonly NavbarLinkView[]; readonly className: string; readonly currentHref: string }): ReactElement | null {
  if (items.length === 0) return null
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <NavbarItem item={item} currentHref={currentHref} key={index} />
      ))}
    </ul>
  )
}
