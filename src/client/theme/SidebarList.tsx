import type { ReactElement } from 'react'
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
        item.type === 'html' ? (
          // Sanitised when the sidebar was read (sidebar-from-file.ts), as raw HTML in a page is.
          <li className={item.className ? `sidebar-item sidebar-item--html ${item.className}` : 'sidebar-item sidebar-item--html'} key={index} dangerouslySetInnerHTML={{ __html: item.html }} />
        ) : item.type === 'more' ? (
          // The runtime draws the items left out in place (from the list's data file); without it the link lists them all.
          <li className="sidebar-item sidebar-more" data-list={item.list} data-start={item.start} data-end={item.end} key={index}>
            <a className="sidebar-link sidebar-more-link" href={item.href}>
              {`${item.end - item.start} more`}
            </a>
          </li>
        ) : item.type === 'link' ? (
          <li className={item.className ? `sidebar-item ${item.className}` : 'sidebar-item'} key={index}>
            {item.external ? (
              <a className="sidebar-link" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
                <ExternalLinkIcon />
              </a>
            ) : (
              <a className={item.active ? 'sidebar-link sidebar-link--active' : 'sidebar-link'} href={item.href} aria-current={item.active ? 'page' : undefined}>
                {item.label}
              </a>
            )}
          </li>
        ) : (
          // A collapsible category carries its place; the browser runtime adds the button that opens
          // and closes it in place (a page lists every top-level category, so the markup of a button
          // each would grow every page with the site). Without it the label's link is the way in.
          <li className={categoryClass(item.active, item.expanded)} data-place={item.collapsible ? item.place : undefined} key={index}>
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

/** The mark of a link that leaves the site, as Docusaurus draws it; its text tells screen readers. */
function ExternalLinkIcon(): ReactElement {
  return (
    <svg className="external-link-icon" width="13.5" height="13.5" viewBox="0 0 24 24" aria-label="(opens in a new tab)" role="img">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  )
}
