/**
 * The reader's preferred docs version, kept in browser storage under Docusaurus's key: the
 * version of the docs page being read, and the version chosen in the navbar's version dropdown.
 */
import { STORAGE_KEYS } from '../../shared/runtime-config.js'
import { closestTarget, type Platform } from './platform.js'

export function setupPreferredVersion(platform: Platform, siteVersion: string): { refresh: () => void } {
  const { document } = platform
  const remember = (version: string) => platform.local.set(STORAGE_KEYS.preferredVersion, version)
  const refresh = () => {
    const layout = document.querySelector('[data-page-region] .docs-layout')
    if (layout) remember(layout.getAttribute('data-docs-version') ?? siteVersion)
  }
  document.addEventListener('click', (event) => {
    const version = closestTarget(event.target, 'a[data-docs-version]')?.getAttribute('data-docs-version')
    if (version) remember(version)
  })
  refresh()
  return { refresh }
}
