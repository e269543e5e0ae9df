import type { SidebarItem } from '../../shared/manifest.js'

/**
 * The sidebar as the public may see it: private docs removed, and a category whose own page is
 * private keeps only its label and its public items. Used by the published manifest and by the
 * public pages' sidebar, so both hide exactly the same entries.
 */
export function publicSidebar(items: readonly SidebarItem[], isPrivate: (path: string) => boolean): SidebarItem[] {
  return visibleSidebar(items, (path) => !isPrivate(path))
}

/**
 * The sidebar as a reader sees it who may open exactly the routes `mayOpen` accepts: other docs
 * removed, a category's link kept only when it may be opened, and a category left with nothing
 * to show removed.
 */
export function visibleSidebar(items: readonly SidebarItem[], mayOpen: (path: string) => boolean): SidebarItem[] {
  return items.flatMap((item): SidebarItem[] => {
    if (item.type === 'doc') return mayOpen(item.path) ? [item] : []
    if (item.type === 'html') return [item]
    if (item.type === 'link') return item.target === undefined || mayOpen(item.target) ? [item] : []
    const path = item.path !== undefined && mayOpen(item.path) ? item.path : undefined
    const visible = visibleSidebar(item.items, mayOpen)
    if (path === undefined && visible.length === 0) return []
    return [{ ...item, path, items: visible }]
  })
}
