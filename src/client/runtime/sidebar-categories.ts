/**
 * Sidebar categories open and close in place: a chevron button beside each collapsible category
 * (`li[data-place]`, added here) toggles it while its label still links to the category page,
 * and the reader's choices are remembered for the tab across navigations. A page ships only the
 * branch it sits in, so a category's items are fetched from the build's sidebar data the first
 * time it opens. A long list comes with only the part around the page (`li.sidebar-more` rows
 * stand for the rest, linking to a page that lists it whole); the rest is drawn in place from the
 * list's data when the reader asks for it.
 */
import { sidebarDataFile, type SidebarData } from '../../shared/page-data.js'
import { STORAGE_KEYS } from '../../shared/runtime-config.js'
import { closestTarget, mediaQuery, type Platform } from './platform.js'
import type { SafeStorage } from './safe-storage.js'

export interface SidebarCategories {
  /** Applies the remembered choices to the sidebar in the page (after a navigation drew a new one). */
  refresh(): void
}

/** Longer lists take longer to unfold, but not proportionally: the duration is computed from the height. */
export function collapseDuration(heightPx: number): number {
  const constant = heightPx / 36
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10)
}

export function setupSidebarCategories(platform: Platform, baseUrl: string): SidebarCategories {
  const { window, document, session, warn } = platform
  const remember = (place: string, open: boolean) => session.set(STORAGE_KEYS.sidebar, JSON.stringify({ ...rememberedChoices(session), [place]: open }))
  const itemsOf = createItemsLoader(platform, baseUrl)

  const setOpen = async (toggle: HTMLElement, open: boolean, animate: boolean): Promise<void> => {
    const category = toggle.closest('.sidebar-category')
    const place = toggle.getAttribute('data-sidebar-toggle')
    if (!category || place === null) return
    let list = listOf(category)
    if (open && !list) {
      toggle.setAttribute('aria-busy', 'true')
      try {
        category.insertAdjacentHTML('beforeend', await itemsOf(place))
      } catch (error) {
        warn(`docsgen: could not load the items of the sidebar category at ${place}`, error)
        return
      } finally {
        toggle.removeAttribute('aria-busy')
      }
      list = listOf(category)
      if (list) applyRemembered(list)
    }
    toggle.setAttribute('aria-expanded', String(open))
    category.classList.toggle('sidebar-category--expanded', open)
    category.classList.toggle('sidebar-category--collapsed', !open)
    if (!list) return
    list.hidden = !open
    if (animate) unfold(window, list, open)
  }

  const applyRemembered = (scope: ParentNode) => {
    addToggles(document, scope)
    const choices = rememberedChoices(session)
    for (const toggle of scope.querySelectorAll<HTMLElement>('[data-sidebar-toggle]')) {
      const choice = choices[toggle.getAttribute('data-sidebar-toggle')!]
      const open = toggle.getAttribute('aria-expanded') === 'true'
      // The category holding the current page always opens, so the reader sees where they are.
      const active = toggle.closest('.sidebar-category')?.classList.contains('sidebar-category--active') ?? false
      if (choice === true && !open) void setOpen(toggle, true, false)
      else if (choice === false && open && !active) void setOpen(toggle, false, false)
    }
  }

  const showMore = createShowMore(platform, itemsOf, applyRemembered)

  document.addEventListener('click', (event) => {
    const more = closestTarget(event.target, 'li.sidebar-more > a')
    if (more && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault()
      void showMore(more.parentElement!, more as HTMLAnchorElement)
      return
    }
    // A label without a page opens its category too.
    const label = closestTarget(event.target, 'span.sidebar-category-label')
    const toggle = closestTarget(event.target, '[data-sidebar-toggle]') ?? (label?.parentElement ? toggleOf(label.parentElement) : null)
    if (!toggle) return
    const open = toggle.getAttribute('aria-expanded') !== 'true'
    remember(toggle.getAttribute('data-sidebar-toggle')!, open)
    void setOpen(toggle, open, true)
  })
  applyRemembered(document)
  return { refresh: () => applyRemembered(document) }
}

