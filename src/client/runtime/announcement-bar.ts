/**
 * The announcement bar's close button: the dismissed id is stored, so the bar stays closed on
 * every page and comes back when the site announces something new under another id.
 * The head script hides a dismissed bar before first paint; this applies the same rule again in
 * case it could not run.
 */
import { STORAGE_KEYS } from '../../shared/runtime-config.js'
import { closestTarget, type Platform } from './platform.js'

export function setupAnnouncementBar({ document, local }: Platform): void {
  const root = document.documentElement
  const bar = document.querySelector('[data-announcement-bar]')
  const id = bar?.getAttribute('data-announcement-id')
  if (!bar || id == null) return
  if (local.get(STORAGE_KEYS.announcementDismissed) === id) root.setAttribute('data-announcement-dismissed', '')
  document.addEventListener('click', (event) => {
    if (!closestTarget(event.target, '[data-announcement-close]')) return
    local.set(STORAGE_KEYS.announcementDismissed, id)
    root.setAttribute('data-announcement-dismissed', '')
  })
}
