import { useEffect, useRef } from 'react'
import { useWidget } from '../widget-context.js'

/** Typed letters search together until this long a pause. */
export const TYPEAHEAD_RESET_MS = 1000

/**
 * Typeahead over a list of texts: `search(key, from)` adds the key to what was typed and returns
 * the index of the next text starting with it (or -1). A repeated single letter cycles through
 * the texts with that letter. `typing()` says whether a search is in progress (so Space can be
 * part of it).
 */
export function useTypeahead(texts: readonly string[]) {
  const { clock } = useWidget()
  const typed = useRef<{ text: string; timer: unknown }>({ text: '', timer: undefined })
  useEffect(() => () => clock.clearTimeout(typed.current.timer), [clock])

  const search = (key: string, from: number): number => {
    clock.clearTimeout(typed.current.timer)
    const text = typed.current.text + key.toLowerCase()
    typed.current = { text, timer: clock.setTimeout(() => (typed.current = { text: '', timer: undefined }), TYPEAHEAD_RESET_MS) }
    const repeated = text.length > 1 && [...text].every((letter) => letter === text[0])
    const needle = repeated ? text[0]! : text
    const start = needle.length === 1 ? from + 1 : from
    for (let step = 0; step < texts.length; step++) {
      const index = (start + step) % texts.length
      if (texts[index]!.toLowerCase().startsWith(needle)) return index
    }
    return -1
  }
  return { search, typing: () => typed.current.text !== '' }
}