/** Draws the items a `li.sidebar-more` row stands for in its place, from its list's data; then `drawn(list)`. */
function createShowMore(platform: Platform, itemsOf: (place: string) => Promise<string>, drawn: (list: ParentNode) => void) {
  const { window, document, warn } = platform
  return async (row: HTMLElement, link: HTMLAnchorElement): Promise<void> => {
    const start = Number(row.getAttribute('data-start'))
    const end = Number(row.getAttribute('data-end'))
    row.setAttribute('aria-busy', 'true')
    let html: string
    try {
      html = await itemsOf(row.getAttribute('data-list') ?? '')
    } catch (error) {
      warn('docsgen: could not load the rest of the sidebar list; opening the page that lists it', error)
      window.location.assign(link.href)
      return
    } finally {
      row.removeAttribute('aria-busy')
    }
    const parsed = document.createElement('template')
    parsed.innerHTML = html
    const items = Array.from(parsed.content.firstElementChild?.children ?? []).slice(start, end)
    const list = row.parentElement
    row.replaceWith(...items)
    if (list) drawn(list)
  }
}

/** The reader's open and closed categories for this tab, by place; none when unreadable. */
function rememberedChoices(session: SafeStorage): Record<string, boolean> {
  try {
    const value = JSON.parse(session.get(STORAGE_KEYS.sidebar) ?? '{}') as unknown
    return value && typeof value === 'object' ? (value as Record<string, boolean>) : {}
  } catch {
    return {}
  }
}

/** A list's items from the build's sidebar data, fetched once per place (again after a failure). */
function createItemsLoader(platform: Platform, baseUrl: string): (place: string) => Promise<string> {
  const fetched = new Map<string, Promise<string>>()
  return (place) => {
    // Places are positions in the sidebar ('0-3', '' for the top level); markup a page's author wrote could claim anything.
    if (!/^(?:s\d+(?:-\d+)*|\d+(?:-\d+)*)?$/.test(place)) return Promise.reject(new Error(`"${place}" is not a place in the sidebar`))
    let pending = fetched.get(place)
    if (!pending) {
      pending = platform.fetch(`${baseUrl}${sidebarDataFile(place)}`).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return ((await response.json()) as SidebarData).html
      })
      pending.catch(() => fetched.delete(place))
      fetched.set(place, pending)
    }
    return pending
  }
}

/** A chevron button beside each collapsible category in `scope` that has none yet. */
function addToggles(document: Document, scope: ParentNode): void {
  for (const category of scope.querySelectorAll<HTMLElement>('.sidebar-category[data-place]')) {
    if (toggleOf(category)) continue
    const toggle = document.createElement('button')
    toggle.type = 'button'
    toggle.className = 'sidebar-category-toggle'
    toggle.setAttribute('data-sidebar-toggle', category.getAttribute('data-place')!)
    toggle.setAttribute('aria-expanded', String(category.classList.contains('sidebar-category--expanded')))
    toggle.setAttribute('aria-label', `Toggle the category ${category.firstElementChild?.textContent ?? ''}`)
    category.firstElementChild?.after(toggle)
  }
}

/** The list slides open or shut, unless the reader asked for reduced motion. */
function unfold(window: Window, list: HTMLElement, open: boolean): void {
  if (typeof list.animate !== 'function' || mediaQuery(window, '(prefers-reduced-motion: reduce)')?.matches) return
  const height = `${list.scrollHeight}px`
  list.animate(open ? [{ height: '0px' }, { height }] : [{ height }, { height: '0px' }], { duration: collapseDuration(list.scrollHeight), easing: 'ease-in-out' })
}

function toggleOf(category: Element): HTMLElement | null {
  return Array.from(category.children).find((child): child is HTMLElement => child.classList.contains('sidebar-category-toggle')) ?? null
}

function listOf(category: Element): HTMLElement | undefined {
  return Array.from(category.children).find((child): child is HTMLElement => child.classList.contains('sidebar-list'))
}
