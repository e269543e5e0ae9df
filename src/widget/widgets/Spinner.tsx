import type { ReactElement } from 'react'

/** A loading spinner; decorative, as the busy control or live region says what is happening. */
export function Spinner(): ReactElement {
  return <span className="sid-spinner" aria-hidden="true" />
}
