import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react'

export interface ScreenProps {
  readonly title: string
  readonly subtitle?: ReactNode
  /** Shown above the title (logo, status icon). */
  readonly top?: ReactNode
  /** Focus moves into the screen whenever this changes (a new screen, or a new step of it). */
  readonly focusKey: string
  readonly children?: ReactNode
}

const FIELDS = 'input:not([disabled]):not([type=hidden]):not([type=checkbox]), [role=combobox]:not([disabled]), input[type=checkbox]:not([disabled])'

/**
 * One screen of the flow: a heading, its text and content. On each new `focusKey` focus goes to
 * the first field, or to the heading when there is none, so keyboard and screen-reader users
 * start where the new screen starts.
 */
export function Screen({ title, subtitle, top, focusKey, children }: ScreenProps): ReactElement {
  const id = useId()
  const ref = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const field = ref.current?.querySelector<HTMLElement>(FIELDS)
    ;(field ?? headingRef.current)?.focus()
  }, [focusKey])
  return (
    <section className="sid-screen" ref={ref} aria-labelledby={`${id}-title`}>
      {top}
      <h2 className="sid-title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {subtitle === undefined ? null : <p className="sid-subtitle">{subtitle}</p>}
      {children}
    </section>
  )
}
