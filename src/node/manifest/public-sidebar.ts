import type { SidebarItem } from '../../shared/manifest.js'

/**
 * The sidebar as the public may see it: private docs removed, and a category whose own page is
 * private keeps only its label and its public items. Used by the published manifest and by the
 * public pages' sidebar, so both hide exactly the same entries.
 */
export function publicSidebar(items: readonly SidebarItem[], isPrivate: (path: string) => boolean): SidebarItem[] {
  return items.flatMap((item): SidebarItem[] => {
    if (item.private) return []
    if (item.type === 'doc') return [item]
    return [{ ...item, path: item.path !== undefined && isPrivate(item.path) ? undefined : item.path, items: publicSidebar(item.items, isPrivate) }]
  })
}
