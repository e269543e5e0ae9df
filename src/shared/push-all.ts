/**
 * Appends every item to `target`. `target.push(...items)` passes each item as an argument, and
 * an array of more than about 100 000 items overflows the call stack (a RangeError), so content
 * of unbounded size is never spread into a call.
 */
export function pushAll<Item>(target: Item[], items: Iterable<Item>): void {
  for (const item of items) target.push(item)
}
