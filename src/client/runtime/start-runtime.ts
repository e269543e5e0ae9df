/**
 * The browser runtime of a public page: one small module, no framework (islands, not an app). It
 * reads the site's settings from the page and starts each behaviour; the page is complete
 * without it, so a behaviour that fails to start is logged and the others still run.
 */
import { RUNTIME_CONFIG_ID, type RuntimeConfig } from '../../shared/runtime-config.js'
import { setupAnnouncementBar } from './announcement-bar.js'
import { setupClientNavigation, type ClientNavigation } from './client-navigation.js'
import { setupCodeBlocks } from './code-blocks.js'
import { setupColorMode } from './color-mode.js'
import { setupMobileMenu } from './mobile-menu.js'
import { createPageDataLoader } from './page-data-loader.js'
import type { Platform } from './platform.js'
import { setupPrefetch } from './prefetch.js'
import { setupPreferredVersion } from './preferred-version.js'
import { createProgressBar, type ProgressBar } from './progress-bar.js'
import { setupSearchBox } from './search-box.js'
import { setupSidebarCategories } from './sidebar-categories.js'
import { setupSignIn } from './sign-in/setup-sign-in.js'
import { setupTableOfContents } from './table-of-contents.js'
import { setupTabs } from './tabs.js'

export interface Runtime {
  readonly config: RuntimeConfig
  readonly navigation: ClientNavigation
  readonly progress: ProgressBar
}

export function readRuntimeConfig(document: Document): RuntimeConfig | undefined {
  const text = document.getElementById(RUNTIME_CONFIG_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as RuntimeConfig
  } catch {
    return undefined
  }
}

export function startRuntime(platform: Platform): Runtime | undefined {
  const { document } = platform
  const config = readRuntimeConfig(document)
  if (!config) {
    platform.warn(`docsgen: the page has no runtime settings (#${RUNTIME_CONFIG_ID}); its controls stay as drawn`)
    return undefined
  }
  document.documentElement.setAttribute('data-runtime', '')
  const start = <T>(name: string, setup: () => T, fallback: T): T => {
    try {
      return setup()
    } catch (error) {
      platform.warn(`docsgen: the ${name} could not start`, error)
      return fallback
    }
  }
  const none = { refresh: () => {} }
  start('colour mode', () => setupColorMode(platform, config.respectPrefersColorScheme), undefined)
  start('announcement bar', () => setupAnnouncementBar(platform), undefined)
  const menu = start('mobile menu', () => setupMobileMenu(platform), { close: () => {} })
  const sidebar = start('sidebar', () => setupSidebarCategories(platform, config.baseUrl), none)
  const toc = start('table of contents', () => setupTableOfContents(platform), none)
  const codeBlocks = start('code blocks', () => setupCodeBlocks(platform), none)
  const tabs = start('tabs', () => setupTabs(platform), none)
  const loader = createPageDataLoader(platform, config.baseUrl)
  const prefetch = start('prefetch', () => setupPrefetch(platform, config, loader), none)
  const version = start('preferred version', () => setupPreferredVersion(platform, config.docsVersion), none)
  const progress = createProgressBar(platform)
  const redraw = () => {
    for (const part of [sidebar, toc, codeBlocks, tabs, prefetch]) part.refresh()
  }
  const signIn = start('sign-in', () => setupSignIn(platform, config, redraw), undefined)
  const navigation = start(
    'client navigation',
    () =>
      setupClientNavigation(platform, {
        scope: config,
        loader,
        progress,
        afterSwap: () => {
          menu.close()
          redraw()
          signIn?.refresh()
          version.refresh()
        },
      }),
    { navigate: (href: string) => platform.window.location.assign(href) },
  )
  start('search', () => setupSearchBox(platform, config.searchModule, navigation), undefined)
  return { config, navigation, progress }
}
