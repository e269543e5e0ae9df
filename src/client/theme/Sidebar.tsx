import type { ReactElement } from 'react'
import type { SidebarViewItem } from '../../shared/page-view.js'
import { SidebarList } from './SidebarList.js'

interface SidebarProps {
  readonly items: readonly SidebarViewItem[]
  readonly currentHref: string
}

/** The docs sidebar on wide screens; on narrow ones the same list appears in the mobile menu. */
export function Sidebar({ items, currentHref }: SidebarProps): ReactElement {
  return (
    <aside className="sidebar">
      <nav className="sidebar-nav" aria-label="Docs sidebar">
        <SidebarList items={items} currentHref={currentHref} />
      </nav>
    </aside>
  )
}
