import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'
import { Icon } from './Icon.js'
import { useTypeahead } from './use-typeahead.js'

export interface DropdownItem {
  /** Never empty. */
  readonly value: string
  readonly label: ReactNode
  /** Plain text of the item, for typeahead. */
  readonly text: string
}

export interface DropdownProps {
  readonly label: string
  readonly items: readonly DropdownItem[]
  readonly value: string | undefined
  readonly onChange: (value: string) => void
  /** Shown while no item is selected. */
  readonly placeholder?: string
  /** Keep the label for assistive technology only. */
  readonly hideLabel?: boolean
  /** The closed control's content for the selected item (default: its label). */
  readonly renderValue?: (item: DropdownItem) => ReactNode
}

const PAGE = 10

interface KeyState {
  readonly open: boolean
  readonly active: number
  readonly selectedIndex: number
  readonly count: number
  readonly typeahead: ReturnType<typeof useTypeahead>
  readonly show: (index: number) => void
  readonly choose: (index: number) => void
  readonly close: () => void
}

/** The combobox's keys: typeahead, moves, Enter/Space to open or choose, Escape, Tab. */
function keyHandler({ open, active, selectedIndex, count, typeahead, show, choose, close }: KeyState) {
  const current = Math.max(selectedIndex, 0)
  return (event: KeyboardEvent<HTMLButtonElement>) => {
    const { key } = event
    const printable = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
    if (printable && (key !== ' ' || typeahead.typing())) {
      event.preventDefault()
      const index = typeahead.search(key, open ? active : current)
      if (index >= 0) show(index)
      return
    }
    const moves: Record<string, number> = {
      ArrowDown: open ? active + 1 : current,
      ArrowUp: open ? active - 1 : current,
      Home: 0,
      End: count - 1,
      PageDown: active + PAGE,
      PageUp: active - PAGE,
    }
    if (Object.hasOwn(moves, key)) {
      event.preventDefault()
      show(moves[key]!)
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault()
      if (open) choose(active)
      else show(current)
    } else if (key === 'Escape' && open) {
      event.preventDefault()
      close()
    } else if (key === 'Tab' && open) {
      choose(active)
    }
  }
}

/**
 * A select-only combobox (the WAI-ARIA pattern): focus stays on the control, the active option
 * is its aria-activedescendant. Arrows, Home/End, PageUp/PageDown, Enter/Space to choose,
 * Escape to close, and typeahead by the items' text.
 */
export function Dropdown({ label, items, value, onChange, placeholder, hideLabel, renderValue }: DropdownProps): ReactElement {
  for (const item of items) if (item.value === '') throw new Error(`Dropdown "${label}": item "${item.text}" has an empty value`)
  const id = useId()
  const listRef = useRef<HTMLUListElement>(null)
  const typeahead = useTypeahead(items.map((item) => item.text))
  const selectedIndex = items.findIndex((item) => item.value === value)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(Math.max(selectedIndex, 0))
  const optionId = (index: number) => `${id}-option-${index}`

  useEffect(() => {
    if (open) (listRef.current?.children[active] as HTMLElement | undefined)?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active])

  const show = (index: number) => {
    setActive(Math.min(Math.max(index, 0), items.length - 1))
    setOpen(true)
  }
  const choose = (index: number) => {
    const item = items[index]
    if (item) onChange(item.value)
    setOpen(false)
  }
  const onKeyDown = keyHandler({ open, active, selectedIndex, count: items.length, typeahead, show, choose, close: () => setOpen(false) })
  const selected = items[selectedIndex]
  return (
    <div className="sid-dropdown">
      <label id={`${id}-label`} htmlFor={`${id}-control`} className={hideLabel ? 'sid-visually-hidden' : 'sid-label'}>
        {label}
      </label>
      <button
        type="button"
        id={`${id}-control`}
        className="sid-dropdown-control"
        role="combobox"
        aria-labelledby={`${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open ? optionId(active) : undefined}
        onClick={() => (open ? setOpen(false) : show(Math.max(selectedIndex, 0)))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span className="sid-dropdown-value">
          {selected ? (renderValue ?? ((item: DropdownItem) => item.label))(selected) : <span className="sid-placeholder">{placeholder}</span>}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      <ul
        ref={listRef}
        id={`${id}-list`}
        className="sid-dropdown-list"
        role="listbox"
        aria-labelledby={`${id}-label`}
        hidden={!open}
        // Keeps focus on the control while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {items.map((item, index) => (
          <li
            key={item.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className={index === active ? 'sid-option sid-option--active' : 'sid-option'}
            onClick={() => choose(index)}
            onMouseMove={() => index !== active && setActive(index)}
          >
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
