import { useId, useState, type ReactElement, type ReactNode } from 'react'
import { Icon } from './Icon.js'

export interface AccordionItem {
  readonly id: string
  readonly title: ReactNode
  readonly content: ReactNode
}

export interface AccordionProps {
  readonly items: readonly AccordionItem[]
  /** 'single': opening one closes the others; 'multiple': each opens on its own. */
  readonly type: 'single' | 'multiple'
  readonly defaultOpen?: readonly string[]
}

/** Sections behind heading buttons (aria-expanded), each with its region. */
export function Accordion({ items, type, defaultOpen = [] }: AccordionProps): ReactElement {
  const id = useId()
  const [open, setOpen] = useState<readonly string[]>(type === 'single' ? defaultOpen.slice(0, 1) : defaultOpen)
  const toggle = (itemId: string) =>
    setOpen((current) => (current.includes(itemId) ? current.filter((other) => other !== itemId) : type === 'single' ? [itemId] : [...current, itemId]))
  return (
    <div className="sid-accordion">
      {items.map((item, index) => {
        const expanded = open.includes(item.id)
        return (
          <div key={item.id} className="sid-accordion-item">
            <h3 className="sid-accordion-heading">
              <button
                type="button"
                id={`${id}-button-${index}`}
                className="sid-accordion-button"
                aria-expanded={expanded}
                aria-controls={`${id}-region-${index}`}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <Icon name="chevronDown" size={16} className={expanded ? 'sid-rotated' : undefined} />
              </button>
            </h3>
            <div id={`${id}-region-${index}`} role="region" aria-labelledby={`${id}-button-${index}`} className="sid-accordion-region" hidden={!expanded}>
              {item.content}
            </div>
          </div>
        )
      })}
    </div>
  )
}
