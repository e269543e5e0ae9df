import type { ReactElement } from 'react'

const searchIcon = (size: number, className: string) => (
  <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/**
 * The search box. Searching needs the browser runtime, so the stylesheet shows the box only when
 * scripts run (the head script marks <html data-js>) and the runtime enables the field; the index
 * and the code that reads it load on first use. On phones a button opens the box over the navbar.
 */
export function SearchBox(): ReactElement {
  return (
    <form className="navbar-search" role="search" data-search="">
      <button type="button" className="navbar-search-open" data-search-open="" aria-label="Search" aria-expanded="false">
        {searchIcon(20, 'navbar-search-open-icon')}
      </button>
      <div className="navbar-search-field">
        {searchIcon(16, 'navbar-search-icon')}
        <input type="search" placeholder="Search" aria-label="Search" aria-keyshortcuts="/ Control+K" autoComplete="off" spellCheck={false} disabled data-search-input="" />
      </div>
    </form>
  )
}
