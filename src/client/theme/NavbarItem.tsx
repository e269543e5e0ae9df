import type { ReactElement } from 'react'
import type { NavbarLinkView } from '../../shared/page-view.js'

interface NavbarItemProps {
  readonly item: NavbarLinkView
  /** The href of the page being drawn, to tell "this page" from "this section". */
  readonly currentHref: string
}

/**
 * One navbar link in a list item. Items restricted to signed-in people start hidden: the static
 * page has no user, and the browser runtime reveals them for entitled users. This is only a
 * courtesy; the gate protects the pages themselves.
 */
export function NavbarItem({ item, currentHref }: NavbarItemProps): ReactElement {
  const current = item.active ? (item.href === currentHref ? 'page' : 'true') : undefined
  return (
    <li
      className="navbar-item"
      hidden={item.auth || undefined}
      data-auth={item.auth ? '' : undefined}
      // JSON keeps group names with spaces or commas intact for the runtime.
      data-groups={item.auth && item.groups.length > 0 ? JSON.stringify(item.groups) : undefined}
    >
      <a className={item.active ? 'navbar-link navbar-link--active' : 'navbar-link'} href={item.href} aria-current={current}>
        {item.label}
      </a>
    </li>
  )
}
