/**
 * Client navigation: a click on a link to a public page of this site loads that page's data and
 * swaps the page region instead of loading a whole document, while everything else a page load
 * does still happens: the address and title change, back and forward work and restore where the
 * reader was, a `#hash` scrolls to its heading, and focus moves to the new content so screen
 * readers announce it. Data that cannot be used leads to a normal page load (a warning, then the
 * page reloads); no answer at all offers 'Retry' instead, so an offline reader keeps the page
 * they have.
 */
import { siteHref } from '../../shared/canonical-path.js'
import { markCurrentInSidebar } from '../../shared/mark-current-in-sidebar.js'
import type { PageData } from '../../shared/page-data.js'
import { showCrashPage } from './crash-page.js'
import { clientRoute, type SiteScope } from './link-target.js'
import type { PageDataLoader } from './page-data-loader.js'
import { closestTarget, type Platform } from './platform.js'
import type { ProgressBar } from './progress-bar.js'

export interface ClientNavigation {
  /** Opens a URL: by client navigation when it is a public page of this site, else by the browser. */
  navigate(href: string): void
}

export interface NavigationParts {
  readonly scope: SiteScope & { readonly build: string }
  readonly loader: PageDataLoader
  readonly progress: ProgressBar
  /** Called after a new page was drawn, for the behaviours that work on its markup. */
  readonly afterSwap: () => void
}

type Mode = 'push' | 'replace' | 'pop'

const maxRedirects = 5
const scrollSaveDelayMs = 150

export function setupClientNavigation(platform: Platform, { scope, loader, progress, afterSwap }: NavigationParts): ClientNavigation {
  const { window, document } = platform
  const { history, location } = window
  const region = document.querySelector('[data-page-region]')
  if (!region) return { navigate: (href) => location.assign(href) }
  const pageKey = () => `${location.pathname}${location.search}`
  let latest = 0

  history.scrollRestoration = 'manual'
  showCanonicalAddress(window, document)
  let shown = pageKey()
  const saveScroll = keepScrollPosition(window)

  const fullLoad = (url: URL, mode: Mode) => {
    progress.done()
    if (mode === 'pop') location.reload()
    else location.assign(url.href)
  }

  const go = async (url: URL, path: string, mode: Mode, scrollY?: number, redirects = 0): Promise<void> => {
    const id = ++latest
    if (mode === 'push') saveScroll()
    progress.start()
    const result = await loader.load(path)
    if (id !== latest) return
    if (result.kind === 'missing') return fullLoad(url, mode)
    if (result.kind === 'failed') {
      platform.warn(`docsgen: could not load the page ${url.pathname}`, result.error)
      if (result.reason === 'network') return progress.fail(() => void go(url, path, mode, scrollY, redirects))
      return fullLoad(url, mode)
    }
    const { data, sidebar } = result
    if (data.build !== scope.build) return fullLoad(url, mode)
    if (data.redirect !== undefined) {
      const target = new URL(data.redirect, url)
      const targetPath = clientRoute(target, location.origin, scope)
      if (targetPath === undefined || redirects >= maxRedirects) return fullLoad(target, mode === 'pop' ? 'push' : mode)
      return go(target, targetPath, mode === 'pop' ? 'replace' : mode, undefined, redirects + 1)
    }
    try {
      drawPage(document, region, data, sidebar, scope.baseUrl)
      showAddress(history, `${siteHref(scope.baseUrl, data.path)}${url.search}${url.hash}`, mode)
      shown = pageKey()
      afterSwap()
      placeReader(window, document, region, url.hash, mode === 'pop' ? scrollY : undefined)
    } catch (error) {
      platform.warn('docsgen: could not draw the page', error)
      showCrashPage(document, region, error, () => void go(url, path, 'replace'))
    }
    progress.done()
  }

  const navigate = (href: string) => {
    const url = new URL(href, location.href)
    const path = pathToLoad(url, location, scope)
    if (path === undefined) location.assign(url.href)
    else void go(url, path, 'push')
  }

  document.addEventListener('click', (event) => {
    const link = linkFollowedHere(event)
    if (!link) return
    const url = new URL(link.getAttribute('href')!, location.href)
    const path = pathToLoad(url, location, scope)
    if (path === undefined) return
    event.preventDefault()
    void go(url, path, 'push')
  })
  window.addEventListener('popstate', (event) => {
    if (pageKey() === shown) return
    const url = new URL(location.href)
    const path = clientRoute(url, location.origin, scope)
    if (path === undefined) return location.reload()
    void go(url, path, 'pop', (event.state as { docsgenScroll?: number } | null)?.docsgenScroll)
  })
  return { navigate }
}

/**
 * Where the reader was on a page is kept in its history entry (saved a moment after scrolling
 * stops and when the page is left) and restored on reload; returns the function that saves it now.
 */
