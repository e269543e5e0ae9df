/**
 * The search module a site publishes beside its index (src/node/write/search-index-builder.ts),
 * imported by the runtime's search panel on first use of the search box. A query's words must
 * all be found (each as the start of a word of the page: "install" finds "installing"); pages are
 * ranked by BM25, words of the title and of headings counting more. Each search fetches the
 * index's meta file, one shard per word, and, for the results shown only, the page's fragment.
 */
import { forEachSearchWord, HEADING_WEIGHT, SEARCH_INDEX_VERSION, searchWords, shardOf, TITLE_WEIGHT, type SearchFragment, type SearchMeta } from '../../shared/search-words.js'

/** Word to postings; a split shard's "" names the shards one character longer. */
type Shard = Readonly<Record<string, readonly (number | string)[]>>

export interface SearchHit {
  readonly url: string
  readonly excerpt: string
  readonly meta: { readonly title: string }
  readonly sub_results: readonly { readonly title: string; readonly url: string; readonly excerpt: string; readonly locations: readonly number[] }[]
}

export interface SearchResult {
  readonly id: number
  readonly score: number
  readonly data: () => Promise<SearchHit>
}

/** BM25's saturation: how fast more occurrences stop adding to a page's score. */
const saturation = 1.2
/** A word found only as the start of longer words counts this much of an exact one. */
const prefixWeight = 0.5

const base = new URL('./', import.meta.url)
let excerptLength = 18
let meta: Promise<SearchMeta> | undefined
const shards = new Map<string, Promise<Shard>>()
const fragments = new Map<string, Promise<SearchFragment>>()

export async function options(values: { readonly excerptLength?: number }): Promise<void> {
  if (typeof values.excerptLength === 'number' && values.excerptLength > 0) excerptLength = Math.floor(values.excerptLength)
}

export async function init(): Promise<void> {
  await loadMeta()
}

export async function search(query: string): Promise<{ readonly results: readonly SearchResult[] }> {
  const words = [...new Set(searchWords(query))]
  if (words.length === 0) return { results: [] }
  const index = await loadMeta()
  const split = new Set(index.split)
  const found = await Promise.all(words.map(async (word) => postingsOf(word, await shardsOf(index, shardOf(word, split), split), index)))
  // Every word must be on the page.
  let pages = [...found[0]!.keys()]
  for (const more of found.slice(1)) pages = pages.filter((page) => more.has(page))
  const ranked = pages
    .map((page) => ({ page, score: found.reduce((sum, byPage) => sum + byPage.get(page)!, 0) }))
    .sort((a, b) => b.score - a.score || a.page - b.page)
  return {
    results: ranked.map(({ page, score }) => ({
      id: page,
      score,
      data: async () => hitOf(await loadFragment(index, page), words),
    })),
  }
}

/**
 * The shard named `name` and, when it was split (then `name` is the query word itself), the
 * shards one character longer, where the longer words it starts are.
 */
async function shardsOf(index: SearchMeta, name: string, split: ReadonlySet<string>): Promise<Shard[]> {
  const shard = await loadShard(index, name)
  const children = split.has(name) ? shard[''] : undefined
  if (!Array.isArray(children)) return [shard]
  return [shard, ...(await Promise.all(children.map((child) => shardsOf(index, String(child), split)))).flat()]
}

/** The pages holding `word` (or words it starts), each with its share of the score. */
function postingsOf(word: string, shards: readonly Shard[], index: SearchMeta): Map<number, number> {
  const byPage = new Map<number, number>()
  for (const [stored, postings] of shards.flatMap((shard) => Object.entries(shard))) {
    // The key "" of a split shard names shards, and matches no word.
    if (stored === '' || !matches(stored, word)) continue
    const weight = stored === word ? 1 : prefixWeight
    let page = 0
    for (let at = 0; at + 1 < postings.length; at += 2) {
      page += Number(postings[at])
      byPage.set(page, (byPage.get(page) ?? 0) + (weight * Number(postings[at + 1])) / index.countScale)
    }
  }
  const idf = Math.log(1 + (index.pages - byPage.size + 0.5) / (byPage.size + 0.5))
  for (const [page, count] of byPage) byPage.set(page, (idf * count * (saturation + 1)) / (count + saturation))
  return byPage
}

/** A word of one character is looked up alone (its shard holds no longer words); a longer one as a prefix. */
function matches(stored: string, word: string): boolean {
  return word.length === 1 ? stored === word : stored.startsWith(word)
}

