/**
 * Loads a page's data before it is asked for, so a click opens it at once: links in
 * the content when they scroll into view, any link when the pointer rests on it or it gets
 * keyboard focus. Never on a 2g connection or with data saver on, and never a private page or a
 * file (the same test as client navigation).
 */
import { clientRoute, type SiteScope } from './link-target.js'
import type { PageDataLoader } from './page-data-loader.js'
import { closestTarget, type Platform } from './platform.js'

export interface Prefetch {
  /** Watches the links of the page drawn since (after a navigation). */
  refresh(): void
}

interface NetworkInformation {
  readonly saveData?: boolean
  readonly effectiveType?: string
}

export function prefetchAllowed(navigator: Navigator): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  return !connection?.saveData && !(connection?.effectiveType ?? '').includes('2g')
}

export function setupPrefetch({ window, document }: Platform, scope: SiteScope, loader: PageDataLoader): Prefetch {
  if (!prefetchAllowed(window.navigator)) return { refresh: () => {} }
  const prefetch = (link: HTMLAnchorElement) => {
    const href = link.getAttribute('href')
    if (href === null || href.startsWith('#')) return
    const path = clientRoute(new URL(href, window.location.href), window.location.origin, scope)
    if (path !== undefined) loader.prefetch(path)
  }
  const onIntent = (event: Event) => {
    const link = closestTarget(event.target, 'a[href]') as HTMLAnchorElement | null
    if (link) prefetch(link)
  }
  document.addEventListener('mouseover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
  document.addEventListener('touchstart', onIntent, { passive: true })

  const Observer = (window as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver
  if (typeof Observer !== 'function') return { refresh: () => {} }
  const observer = new Observer((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      prefetch(entry.target as HTMLAnchorElement)
    }
  })
  const refresh = () => {
    observer.disconnect()
    for (const link of document.querySelectorAll('[data-page-region] main a[href]')) observer.observe(link)
  }
  refresh()
  return { refresh }
}