function keepScrollPosition(window: Window): () => void {
  const { history, location } = window
  const saveScroll = () => history.replaceState({ ...(history.state as object | null), docsgenScroll: window.scrollY }, '')
  const restored = (history.state as { docsgenScroll?: unknown } | null)?.docsgenScroll
  if (typeof restored === 'number' && location.hash === '') window.scrollTo(0, restored)
  let scrollTimer: number | undefined
  window.addEventListener('scroll', () => {
    window.clearTimeout(scrollTimer)
    scrollTimer = window.setTimeout(saveScroll, scrollSaveDelayMs)
  }, { passive: true })
  window.addEventListener('pagehide', saveScroll)
  return saveScroll
}

/** The new page's content, sidebar, title, head and the navbar's current link. */
function drawPage(document: Document, region: Element, data: PageData, sidebar: string | undefined, baseUrl: string): void {
  region.innerHTML = data.html
  const nav = region.querySelector('.sidebar-nav')
  if (nav && sidebar !== undefined) nav.innerHTML = markCurrentInSidebar(sidebar, siteHref(baseUrl, data.path))
  document.title = data.title
  updateHead(document, data, baseUrl)
  const versions = document.querySelector('.navbar .navbar-versions')
  if (versions && data.versions !== undefined) versions.outerHTML = data.versions
  for (const link of document.querySelectorAll('.navbar .navbar-link')) {
    const current = data.navbar[link.getAttribute('href') ?? '']
    link.classList.toggle('navbar-link--active', current !== undefined)
    if (current) link.setAttribute('aria-current', current)
    else link.removeAttribute('aria-current')
  }
}

/** The path to load for `url`, or undefined when the browser goes there itself (another site, a jump within this page). */
function pathToLoad(url: URL, location: Location, scope: SiteScope): string | undefined {
  const path = clientRoute(url, location.origin, scope)
  return path === undefined || (`${url.pathname}${url.search}` === `${location.pathname}${location.search}` && url.hash !== '') ? undefined : path
}

/** The address of the page drawn: a new history entry, or this one changed (back, forward, redirects). */
function showAddress(history: History, address: string, mode: Mode): void {
  if (mode === 'push') history.pushState({ docsgenScroll: 0 }, '', address)
  else history.replaceState(history.state, '', address)
}

/** The link a plain left click follows in this tab; modifier keys, other targets and downloads are the browser's. */
function linkFollowedHere(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = closestTarget(event.target, 'a[href]') as HTMLAnchorElement | null
  return !link || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download') ? null : link
}

/**
 * Scrolls to where the reader was (`scrollY`, back and forward), else to the `#hash`'s heading,
 * else to the top; focus moves to that heading or the page's title so screen readers announce it.
 */
function placeReader(window: Window, document: Document, region: Element, hash: string, scrollY: number | undefined): void {
  const target = hash ? document.getElementById(decodeFragment(hash.slice(1))) : null
  if (typeof scrollY === 'number') window.scrollTo(0, scrollY)
  else if (target) target.scrollIntoView()
  else window.scrollTo(0, 0)
  const focus = target ?? region.querySelector<HTMLElement>('h1') ?? region.querySelector<HTMLElement>('main')
  if (focus) {
    if (!focus.hasAttribute('tabindex')) focus.setAttribute('tabindex', '-1')
    focus.focus({ preventScroll: true })
  }
}

/** The page's description and canonical address follow the page shown. */
function updateHead(document: Document, data: PageData, baseUrl: string): void {
  let description = document.querySelector('meta[name="description"]')
  if (data.description === undefined) description?.remove()
  else {
    if (!description) {
      description = document.head.appendChild(document.createElement('meta'))
      description.setAttribute('name', 'description')
    }
    description.setAttribute('content', data.description)
  }
  const canonical = document.querySelector('link[rel="canonical"]')
  const current = canonical?.getAttribute('href') ?? ''
  canonical?.setAttribute('href', `${/^https?:\/\//.test(current) ? new URL(current).origin : ''}${siteHref(baseUrl, data.path)}`)
}

/**
 * A page opened at another spelling of its address (`/docs/x.html`, `/docs/x/index.html`) shows
 * its one canonical address, as the page declares it, so it is shared and bookmarked by that.
 */
function showCanonicalAddress(window: Window, document: Document): void {
  const href = document.querySelector('link[rel="canonical"]')?.getAttribute('href')
  // A redirect page's canonical address is its target, where it is about to go anyway.
  if (!href || document.querySelector('meta[http-equiv="refresh"]')) return
  const canonical = new URL(href, window.location.href)
  if (canonical.pathname !== window.location.pathname) window.history.replaceState(window.history.state, '', `${canonical.pathname}${window.location.search}${window.location.hash}`)
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}
