import type { ReactElement } from 'react'
import type { BlogSidebarGroup, BlogSidebarView } from '../../shared/page-view.js'

/**
 * The blog's recent posts, named and grouped by year as Docusaurus does: each year a group under
 * its own heading, one level below the sidebar's title. Like the docs sidebar it is drawn inside
 * the mobile menu: the sidebar column on wide screens, the menu's panel on narrow ones.
 */
export function BlogSidebar({ sidebar }: { sidebar: BlogSidebarView }): ReactElement {
  return (
    <nav className="blog-sidebar" aria-label="Blog recent posts navigation">
      <h2 className="blog-sidebar-title">{sidebar.title}</h2>
      {sidebar.groups.map((group) =>
        group.year === undefined ? (
          <PostList key="" group={group} />
        ) : (
          <div className="blog-sidebar-year" role="group" key={group.year}>
            <h3 className="blog-sidebar-year-title">{group.year}</h3>
            <PostList group={group} />
          </div>
        ),
      )}
    </nav>
  )
}

function PostList({ group }: { group: BlogSidebarGroup }): ReactElement {
  return (
    <ul className="sidebar-list">
      {group.items.map((item) => (
        <li className="sidebar-item" key={item.href}>
          <a className={item.active ? 'sidebar-link sidebar-link--active' : 'sidebar-link'} href={item.href} aria-current={item.active ? 'page' : undefined}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
