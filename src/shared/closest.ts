/** "Did you mean …": the nearest candidate by edit distance, if it is near enough (pure; used by diagnostics and the reading kit). */

/**
 * The closest allowed word within a small edit distance (an exchange of two letters is one
 * edit), for "did you mean" hints. Candidates whose length alone puts them out of reach are
 * skipped, and a comparison stops as soon as it cannot beat the best so far: on a site with
 * thousands of routes most cost nothing.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  // Two edits are half a word of four letters or fewer: 'page' is not a typo of 'tags', nor 'ads' of 'id'.
  let bestDistance = (word.length <= 4 ? 1 : Math.max(2, Math.floor(word.length / 3))) + 1
  const lower = word.toLowerCase()
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) >= bestDistance) continue
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/**
 * The edit distance of a and b, an exchange of two neighbouring letters counting as one edit
 * ('wran' is one from 'warn'), or `limit` when it is `limit` or more.
 */
function editDistance(a: string, b: string, limit: number): number {
  let beforePrevious: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  let previousMinimum = 0
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMinimum = i
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1)
      current[j] = value
      if (value < rowMinimum) rowMinimum = value
    }
    // Every later row is at least the smaller of this row's minimum and the last one's plus one (an exchange reaches back a row).
    if (rowMinimum >= limit && previousMinimum + 1 >= limit) return limit
    beforePrevious = previous
    previous = current
    previousMinimum = rowMinimum
  }
  return Math.min(previous[b.length]!, limit)
}
