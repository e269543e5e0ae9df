/**
 * The words of a text as the search index stores them and as a query is looked up: runs of
 * Unicode letters and digits, lowercased, with diacritics folded ("Café" is "cafe"). Chinese,
 * Japanese and Korean text has no spaces between words to split on, so each run of Han, Hiragana,
 * Katakana or Hangul is taken as its overlapping pairs of characters ("東京都" is "東京", "京都"):
 * a query is cut the same way and must hold every pair. The index builder and the browser's
 * search module share this file, so a word is found exactly as it was stored.
 */

/** Letters, digits and the marks that belong to them (folded away below). */
const runPattern = /[\p{L}\p{N}\p{M}]+/gu
/** Within a run: the scripts written without spaces, or anything else. */
const segmentPattern = /([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30FC]+)|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30FC]+/gu
const asciiWord = /^[A-Za-z0-9]+$/
const marks = /\p{M}/gu
const notWordChar = /[^\p{L}\p{N}]/gu

/** Longer words are cut to this many characters: a query's word still matches them as a prefix. */
const MAX_WORD_LENGTH = 40

/** Calls `found` with each word of `text` and where it stands in `text` (UTF-16 offsets, end excluded). */
export function forEachSearchWord(text: string, found: (word: string, start: number, end: number) => void): void {
  runPattern.lastIndex = 0
  for (let run = runPattern.exec(text); run !== null; run = runPattern.exec(text)) {
    const value = run[0]
    // Most words of most sites: nothing to fold but the case.
    if (asciiWord.test(value)) {
      found(value.length > MAX_WORD_LENGTH ? value.slice(0, MAX_WORD_LENGTH).toLowerCase() : value.toLowerCase(), run.index, run.index + value.length)
      continue
    }
    for (const segment of value.matchAll(segmentPattern)) {
      const start = run.index + segment.index
      if (segment[1] === undefined) {
        const word = fold(segment[0])
        if (word !== '') found(word, start, start + segment[0].length)
      } else pairs(segment[0], start, found)
    }
  }
}

/** The words of `text`, in order (a query's words). */
export function searchWords(text: string): string[] {
  const words: string[] = []
  forEachSearchWord(text, (word) => words.push(word))
  return words
}

function fold(text: string): string {
  const folded = text.normalize('NFKD').replace(marks, '').toLowerCase().replace(notWordChar, '')
  return folded.length > MAX_WORD_LENGTH ? [...folded].slice(0, MAX_WORD_LENGTH).join('') : folded
}

/** Overlapping character pairs of a run of Han/Kana/Hangul (one character alone is itself). */
function pairs(text: string, start: number, found: (word: string, start: number, end: number) => void): void {
  const chars = [...text]
  const offsets: number[] = []
  let offset = start
  for (const char of chars) {
    offsets.push(offset)
    offset += char.length
  }
  offsets.push(offset)
  // Half-width kana become full-width; Hangul stays composed (NFKD would split it into letters).
  const normal = (value: string) => value.normalize('NFKC').toLowerCase()
  if (chars.length === 1) return found(normal(chars[0]!), start, offset)
  for (let index = 0; index + 1 < chars.length; index++) found(normal(chars[index]! + chars[index + 1]!), offsets[index]!, offsets[index + 2]!)
}

/**
 * The shard a word's postings are in: its first two characters (a one-character word has a
 * shard of its own), as a file name: their code points in hex, joined by '-'. A shard the index
 * found too large (`split`, by name) holds only the word that is its prefix; longer words go to
 * the shard of one character more, split again if that one was too large too.
 */
export function shardOf(word: string, split: ReadonlySet<string> = noSplit): string {
  const chars = [...word]
  let length = Math.min(2, chars.length)
  while (chars.length > length && split.has(shardName(chars.slice(0, length)))) length++
  return shardName(chars.slice(0, length))
}

const noSplit: ReadonlySet<string> = new Set()

function shardName(chars: readonly string[]): string {
  return chars.map((char) => char.codePointAt(0)!.toString(16)).join('-')
}

/** A word of a page's title counts as this many of its text's; a word of a heading as HEADING_WEIGHT. */
export const TITLE_WEIGHT = 8
export const HEADING_WEIGHT = 4

/** What the index's files look like: bumped when the format changes, so an old module never reads a new index. */
export const SEARCH_INDEX_VERSION = 1

/** The index's description (meta.json), fetched first by every search. */
export interface SearchMeta {
  readonly version: number
  /** Pages in the index; pages are numbered from 0 in the order of their URLs. */
  readonly pages: number
  /** The average page length in words (what postings' counts are normalised against). */
  readonly averageLength: number
  /** Folder of this index's files, named by a hash of them, so cached files of another build are never mixed in. */
  readonly folder: string
  /** How a shard is named: 'first-two-chars' (see shardOf). */
  readonly shards: 'first-two-chars'
  /** The shards split by one character more (see shardOf). */
  readonly split: readonly string[]
  /** Postings' counts are these many times the normalised count (integers in the files). */
  readonly countScale: number
}

/** A page's fragment (`<folder>/p/<page>.json`): its URL and each section as [title, anchor, text]. */
export interface SearchFragment {
  readonly url: string
  readonly title: string
  readonly sections: readonly (readonly [title: string, anchor: string, text: string])[]
}
