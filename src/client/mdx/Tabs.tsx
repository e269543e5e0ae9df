import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react'

export interface TabItemProps {
  readonly value: string
  readonly label?: string
  readonly default?: boolean
  readonly children?: ReactNode
}

export interface TabsProps {
  readonly groupId?: string
  readonly defaultValue?: string
  /** Docusaurus's older way of naming the tabs: `values={[{ label, value }]}`. */
  readonly values?: readonly { readonly label: string; readonly value: string }[]
  readonly queryString?: boolean | string
  readonly children?: ReactNode
}

/** One tab's content; Tabs reads its props. */
export function TabItem({ children }: TabItemProps): ReactElement {
  return <>{children}</>
}

/**
 * Docusaurus's tabs, drawn complete on the server: every panel is in the page, the chosen one
 * shown. The browser runtime (no React) switches tabs, keeps tabs of one `groupId` in step and
 * remembers the choice under `docusaurus.tab.<groupId>`, as Docusaurus does.
 */
export function Tabs({ groupId, defaultValue, values, children }: TabsProps): ReactElement {
  const id = useId()
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> => isValidElement(child) && typeof (child.props as TabItemProps).value === 'string')
  const labelOf = (item: TabItemProps) => values?.find((entry) => entry.value === item.value)?.label ?? item.label ?? item.value
  const chosen = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? items[0]?.props.value
  const idOf = (kind: string, value: string) => `${kind}${id}${value.replace(/[^\w-]/g, '_')}`
  return (
    <div className="tabs" data-group-id={groupId}>
      <div className="tabs-list" role="tablist" aria-orientation="horizontal">
        {items.map((item) => (
          <button
            key={item.props.value}
            type="button"
            role="tab"
            className="tabs-tab"
            id={idOf('tab', item.props.value)}
            aria-controls={idOf('panel', item.props.value)}
            aria-selected={item.props.value === chosen}
            tabIndex={item.props.value === chosen ? 0 : -1}
            data-value={item.props.value}
          >
            {labelOf(item.props)}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div key={item.props.value} role="tabpanel" className="tabs-panel" id={idOf('panel', item.props.value)} aria-labelledby={idOf('tab', item.props.value)} data-value={item.props.value} hidden={item.props.value !== chosen}>
          {item.props.children}
        </div>
      ))}
    </div>
  )
}

export default Tabs
