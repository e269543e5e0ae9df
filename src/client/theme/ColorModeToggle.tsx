import type { ReactElement } from 'react'

// Both icons are always in the markup; the stylesheet shows the one matching `data-theme`, so
// the button is right before any script runs.
const sunIcon = (
  <svg className="color-mode-icon color-mode-icon--light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path
      d="M12 1.5v2.5M12 20v2.5M1.5 12H4M20 12h2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
)

const moonIcon = (
  <svg className="color-mode-icon color-mode-icon--dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
)

/** The light/dark switch; the browser runtime stores the choice under the key `theme`. */
export function ColorModeToggle(): ReactElement {
  return (
    <button type="button" className="color-mode-toggle" data-color-mode-toggle="" aria-label="Switch between dark and light mode">
      {sunIcon}
      {moonIcon}
    </button>
  )
}
