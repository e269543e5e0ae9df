import type { ReactElement } from 'react'
import type { TocEntry } from '../../shared/page-view.js'

interface TocNode {
  readonly entry: TocEntry
  readonly children: TocNode[]
}

interface TableOfContentsProps {
  readonly entries: readonly TocEntry[]
  /**
   * The narrow-screen form above the article: a closed disclosure ("On this page") that opens
   * without a script. The stylesheet shows one form or the other at the 996 px breakpoint.
   */
  readonly collapsible?: boolean
}

/** "On this page": the headings as nested lists. Renders nothing for a page without headings. */
export function TableOfContents({ entries, collapsible = false }: TableOfContentsProps): ReactElement | null {
  if (entries.length === 0) return null
  if (collapsible)
    return (
      <details className="table-of-contents-collapsible">
        <summary className="table-of-contents-summary">On this page</summary>
        <TocList nodes={nestEntries(entries)} />
      </details>
    )
  return (
    <nav className="table-of-contents" aria-label="On this page">
      <p className="table-of-contents-title" aria-hidden="true">
        On this page
      </p>
      <TocList nodes={nestEntries(entries)} />
    </nav>
  )
}

function TocList({ nodes }: { nodes: readonly TocNode[] }): ReactElement {
  return (
    <ul className="table-of-contents-list">
      {nodes.map((node, index) => (
        <li key={index}>
          <a className="table-of-contents-link" href={`#${node.entry.id}`}>
            {node.entry.text}
          </a>
          {node.children.length > 0 ? <TocList nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * Turns the flat, in-order entries into a tree: an entry nests under the closest earlier entry
 * of a smaller depth. A page may skip a level (an h3 before any h2); such an entry stays at the
 * top instead of being lost.
 */
export function nestEntries(entries: readonly TocEntry[]): TocNode[] {
  const roots: TocNode[] = []
  const open: TocNode[] = []
  for (const entry of entries) {
    const node: TocNode = { entry, children: [] }
    while (open.length > 0 && open[open.length - 1]!.entry.depth >= entry.depth) open.pop()
    const parent = open[open.length - 1]
    if (parent) parent.children.push(node)
    else roots.push(node)
    open.push(node)
  }
  return roots
}
