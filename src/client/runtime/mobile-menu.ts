/**
 * The mobile menu (996 px and narrower) opens without a script (a checkbox and its
 * label); this adds what a script must: Escape closes it, growing the window to desktop width
 * closes it, the page behind does not scroll while it is open, and client navigation closes it.
 */
import { mediaQuery, type Platform } from './platform.js'

export const DESKTOP_BREAKPOINT = 996

export interface MobileMenu {
  close(): void
}

export function setupMobileMenu({ window, document }: Platform): MobileMenu {
  const root = document.documentElement
  const menuSwitch = document.getElementById('mobile-menu-open') as HTMLInputElement | null
  // With a script the navbar's menu icon becomes a real button inside the navbar landmark that
  // says whether the menu is open; the checkbox behind it keeps only the state.
  const label = document.querySelector<HTMLElement>('label[for="mobile-menu-open"]')
  const button = label && menuSwitch ? document.createElement('button') : null
  const sync = () => {
    if (menuSwitch?.checked) root.setAttribute('data-menu-open', '')
    else root.removeAttribute('data-menu-open')
    button?.setAttribute('aria-expanded', String(menuSwitch?.checked ?? false))
  }
  const close = () => {
    if (!menuSwitch?.checked) return
    menuSwitch.checked = false
    sync()
  }
  if (!menuSwitch) return { close }
  if (label && button) {
    button.type = 'button'
    button.className = label.className
    button.setAttribute('aria-label', 'Menu')
    button.setAttribute('aria-controls', 'mobile-menu')
    button.append(...label.childNodes)
    label.replaceWith(button)
    menuSwitch.setAttribute('tabindex', '-1')
    menuSwitch.setAttribute('aria-hidden', 'true')
    button.addEventListener('click', () => {
      menuSwitch.checked = !menuSwitch.checked
      sync()
    })
  }
  menuSwitch.addEventListener('change', sync)
  sync()
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menuSwitch.checked) return
    close()
    ;(button ?? menuSwitch).focus()
  })
  const desktop = mediaQuery(window, `(min-width: ${DESKTOP_BREAKPOINT + 1}px)`)
  if (desktop?.addEventListener) desktop.addEventListener('change', () => desktop.matches && close())
  else window.addEventListener('resize', () => window.innerWidth > DESKTOP_BREAKPOINT && close())
  return { close }
}
