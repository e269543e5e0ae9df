import type { ReactElement } from 'react'

export interface TocItem {
  readonly value: string
  readonly id: string
  readonly level: number
}

/** Docusaurus's `<TOCInline toc={toc} />`: the page's headings as a nested list, levels 2 to 3 unless told. */
export default function TOCInline({ toc = [], minHeadingLevel = 2, maxHeadingLevel = 3 }: { readonly toc?: readonly TocItem[]; readonly minHeadingLevel?: number; readonly maxHeadingLevel?: number }): ReactElement {
  const items = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel)
  return (
    <ul className="toc-inline">
      {items.map((item, index) => (
        <li key={index} style={{ marginLeft: `${(item.level - minHeadingLevel) * 1}rem` }}>
          <a href={`#${item.id}`}>{item.value}</a>
        </li>
      ))}
    </ul>
  )
}
