/** How many numbers of an ascending array are below `limit`, by binary search. */
export function countBelow(sorted: readonly number[], limit: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (sorted[middle]! < limit) low = middle + 1
    else high = middle
  }
  return low
}
