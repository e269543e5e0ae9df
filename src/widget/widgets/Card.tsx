import type { ReactElement, ReactNode } from 'react'

/** The framed surface the widget's screens sit on. */
export function Card({ children, className }: { children: ReactNode; className?: string }): ReactElement {
  return <div className={className ? `sid-card ${className}` : 'sid-card'}>{children}</div>
}
