/**
 * remark-rehype's footnote reference handler, kept linear. It numbers a reference by searching
 * the footnotes met so far (`state.footnoteOrder.indexOf`), once per reference: quadratic in a
 * page with many footnotes (512 KB of them spent a second there, and it grows with the square).
 * The default handler does the work, on a list that keeps an index of its items.
 */
import type { FootnoteReference } from 'mdast'
import { defaultHandlers } from 'remark-rehype'

type Handler = typeof defaultHandlers.footnoteReference
type State = Parameters<Handler>[0]

export const footnoteReference: Handler = (state: State, node: FootnoteReference) => {
  if (!(state.footnoteOrder instanceof IndexedList)) state.footnoteOrder = indexedList(state.footnoteOrder)
  return defaultHandlers.footnoteReference(state, node)
}

/** An array that finds its items by a map: `indexOf` in constant time. Items are only ever pushed. */
class IndexedList extends Array<string> {
  private readonly positions = new Map<string, number>()

  override push(...items: string[]): number {
    for (const item of items) {
      if (!this.positions.has(item)) this.positions.set(item, this.length)
      super.push(item)
    }
    return this.length
  }

  override indexOf(item: string): number {
    return this.positions.get(item) ?? -1
  }
}

function indexedList(items: readonly string[]): IndexedList {
  const list = new IndexedList()
  for (const item of items) list.push(item)
  return list
}
