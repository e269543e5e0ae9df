/**
 * MDX tabs (the build draws every panel, the default one shown): a click or an arrow key chooses
 * a tab; tabs of one `groupId` follow each other on the page, and the choice is remembered in
 * storage under Docusaurus's key, so every page opens on it, one reached by client navigation too.
 */
import { STORAGE_KEYS } from '../../shared/runtime-config.js'
import { closestTarget, type Platform } from './platform.js'

export interface Tabs {
  /** Opens the remembered tab of groups drawn since (after a navigation). */
  refresh(): void
}

const tabsOf = (tabs: Element) => [...tabs.querySelectorAll(':scope > .tabs-list > .tabs-tab')] as HTMLElement[]

function choose(tabs: Element, value: string, focus: boolean): void {
  const list = tabsOf(tabs)
  if (!list.some((tab) => tab.getAttribute('data-value') === value)) return
  for (const tab of list) {
    const chosen = tab.getAttribute('data-value') === value
    tab.setAttribute('aria-selected', String(chosen))
    tab.tabIndex = chosen ? 0 : -1
    if (chosen && focus) tab.focus()
  }
  for (const panel of tabs.querySelectorAll(':scope > .tabs-panel')) (panel as HTMLElement).hidden = panel.getAttribute('data-value') !== value
}

export function setupTabs({ document, local }: Platform): Tabs {
  const chooseEverywhere = (tabs: Element, value: string, focus: boolean) => {
    choose(tabs, value, focus)
    const group = tabs.getAttribute('data-group-id')
    if (!group) return
    for (const other of document.querySelectorAll('.tabs[data-group-id]')) if (other !== tabs && other.getAttribute('data-group-id') === group) choose(other, value, false)
    local.set(STORAGE_KEYS.tabGroup(group), value)
  }
  document.addEventListener('click', (event) => {
    const tab = closestTarget(event.target, '.tabs-tab')
    const tabs = tab?.closest('.tabs')
    if (tab && tabs) chooseEverywhere(tabs, tab.getAttribute('data-value') ?? '', false)
  })
  document.addEventListener('keydown', (event) => {
    const tab = closestTarget(event.target, '.tabs-tab')
    const tabs = tab?.closest('.tabs')
    if (!tab || !tabs || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return
    const list = tabsOf(tabs)
    const next = list[(list.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : list.length - 1)) % list.length]!
    event.preventDefault()
    chooseEverywhere(tabs, next.getAttribute('data-value') ?? '', true)
  })
  const refresh = () => {
    for (const tabs of document.querySelectorAll('.tabs[data-group-id]')) {
      const stored = local.get(STORAGE_KEYS.tabGroup(tabs.getAttribute('data-group-id')!))
      if (stored) choose(tabs, stored, false)
    }
  }
  refresh()
  return { refresh }
}
