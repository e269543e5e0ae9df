import type { ReactElement } from 'react'
import type { BlogSidebarView } from '../../shared/page-view.js'

/**
 * The blog's recent posts, named as Docusaurus names them. Like the docs sidebar it is drawn
 * inside the mobile menu: the sidebar column on wide screens, the menu's panel on narrow ones.
 */
export function BlogSidebar({ sidebar }: { sidebar: BlogSidebarView }): ReactElement {
  return (
    <nav className="blog-sidebar" aria-label="Blog recent posts navigation">
      <h2 className="blog-sidebar-title">{sidebar.title}</h2>
      <ul className="sidebar-list">
        {sidebar.items.map((item) => (
          <li className="sidebar-item" key={item.href}>
            <a className={item.active ? 'sidebar-link sidebar-link--active' : 'sidebar-link'} href={item.href} aria-current={item.active ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
