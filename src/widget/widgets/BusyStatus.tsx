import type { ReactElement, ReactNode } from 'react'
import { Spinner } from './Spinner.js'

/** A spinner with what is going on, in a polite live region. */
export function BusyStatus({ children }: { children?: ReactNode }): ReactElement {
  return (
    <p className="sid-status" role="status">
      <Spinner />
      {children}
    </p>
  )
}
