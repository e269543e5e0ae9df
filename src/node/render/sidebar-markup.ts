/**
 * Sidebar markup, rendered once per branch instead of once per page. Pages in one folder see the
 * same sidebar but for which link is current, so the list is rendered with no current link,
 * cached by which categories are open, and the current link is marked in the cached markup.
 * This keeps per-page render work from growing with the size of the sidebar. The unmarked list
 * is also what client navigation loads, once per branch (see PageData.sidebar).
 */
import { createHash } from 'node:crypto'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SidebarList } from '../../client/theme/SidebarList.js'
import { markCurrentInSidebar } from '../../shared/mark-current-in-sidebar.js'
import { sidebarBranchFile } from '../../shared/page-data.js'
import type { SidebarViewItem } from '../../shared/page-view.js'

export interface SidebarBranch {
  /** The list with no link marked current. */
  readonly html: string
  /** Where it is published, named after its content. */
  readonly file: string
}

export interface SidebarMarkup {
  /** The list with the current page's link marked, as the page shows it. */
  readonly html: string
  readonly branch: SidebarBranch
}

/**
 * Branches kept at once. Pages are rendered in route order, folder by folder, so a page's branch
 * is nearly always one of the last few; a site's branches all together can weigh gigabytes (one
 * per folder, each listing every top-level category).
 */
const branchesKept = 64

/**
 * Marks the current link in a branch's list; `branch` alone gives the list's branch without
 * marking it (cheaper). `set` names the sidebar the items are a view of, as its readers see it
 * (page-views.ts sidebarSet): branches of two sets may have the same shape and differ in every link.
 */
export type SidebarMarkupCache = ((set: string, items: readonly SidebarViewItem[], currentHref: string) => SidebarMarkup) & {
  readonly branch: (set: string, items: readonly SidebarViewItem[]) => SidebarBranch
}

export function createSidebarMarkup(): SidebarMarkupCache {
  const cache = new Map<string, SidebarBranch>()
  // A page's inputs and its markup ask for the branch of the same items, one after the other.
  let last: { items: readonly SidebarViewItem[]; branch: SidebarBranch } | undefined
  const branchOf = (set: string, items: readonly SidebarViewItem[]): SidebarBranch => {
    if (last?.items === items) return last.branch
    const neutral = withoutCurrentLink(items)
    const key = `${set}\0${branchKey(neutral)}`
    let branch = cache.get(key)
    if (branch === undefined) {
      const html = renderToStaticMarkup(createElement(SidebarList, { items: neutral, currentHref: '' }))
      branch = { html, file: sidebarBranchFile(createHash('sha256').update(html).digest('hex').slice(0, 12)) }
      if (cache.size >= branchesKept) cache.delete(cache.keys().next().value!)
    } else cache.delete(key)
    // The last used last: the first key is the one unused longest.
    cache.set(key, branch)
    last = { items, branch }
    return branch
  }
  const markup = (set: string, items: readonly SidebarViewItem[], currentHref: string): SidebarMarkup => {
    const branch = branchOf(set, items)
    return { html: markCurrentInSidebar(branch.html, currentHref), branch }
  }
  return Object.assign(markup, { branch: branchOf })
}

function withoutCurrentLink(items: readonly SidebarViewItem[]): SidebarViewItem[] {
  return items.map((item) =>
    item.type === 'link'
      ? item.active
        ? { ...item, active: false }
        : item
      : item.type === 'category' && item.expanded
        ? { ...item, items: withoutCurrentLink(item.items) }
        : item,
  )
}

/**
 * Which categories are active and open, in order, and which parts of long lists are left out: all
 * that differs between branches of one sidebar set.
 */
function branchKey(items: readonly SidebarViewItem[]): string {
  let key = ''
  for (const item of items) {
    if (item.type === 'more') key += `[${item.start}-${item.end}]`
    if (item.type !== 'category') continue
    key += `${item.active ? 'a' : '-'}${item.expanded ? `(${branchKey(item.items)})` : '-'}`
  }
  return key
}
