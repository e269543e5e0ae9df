import { closest } from './closest.js'

/**
 * `closest` for many problems at once, within a budget: each call costs an edit distance per
 * candidate, and thousands of broken links against thousands of routes would take minutes. The
 * first `limit` calls suggest; later ones return undefined without building their candidates.
 */
export function createSuggester(limit = 200): (word: string, candidates: () => readonly string[]) => string | undefined {
  let left = limit
  return (word, candidates) => (left-- > 0 ? closest(word, candidates()) : undefined)
}
