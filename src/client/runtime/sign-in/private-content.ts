/**
 * The private content the gate answers for the signed-in reader, drawn into the page: a private
 * page over the page region (the sign-in shell as served is kept to put back) and the private
 * navigation. Answers that arrive after the reader or the page changed are dropped; `clear`
 * removes every private byte drawn.
 */
import type { Platform } from '../platform.js'
import { navItemShown } from './access-rules.js'
import { createGateClient, type PrivateNavItem } from './gate-client.js'
import { drawPrivateNavigation, removePrivateNavigation } from './private-navigation.js'
import type { Reader } from './read-user-token.js'

export interface PrivateContentParts {
  readonly baseUrl: string
  readonly region: HTMLElement | null
  /** The page region changed: the behaviours that work on its markup run again. */
  readonly redraw: () => void
  readonly fail: (error: Error) => void
  readonly reader: () => Reader | undefined
  readonly pathHere: () => string | undefined
  /** The gate said the token is no good. */
  readonly signOut: () => void
  /** The gate said this reader may not read the page. */
  readonly refuse: () => void
}

export interface PrivateContent {
  /** Fetches the private page at `path` and draws it over the page region. */
  showPage(path: string, token: string): Promise<void>
  /** Fetches the private navigation and draws the entries this reader may see. */
  loadNavigation(token: string): Promise<void>
  /** After client navigation drew another page: the private navigation drawn into it. */
  pageChanged(): void
  /** The served page region put back, the private navigation removed. */
  clear(): void
}

export function createPrivateContent(platform: Platform, parts: PrivateContentParts): PrivateContent {
  const { document } = platform
  const { region, redraw, fail, reader } = parts
  const gate = createGateClient(platform, parts.baseUrl)
  let navigation: readonly PrivateNavItem[] = []
  // The page region as served (the sign-in shell) while private content is drawn over it.
  let served: { html: string; title: string } | undefined

  return {
    async showPage(path, token) {
      const answer = await gate.page(path, token)
      if (token !== reader()?.token || path !== parts.pathHere()) return
      if (answer.kind === 'ok') {
        if (!region) return
        served ??= { html: region.innerHTML, title: document.title }
        region.innerHTML = answer.value.html
        document.title = answer.value.title
        redraw()
        drawPrivateNavigation(document, navigation, fail)
      } else if (answer.kind === 'signedOut') parts.signOut()
      else if (answer.kind === 'refused') parts.refuse()
      else if (answer.kind === 'failed') platform.warn('docsgen: the private page could not be loaded', answer.error)
    },
    async loadNavigation(token) {
      const answer = await gate.navigation(token)
      if (token !== reader()?.token) return
      if (answer.kind === 'ok') {
        navigation = answer.value.filter((item) => navItemShown({ auth: item.kind === 'navbar' && (item.groups?.length ?? 0) > 0, groups: item.groups ?? [] }, reader()))
        removePrivateNavigation(document)
        drawPrivateNavigation(document, navigation, fail)
      } else if (answer.kind === 'signedOut') parts.signOut()
      else if (answer.kind === 'failed') platform.warn('docsgen: the private navigation could not be loaded', answer.error)
    },
    pageChanged() {
      served = undefined
      drawPrivateNavigation(document, navigation, fail)
    },
    clear() {
      navigation = []
      if (served && region) {
        region.innerHTML = served.html
        document.title = served.title
        served = undefined
        redraw()
      }
      // After the region is put back: it was kept with whatever private entries it held then.
      removePrivateNavigation(document)
    },
  }
}
