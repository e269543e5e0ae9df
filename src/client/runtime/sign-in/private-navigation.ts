/**
 * Draws the private navigation the gate answered (the links to private pages this reader may
 * open) into the navbar, the footer and the sidebar, each marked `data-private-nav` so signing
 * out removes them all. An entry that cannot be drawn is an error naming the entry as configured;
 * the others are still drawn.
 */
import type { PrivateNavItem } from './gate-client.js'

export const PRIVATE_NAV_ATTRIBUTE = 'data-private-nav'

export function drawPrivateNavigation(document: Document, items: readonly PrivateNavItem[], fail: (error: Error) => void): void {
  for (const item of items) {
    try {
      // A site path only: not `//host` nor `/\host`, which browsers read as another site.
      if (typeof item.label !== 'string' || typeof item.href !== 'string' || !/^\/(?![/\\])/.test(item.href))
        throw new Error('it needs a label and a site path to link to')
      if (item.kind === 'navbar') drawNavbarItem(document, item)
      else if (item.kind === 'footer') drawFooterItem(document, item)
      else if (item.kind === 'sidebar') drawSidebarItem(document, item)
      else throw new Error(`"${String(item.kind)}" is not a place for a link`)
    } catch (error) {
      fail(new Error(`docsgen: the nav item ${JSON.stringify(item)} could not be drawn: ${(error as Error).message}`))
    }
  }
}

export function removePrivateNavigation(document: Document): void {
  for (const element of document.querySelectorAll(`[${PRIVATE_NAV_ATTRIBUTE}]`)) element.remove()
}

function link(document: Document, item: PrivateNavItem, className: string): HTMLAnchorElement {
  const anchor = document.createElement('a')
  anchor.className = className
  anchor.href = item.href
  anchor.textContent = item.label
  return anchor
}

function listItem(document: Document, className: string, child: Element): HTMLLIElement {
  const li = document.createElement('li')
  li.className = className
  li.setAttribute(PRIVATE_NAV_ATTRIBUTE, '')
  li.appendChild(child)
  return li
}

/** In the navbar and in the mobile menu's copy of its links; an entry already there is not drawn twice. */
function drawNavbarItem(document: Document, item: PrivateNavItem): void {
  const right = item.position === 'right'
  let list = document.querySelector(right ? '.navbar-end > ul.navbar-items--right' : '.navbar-inner > ul.navbar-items')
  if (!list) {
    const end = document.querySelector('.navbar-end')
    if (!end) throw new Error('the page has no navbar')
    list = document.createElement('ul')
    list.className = right ? 'navbar-items navbar-items--right' : 'navbar-items'
    list.setAttribute(PRIVATE_NAV_ATTRIBUTE, '')
    if (right) end.prepend(list)
    else end.before(list)
  }
  for (const into of [list, document.querySelector('ul.navbar-mobile-items')])
    if (into && !hasLink(into, item.href)) into.appendChild(listItem(document, 'navbar-item', link(document, item, 'navbar-link')))
}

function drawFooterItem(document: Document, item: PrivateNavItem): void {
  const column = [...document.querySelectorAll('.footer-column')].find((element) => element.querySelector('.footer-title')?.textContent === item.column)
  const list = column?.querySelector('.footer-items')
  if (!list) throw new Error(`the footer has no column "${String(item.column)}"`)
  if (!hasLink(list, item.href)) list.appendChild(listItem(document, 'footer-item', link(document, item, 'footer-link')))
}

/** At the end of its category's list, when that category is drawn open; at the top level for a trail of none. */
function drawSidebarItem(document: Document, item: PrivateNavItem): void {
  let list = document.querySelector('.sidebar-nav > ul.sidebar-list')
  if (!list || hasLink(list, item.href)) return
  for (const label of item.trail ?? []) {
    const category: Element | undefined = [...list.children].find((child) => child.querySelector(':scope > .sidebar-category-label')?.textContent === label)
    list = category?.querySelector(':scope > ul.sidebar-list') ?? null
    // A closed category shows its entries when opened (from the page data); nothing to add now.
    if (!list) return
  }
  list.appendChild(listItem(document, 'sidebar-item', link(document, item, 'sidebar-link')))
}

function hasLink(within: Element | null, href: string): boolean {
  return [...(within?.querySelectorAll('a[href]') ?? [])].some((anchor) => anchor.getAttribute('href') === href)
}
