/**
 * The navbar's search box. Its field works once this runs; the search engine and the index load
 * only when the reader first uses it (see search-panel.ts). `/` or Ctrl-K (⌘K) focuses it from
 * anywhere but a text field; on phones a button opens it over the navbar.
 */
import type { ClientNavigation } from './client-navigation.js'
import { closestTarget, type Platform } from './platform.js'

export function setupSearchBox(platform: Platform, searchModule: string | undefined, navigation: ClientNavigation): void {
  const { document } = platform
  const form = document.querySelector<HTMLFormElement>('[data-search]')
  const input = form?.querySelector<HTMLInputElement>('[data-search-input]')
  const opener = form?.querySelector<HTMLElement>('[data-search-open]')
  const root = document.documentElement
  if (!form || !input || searchModule === undefined) {
    root.setAttribute('data-search-unavailable', '')
    return
  }
  input.disabled = false
  const setOpen = (open: boolean) => {
    if (open) root.setAttribute('data-search-open', '')
    else root.removeAttribute('data-search-open')
    opener?.setAttribute('aria-expanded', String(open))
  }
  const focus = () => {
    setOpen(true)
    input.focus()
    input.select()
  }
  let panel: Promise<void> | undefined
  const load = () => {
    panel ??= import('./search-panel.js')
      .then(({ attachSearchPanel }) => attachSearchPanel(platform, { form, input, searchModule, navigation, close: () => setOpen(false) }))
      .catch((error: unknown) => {
        panel = undefined
        platform.warn('docsgen: the search could not be loaded', error)
      })
  }
  input.addEventListener('focus', load)
  input.addEventListener('input', load)
  form.addEventListener('submit', (event) => event.preventDefault())
  opener?.addEventListener('click', focus)
  form.addEventListener('focusout', (event) => {
    if (!closestTarget(event.relatedTarget, '[data-search]')) setOpen(false)
  })
  document.addEventListener('keydown', (event) => {
    const typing = closestTarget(event.target, 'input, textarea, select, [contenteditable=""], [contenteditable="true"]')
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)
    if (!shortcut && (event.key !== '/' || typing || event.ctrlKey || event.metaKey || event.altKey)) return
    event.preventDefault()
    focus()
  })
}
