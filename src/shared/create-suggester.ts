import { closest } from './closest.js'

/**
 * `closest` for many problems at once, within a budget: thousands of broken links against
 * thousands of routes would otherwise take minutes. The same word against the same list (one
 * broken link written on many pages) is answered once; the first `limit` distinct questions
 * suggest, later ones return undefined without building their candidates.
 */
export function createSuggester(limit = 200): (word: string, candidates: () => readonly string[], list?: string) => string | undefined {
  let left = limit
  const answers = new Map<string, string | undefined>()
  return (word, candidates, list) => {
    const key = list === undefined ? undefined : `${list}\u0000${word}`
    if (key !== undefined && answers.has(key)) return answers.get(key)
    const answer = left-- > 0 ? closest(word, candidates()) : undefined
    if (key !== undefined) answers.set(key, answer)
    return answer
  }
}
