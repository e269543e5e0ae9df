/**
 * The light/dark switch. The head script already applied the stored mode before first paint;
 * this makes the toggle work, stores the choice under `theme`, follows the system
 * while the reader has not chosen (when the site asks for that) and follows other tabs.
 */
import { STORAGE_KEYS } from '../../shared/runtime-config.js'
import { closestTarget, mediaQuery, type Platform } from './platform.js'

type Mode = 'light' | 'dark'

const isMode = (value: string | null): value is Mode => value === 'light' || value === 'dark'

export function setupColorMode({ window, document, local }: Platform, respectPrefersColorScheme: boolean): void {
  const root = document.documentElement
  const apply = (mode: Mode) => {
    root.setAttribute('data-theme', mode)
    // VitePress's own spelling of dark mode, which a VitePress theme's sheet (customCss) styles.
    root.classList.toggle('dark', mode === 'dark')
    for (const toggle of document.querySelectorAll('[data-color-mode-toggle]')) toggle.setAttribute('aria-label', `Switch between dark and light mode (currently ${mode} mode)`)
  }
  const system = respectPrefersColorScheme ? mediaQuery(window, '(prefers-color-scheme: dark)') : undefined
  const stored = local.get(STORAGE_KEYS.theme)
  apply(isMode(stored) ? stored : system ? (system.matches ? 'dark' : 'light') : root.getAttribute('data-theme') === 'dark' ? 'dark' : 'light')

  document.addEventListener('click', (event) => {
    if (!closestTarget(event.target, '[data-color-mode-toggle]')) return
    const next: Mode = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark'
    apply(next)
    local.set(STORAGE_KEYS.theme, next)
  })
  system?.addEventListener?.('change', () => {
    if (!isMode(local.get(STORAGE_KEYS.theme))) apply(system.matches ? 'dark' : 'light')
  })
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.theme && isMode(event.newValue)) apply(event.newValue)
  })
}
