import { useEffect, useState, type ReactElement, type ReactNode } from 'react'
import { useWidget } from '../widget-context.js'

/** The countdown ticks once a second. */
export const COUNTDOWN_TICK_MS = 1000

/** Shows `fallback(secondsLeft)` for `seconds` seconds of the widget's clock, then `children`. */
export function Countdown({ seconds, fallback, children }: { seconds: number; fallback: (secondsLeft: number) => ReactNode; children: ReactNode }): ReactElement {
  const { clock } = useWidget()
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) return
    const timer = clock.setTimeout(() => setLeft(left - 1), COUNTDOWN_TICK_MS)
    return () => clock.clearTimeout(timer)
  }, [left, clock])
  return <>{left > 0 ? fallback(left) : children}</>
}
