/**
 * Pages' texts as the routing pre-pass read them (parse-content.ts), kept for the parse that
 * follows so that a page is read from disk and decoded once. What is kept is bounded: past the
 * budget, or on a thread that kept nothing (a worker), a page is read again when it is parsed, so
 * a large site's sources are never all in memory at once.
 */
import { join } from 'node:path'
import { readTextFile, type TextFileResult } from '../files/read-text-file.js'

export interface PageTexts {
  /** Reads a page (site-relative `file`), keeping its text if it was read whole and the budget allows. */
  readonly readAhead: (file: string) => TextFileResult
  /** The page's text, kept or read now; `take` forgets a kept one (it is parsed once). */
  readonly peek: (file: string) => TextFileResult
  readonly take: (file: string) => TextFileResult
}

// About 3500 pages of the shared corpus: a site parsed on one thread keeps all of its pages.
export const defaultTextBudget = 16 * 1024 * 1024

/** Texts of pages under `siteDir`, up to `budget` characters kept at once (0 keeps none). */
export function createPageTexts(siteDir: string, budget: number): PageTexts {
  const kept = new Map<string, string>()
  let keptLength = 0
  const read = (file: string) => readTextFile(join(siteDir, file), file, { markdown: true })
  return {
    readAhead(file) {
      const result = read(file)
      // An unreadable page is read again when parsed, and reported then.
      if (result.text !== undefined && keptLength + result.text.length <= budget) {
        kept.set(file, result.text)
        keptLength += result.text.length
      }
      return result
    },
    peek(file) {
      const text = kept.get(file)
      return text === undefined ? read(file) : { text }
    },
    take(file) {
      const text = kept.get(file)
      if (text === undefined) return read(file)
      kept.delete(file)
      keptLength -= text.length
      return { text }
    },
  }
}
