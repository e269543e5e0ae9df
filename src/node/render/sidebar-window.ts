/**
 * Which items of one sidebar list a page draws. A list of up to `limit` items is drawn whole; a
 * longer one (an API reference with thousands of top-level sections) only around the page's own
 * item, so a page's size does not grow with the site. The window is aligned on blocks of
 * `block` items, so pages whose items fall in one block draw the same list and share its markup
 * (see sidebar-markup.ts); the item always has at least half a block around it on each side,
 * unless the list ends sooner.
 */
export const SIDEBAR_WINDOW = { limit: 50, block: 20 } as const

export interface ShownRange {
  /** The first position drawn. */
  readonly start: number
  /** The position after the last drawn. */
  readonly end: number
}

/** The positions drawn of a list of `length` items whose item at `active` (-1: none) holds the page. */
export function shownRange(length: number, active: number): ShownRange {
  const { limit, block } = SIDEBAR_WINDOW
  if (length <= limit) return { start: 0, end: length }
  // A list the page is not in shows its beginning.
  const first = active < 0 ? 0 : Math.floor(active / block) * block
  const start = Math.max(0, first - block / 2)
  return { start, end: Math.min(length, first + block + block / 2) }
}

/** The block of a position in a list of `length` items: pages of one block draw the list alike. */
export function windowBlock(length: number, position: number): number | undefined {
  return length <= SIDEBAR_WINDOW.limit ? undefined : Math.floor(position / SIDEBAR_WINDOW.block)
}
