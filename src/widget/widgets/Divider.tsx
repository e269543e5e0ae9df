import type { ReactElement, ReactNode } from 'react'

/** A horizontal rule with an optional word in the middle ('or'). */
export function Divider({ children }: { children?: ReactNode }): ReactElement {
  return (
    <div className="sid-divider">
      {children === undefined ? null : <span className="sid-divider-text">{children}</span>}
    </div>
  )
}