/**
 * A result: its sections where words were found, the one with most first (words of a heading
 * count as in the index), each with its excerpt; the page's excerpt is the first one's.
 */
function hitOf(fragment: SearchFragment, words: readonly string[]): SearchHit {
  const sections = fragment.sections.map(([heading, anchor, text], number) => {
    const title = number === 0 ? fragment.title : heading
    const { excerpt, locations } = excerptOf(text, words, excerptLength)
    const weight = tokensOf(title, words).filter((token) => token.found).length * (number === 0 ? TITLE_WEIGHT : HEADING_WEIGHT) + locations.length
    return { title, url: anchor === '' ? fragment.url : `${fragment.url}#${anchor}`, excerpt, locations, weight, number }
  })
  const found = sections.filter((section) => section.weight > 0).sort((a, b) => b.weight - a.weight || a.number - b.number)
  const sub_results = found.map(({ title, url, excerpt, locations }) => ({ title, url, excerpt, locations }))
  return { url: fragment.url, excerpt: (found[0] ?? sections[0])?.excerpt ?? '', meta: { title: fragment.title }, sub_results }
}

/**
 * About `length` words of `text` around the first word found, HTML-escaped, with `<mark>` around
 * each word found; `locations`: which words of the text were found (their positions).
 */
export function excerptOf(text: string, words: readonly string[], length: number): { excerpt: string; locations: number[] } {
  const tokens = tokensOf(text, words)
  const locations = tokens.flatMap((token, position) => (token.found ? [position] : []))
  const first = locations[0] ?? 0
  const from = Math.max(0, Math.min(first - Math.floor(length / 3), tokens.length - length))
  const shown = tokens.slice(from, from + length)
  if (shown.length === 0) return { excerpt: escape(text.slice(0, 200)), locations }
  let excerpt = ''
  // The text's own start and end are kept, with the punctuation there; elsewhere it is cut at words.
  let at = from === 0 ? 0 : shown[0]!.start
  for (const token of shown) {
    // Pairs of Chinese or Japanese characters overlap: a mark starts no earlier than the last one ended.
    if (!token.found || token.end <= at) continue
    const start = Math.max(token.start, at)
    excerpt += `${escape(text.slice(at, start))}<mark>${escape(text.slice(start, token.end))}</mark>`
    at = token.end
  }
  const end = from + length >= tokens.length ? text.length : shown[shown.length - 1]!.end
  return { excerpt: excerpt + escape(text.slice(at, Math.max(at, end))), locations }
}

/** The words of `text`, where they are, and whether each is one of `words` (or starts with one). */
function tokensOf(text: string, words: readonly string[]): { start: number; end: number; found: boolean }[] {
  const tokens: { start: number; end: number; found: boolean }[] = []
  forEachSearchWord(text, (token, start, end) => void tokens.push({ start, end, found: words.some((word) => matches(token, word)) }))
  return tokens
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

function loadMeta(): Promise<SearchMeta> {
  // Named the same in every build, so asked of the server each time (the other files' names change with the index).
  meta ??= fetchJson<SearchMeta>('meta.json', { cache: 'no-cache' }).then((found) => {
    if (found?.version !== SEARCH_INDEX_VERSION) throw new Error(`docsgen: the search index is of format ${String(found?.version)}, this module reads ${SEARCH_INDEX_VERSION}`)
    return found
  })
  meta.catch(() => (meta = undefined))
  return meta
}

function loadShard(index: SearchMeta, shard: string): Promise<Shard> {
  const path = `${index.folder}/w/${shard}.json`
  // No shard is written for words nobody wrote: not found is no postings.
  return cached(shards, path, () => fetchJson<Shard>(path).then((found) => found ?? {}))
}

function loadFragment(index: SearchMeta, page: number): Promise<SearchFragment> {
  const path = `${index.folder}/p/${page}.json`
  return cached(fragments, path, () => fetchJson<SearchFragment>(path).then((found) => found ?? Promise.reject(new Error(`docsgen: ${path} is missing from the search index`))))
}

/** One download per file; one that failed is tried again by the next search. */
function cached<T>(cache: Map<string, Promise<T>>, path: string, load: () => Promise<T>): Promise<T> {
  let loading = cache.get(path)
  if (loading === undefined) {
    cache.set(path, (loading = load()))
    loading.catch(() => cache.delete(path))
  }
  return loading
}

async function fetchJson<T>(path: string, init?: RequestInit): Promise<T | undefined> {
  const response = await fetch(new URL(path, base), init)
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`docsgen: ${path} of the search index answered ${response.status}`)
  return (await response.json()) as T
}
