import type { ReactElement } from 'react'

const searchIcon = (
  <svg className="navbar-search-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/** A placeholder until search loads on demand: disabled, because without a script it cannot work. */
export function SearchBox(): ReactElement {
  return (
    <form className="navbar-search" role="search">
      {searchIcon}
      <input type="search" placeholder="Search" aria-label="Search" disabled />
    </form>
  )
}
