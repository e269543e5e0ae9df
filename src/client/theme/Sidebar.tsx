import type { ReactElement } from 'react'
import type { SidebarViewItem } from '../../shared/page-view.js'
import { SidebarList } from './SidebarList.js'

interface SidebarProps {
  readonly items: readonly SidebarViewItem[]
  /** The list already rendered (see PageProps.sidebarHtml); used instead of `items` when given. */
  readonly listHtml?: string | undefined
  readonly currentHref: string
}

/**
 * The docs sidebar. It is drawn inside the mobile menu, which is the sidebar column on wide
 * screens and the menu panel on narrow ones (see MobileMenu).
 */
export function Sidebar({ items, listHtml, currentHref }: SidebarProps): ReactElement {
  return listHtml === undefined ? (
    <nav className="sidebar-nav" aria-label="Docs sidebar">
      <SidebarList items={items} currentHref={currentHref} />
    </nav>
  ) : (
    <nav className="sidebar-nav" aria-label="Docs sidebar" dangerouslySetInnerHTML={{ __html: listHtml }} />
  )
}
