/**
 * The table of contents follows the reader: the heading whose section is being read is marked in
 * both forms of the ToC (the side column and the collapsible "On this page" of narrow screens),
 * and choosing an entry in the collapsible form closes it so the section comes into view.
 */
import { closestTarget, nextFrame, type Platform } from './platform.js'

export const ACTIVE_LINK_CLASS = 'table-of-contents-link--active'

export interface TableOfContents {
  /** Marks the heading in view now (after a navigation drew a new page). */
  refresh(): void
}

export function setupTableOfContents({ window, document }: Platform): TableOfContents {
  let scheduled = false
  const update = () => {
    scheduled = false
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.table-of-contents-link'))
    const ids = [...new Set(links.map((link) => decodeHash(link.getAttribute('href') ?? '')))]
    const headings = ids.map((id) => document.getElementById(id)).filter((heading): heading is HTMLElement => heading !== null)
    const active = activeHeading(window, document, headings)
    for (const link of links) {
      const current = active !== undefined && decodeHash(link.getAttribute('href') ?? '') === active.id
      link.classList.toggle(ACTIVE_LINK_CLASS, current)
      if (current) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
    }
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    nextFrame(window, update)
  }
  window.addEventListener('scroll', schedule, { passive: true })
  window.addEventListener('resize', schedule, { passive: true })
  document.addEventListener('click', (event) => {
    const link = closestTarget(event.target, '.table-of-contents-collapsible .table-of-contents-link')
    link?.closest('details')?.removeAttribute('open')
  })
  update()
  return { refresh: update }
}

/**
 * The last heading that has scrolled up to the reading line (just under the sticky navbar), or
 * the first heading before any has; at the very bottom of the page the last heading, whose short
 * section may never reach the line.
 */
function activeHeading(window: Window, document: Document, headings: readonly HTMLElement[]): HTMLElement | undefined {
  if (headings.length === 0) return undefined
  const scroller = document.scrollingElement ?? document.documentElement
  if (window.scrollY > 0 && Math.ceil(window.scrollY + window.innerHeight) >= scroller.scrollHeight) return headings[headings.length - 1]
  const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0
  const line = navbar + Math.min(120, window.innerHeight / 4)
  let active = headings[0]
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top <= line) active = heading
    else break
  }
  return active
}

function decodeHash(href: string): string {
  const hash = href.startsWith('#') ? href.slice(1) : ''
  try {
    return decodeURIComponent(hash)
  } catch {
    return hash
  }
}
