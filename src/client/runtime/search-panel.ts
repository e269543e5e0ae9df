/**
 * The search results under the navbar's box, loaded with the search engine on first use. Results
 * show the page title, the section the words were found in and an excerpt with the words marked;
 * the box is a combobox, so the arrows move through the results and Enter opens one.
 */
import type { ClientNavigation } from './client-navigation.js'
import type { Platform } from './platform.js'

/** The parts of the search module (src/client/search/search-engine.ts) this uses. */
interface SearchEngine {
  options?(options: Record<string, unknown>): Promise<void>
  init?(): Promise<void>
  search(query: string): Promise<{ readonly results: readonly { data(): Promise<SearchHit> }[] } | null>
}

interface SearchHit {
  readonly url: string
  readonly excerpt: string
  readonly meta: { readonly title?: string }
  readonly sub_results?: readonly { readonly title: string; readonly url: string; readonly excerpt: string; readonly locations?: readonly number[] }[]
}

export interface SearchPanelParts {
  readonly form: HTMLFormElement
  readonly input: HTMLInputElement
  readonly searchModule: string
  readonly navigation: ClientNavigation
  /** Closes the box where it was opened over the navbar (phones). */
  readonly close: () => void
}

const shownResults = 8
const typingPauseMs = 120

export async function attachSearchPanel(platform: Platform, { form, input, searchModule, navigation, close }: SearchPanelParts): Promise<void> {
  const { window, document } = platform
  const engine = (await platform.importModule(searchModule)) as SearchEngine
  await engine.options?.({ excerptLength: 18 })
  await engine.init?.()

  const { panel, status, list } = addPanel(document, form, input)
  let active = -1
  let latest = 0
  let timer: number | undefined
  const options = () => optionsOf(list)
  const setActive = (index: number) => void (active = selectOption(input, list, index))
  const show = (visible: boolean) => {
    panel.hidden = !visible
    input.setAttribute('aria-expanded', String(visible && options().length > 0))
  }
  const dismiss = () => {
    show(false)
    close()
  }

  const run = async () => {
    const query = input.value.trim()
    const id = ++latest
    if (query === '') {
      list.replaceChildren()
      status.textContent = ''
      return show(false)
    }
    const found = await engine.search(query)
    if (found === null || id !== latest) return
    const hits = await Promise.all(found.results.slice(0, shownResults).map((result) => result.data()))
    if (id !== latest) return
    list.replaceChildren(...hits.map((hit, index) => resultOption(document, hit, index)))
    status.textContent = hits.length === 0 ? `No results for “${query}”` : `${found.results.length} ${found.results.length === 1 ? 'result' : 'results'}`
    show(true)
    setActive(0)
  }
  input.addEventListener('input', () => {
    window.clearTimeout(timer)
    timer = window.setTimeout(() => void run().catch((error: unknown) => platform.warn('docsgen: search failed', error)), typingPauseMs)
  })
  input.addEventListener('focus', () => input.value.trim() !== '' && show(true))
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (panel.hidden && input.value.trim() !== '') show(true)
      setActive(active + (event.key === 'ArrowDown' ? 1 : -1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const chosen = options()[active]
      if (!chosen) return
      dismiss()
      input.blur()
      navigation.navigate(chosen.href)
    } else if (event.key === 'Escape') {
      if (!panel.hidden) show(false)
      else {
        input.value = ''
        dismiss()
        input.blur()
      }
    }
  })
  list.addEventListener('click', () => {
    dismiss()
    input.blur()
  })
  document.addEventListener('click', (event) => {
    if (!form.contains(event.target as Node)) show(false)
  })
  if (input.value.trim() !== '') await run()
}

/** The panel under the box: a status line and the results' listbox, the box made its combobox. */
function addPanel(document: Document, form: HTMLFormElement, input: HTMLInputElement): { panel: HTMLDivElement; status: HTMLParagraphElement; list: HTMLUListElement } {
  const panel = form.appendChild(document.createElement('div'))
  panel.className = 'search-panel'
  panel.hidden = true
  const status = panel.appendChild(document.createElement('p'))
  status.className = 'search-status'
  status.setAttribute('role', 'status')
  const list = panel.appendChild(document.createElement('ul'))
  list.className = 'search-results'
  list.id = 'search-results'
  list.setAttribute('role', 'listbox')
  list.setAttribute('aria-label', 'Search results')
  input.setAttribute('role', 'combobox')
  input.setAttribute('aria-controls', list.id)
  input.setAttribute('aria-autocomplete', 'list')
  input.setAttribute('aria-expanded', 'false')
  return { panel, status, list }
}

function optionsOf(list: HTMLElement): HTMLAnchorElement[] {
  return Array.from(list.querySelectorAll<HTMLAnchorElement>('[role="option"]'))
}

/** Marks the option at `index` (wrapping around) as the one Enter opens; returns its position, -1 when there is none. */
function selectOption(input: HTMLInputElement, list: HTMLElement, index: number): number {
  const all = optionsOf(list)
  const active = all.length === 0 ? -1 : (index + all.length) % all.length
  all.forEach((option, position) => option.setAttribute('aria-selected', String(position === active)))
  const chosen = all[active]
  if (chosen) {
    input.setAttribute('aria-activedescendant', chosen.id)
    chosen.scrollIntoView?.({ block: 'nearest' })
  } else input.removeAttribute('aria-activedescendant')
  return active
}

/** One result: a link the client navigation follows, in the listbox's option role. */
function resultOption(document: Document, hit: SearchHit, index: number): HTMLLIElement {
  const item = document.createElement('li')
  item.setAttribute('role', 'none')
  const link = item.appendChild(document.createElement('a'))
  link.id = `search-result-${index}`
  link.className = 'search-result'
  link.setAttribute('role', 'option')
  link.setAttribute('aria-selected', 'false')
  link.tabIndex = -1
  // The section with the most matches, when the words were found under a heading.
  const section = [...(hit.sub_results ?? [])].filter((sub) => sub.url.includes('#')).sort((a, b) => (b.locations?.length ?? 0) - (a.locations?.length ?? 0))[0]
  link.href = section?.url ?? hit.url
  link.appendChild(document.createElement('span')).className = 'search-result-title'
  link.lastElementChild!.textContent = hit.meta.title ?? hit.url
  if (section) {
    const heading = link.appendChild(document.createElement('span'))
    heading.className = 'search-result-section'
    heading.textContent = section.title
  }
  const excerpt = link.appendChild(document.createElement('span'))
  excerpt.className = 'search-result-excerpt'
  appendExcerpt(document, excerpt, section?.excerpt ?? hit.excerpt)
  return item
}

/**
 * The engine's excerpt is escaped text with `<mark>` around the words found. Only the marks are
 * kept as elements; everything else becomes text, so no indexed text can ever become markup.
 */
export function appendExcerpt(document: Document, into: HTMLElement, excerpt: string): void {
  const decode = (text: string) => text.replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[name]!)
  excerpt.split(/(<mark>[^]*?<\/mark>)/).forEach((part) => {
    if (part.startsWith('<mark>') && part.endsWith('</mark>')) into.appendChild(document.createElement('mark')).textContent = decode(part.slice(6, -7))
    else if (part !== '') into.appendChild(document.createTextNode(decode(part)))
  })
}
