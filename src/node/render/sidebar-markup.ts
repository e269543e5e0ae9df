/**
 * Sidebar markup, rendered once per branch instead of once per page. Pages in one folder see the
 * same sidebar but for which link is current, so the list is rendered with no current link,
 * cached by which categories are open, and the current link is marked in the cached markup.
 * This keeps per-page render work from growing with the size of the sidebar.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { markCurrentInSidebar, SidebarList } from '../../client/theme/SidebarList.js'
import type { SidebarViewItem } from '../../shared/page-view.js'

export function createSidebarMarkup(): (items: readonly SidebarViewItem[], currentHref: string) => string {
  const cache = new Map<string, string>()
  return (items, currentHref) => {
    const neutral = withoutCurrentLink(items)
    const key = branchKey(neutral)
    let html = cache.get(key)
    if (html === undefined) {
      html = renderToStaticMarkup(createElement(SidebarList, { items: neutral, currentHref: '' }))
      cache.set(key, html)
    }
    return markCurrentInSidebar(html, currentHref)
  }
}

function withoutCurrentLink(items: readonly SidebarViewItem[]): SidebarViewItem[] {
  return items.map((item) =>
    item.type === 'link' ? (item.active ? { ...item, active: false } : item) : item.expanded ? { ...item, items: withoutCurrentLink(item.items) } : item,
  )
}

/** Which categories are active and open, in order: all that differs between branches of one sidebar. */
function branchKey(items: readonly SidebarViewItem[]): string {
  let key = ''
  for (const item of items) {
    if (item.type !== 'category') continue
    key += `${item.active ? 'a' : '-'}${item.expanded ? `(${branchKey(item.items)})` : '-'}`
  }
  return key
}
