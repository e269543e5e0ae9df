import { useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'

export interface TabItem {
  readonly id: string
  readonly label: string
}

export interface TabsProps {
  /** Names the tab list. */
  readonly label: string
  readonly tabs: readonly TabItem[]
  /** The selected tab's id; the first tab when it names none. */
  readonly selected: string | undefined
  readonly onSelect: (id: string) => void
  /** The selected tab's panel. */
  readonly children: ReactNode
}

/** Tabs with automatic activation: arrows, Home and End move and select; one tab stop. */
export function Tabs({ label, tabs, selected, onSelect, children }: TabsProps): ReactElement {
  const id = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const current = Math.max(
    tabs.findIndex((tab) => tab.id === selected),
    0,
  )
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }
    if (!Object.hasOwn(moves, event.key)) return
    event.preventDefault()
    const next = moves[event.key]!
    onSelect(tabs[next]!.id)
    refs.current[next]?.focus()
  }
  return (
    <div className="sid-tabs">
      <div className="sid-tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => void (refs.current[index] = element)}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            className="sid-tab"
            aria-selected={index === current}
            aria-controls={`${id}-panel`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="sid-tab-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`}>
        {children}
      </div>
    </div>
  )
}
