import type { ReactElement } from 'react'
import { escapeHtml } from '../../shared/escape-html.js'
import type { SidebarViewItem } from '../../shared/page-view.js'

interface SidebarListProps {
  readonly items: readonly SidebarViewItem[]
  /** The href of the page being drawn: a category whose own page this is gets aria-current. */
  readonly currentHref: string
}

/** The sidebar entries as nested lists; a closed category brings no items (see SidebarViewItem). */
export function SidebarList({ items, currentHref }: SidebarListProps): ReactElement {
  return (
    <ul className="sidebar-list">
      {items.map((item, index) =>
        item.type === 'link' ? (
          <li className={item.className ? `sidebar-item ${item.className}` : 'sidebar-item'} key={index}>
            <a className={item.active ? 'sidebar-link sidebar-link--active' : 'sidebar-link'} href={item.href} aria-current={item.active ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ) : (
          <li className={categoryClass(item.active, item.expanded)} key={index}>
            {item.href === undefined ? (
              <span className="sidebar-category-label">{item.label}</span>
            ) : (
              <a
                className={item.href === currentHref ? 'sidebar-link sidebar-category-label sidebar-link--active' : 'sidebar-link sidebar-category-label'}
                href={item.href}
                aria-current={item.href === currentHref ? 'page' : undefined}
              >
                {item.label}
              </a>
            )}
            {item.expanded && item.items.length > 0 ? <SidebarList items={item.items} currentHref={currentHref} /> : null}
          </li>
        ),
      )}
    </ul>
  )
}

function categoryClass(active: boolean, expanded: boolean): string {
  const state = expanded ? 'sidebar-category sidebar-category--expanded' : 'sidebar-category sidebar-category--collapsed'
  return active ? `sidebar-item ${state} sidebar-category--active` : `sidebar-item ${state}`
}

/**
 * Marks the current page in sidebar markup rendered with no current page (`currentHref` ''), so
 * one rendering serves every page of a branch. The result equals rendering with `currentHref`
 * (test/client/theme/SidebarList.test.tsx checks that on real sites).
 */
export function markCurrentInSidebar(html: string, currentHref: string): string {
  const href = escapeHtml(currentHref)
  return html
    .replace(`<a class="sidebar-link" href="${href}">`, `<a class="sidebar-link sidebar-link--active" href="${href}" aria-current="page">`)
    .replace(
      `<a class="sidebar-link sidebar-category-label" href="${href}">`,
      `<a class="sidebar-link sidebar-category-label sidebar-link--active" href="${href}" aria-current="page">`,
    )
}
