/**
 * Sign-in on the site: the navbar's 'Log in' / 'Log out', the login form, the access rules, and
 * private content fetched from the gate. The token lives under MY_USER_TOKEN; signing in or out
 * in one tab does the same in the others (the storage event). A private path the reader may open
 * shows the page the gate answers in place of the sign-in shell; one they may not open sends
 * them to privateRedirectPath (uxMode 'redirect') or shows the form. Signing out removes every
 * private byte the page was given: the page body and the private navigation.
 */
import { STORAGE_KEYS, type RuntimeConfig, type RuntimeLogin } from '../../../shared/runtime-config.js'
import { routePathOf } from '../link-target.js'
import type { Platform } from '../platform.js'
import { mayOpen, navItemShown, requiredGroups } from './access-rules.js'
import { createLoginDialog } from './login-dialog.js'
import { createPrivateContent } from './private-content.js'
import { readUserToken, type Reader } from './read-user-token.js'

export interface SignIn {
  /** After client navigation drew another page: its private sidebar entries and the rules again. */
  refresh(): void
}

const key = STORAGE_KEYS.userToken
const revokeWaitMs = 3000

export function setupSignIn(platform: Platform, config: RuntimeConfig, redraw: () => void): SignIn | undefined {
  const login = config.login
  if (!login) return undefined
  const { window, document } = platform
  const region = document.querySelector<HTMLElement>('[data-page-region]')
  const fail = (error: Error) => platform.warn(error.message, error)
  let reader = storedReader(platform)
  const dialog = createLoginDialog(platform, login, (token) => {
    platform.local.set(key, token)
    signedIn()
  })
  const pathHere = () => routePathOf(new URL(window.location.href), config.baseUrl)
  const drawControls = () => drawSignInControls(window, document, reader, login.rules, config.baseUrl, fail)

  const refuse = () => {
    if (login.privatePages === 'client-only' && region) region.hidden = true
    if (login.uxMode === 'redirect') window.location.replace(sameOriginPath(window, login.privateRedirectPath, config.baseUrl))
    else void dialog.open(true)
  }
  const content = createPrivateContent(platform, { baseUrl: config.baseUrl, region, redraw, fail, reader: () => reader, pathHere, signOut: () => signOut(), refuse })
  const loadNavigation = (token: string) => {
    if (login.privatePages === 'gate') void content.loadNavigation(token)
  }

  const applyAccess = () => {
    drawControls()
    const path = pathHere()
    const required = path === undefined || login.privatePages === 'exclude' ? undefined : requiredGroups(path, login.rules)
    if (required !== undefined) {
      if (!mayOpen(reader, required)) return refuse()
      if (region) region.hidden = false
      if (login.privatePages === 'gate' && reader) void content.showPage(path!, reader.token)
      return
    }
    if (login.forceLogin && !reader) void dialog.open(false)
  }

  const signedIn = () => {
    reader = storedReader(platform)
    if (dialog.isOpen()) dialog.close()
    applyAccess()
    if (reader) loadNavigation(reader.token)
  }

  /** Drops everything private from the page; `revoke` also tells the provider (the tab that signed out does). */
  const signOut = (revoke = false) => {
    const token = reader?.token ?? platform.local.get(key)
    platform.local.remove(key)
    reader = undefined
    content.clear()
    dialog.close()
    drawControls()
    // The rules may send the reader away (uxMode 'redirect'): the provider is told first, for a short while at most.
    if (revoke && token) void within(window, revokeWaitMs, dialog.revoke(token)).then(applyAccess)
    else applyAccess()
  }

  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-login-button]')
    if (!button) return
    event.preventDefault()
    if (reader && button.closest('.navbar')) signOut(true)
    else void dialog.open(!(login.forceLogin && !reader))
  })
  window.addEventListener('storage', (event) => {
    if (event.key !== key && event.key !== null) return
    const next = storedReader(platform)
    if (next?.token === reader?.token) return
    if (next) signedIn()
    else signOut()
  })
  applyAccess()
  if (reader) loadNavigation(reader.token)
  return {
    refresh() {
      content.pageChanged()
      applyAccess()
    },
  }
}

/** The reader from the stored token; an expired or unreadable token signs nobody in: it is dropped. */
function storedReader(platform: Platform): Reader | undefined {
  const reader = readUserToken(platform.local.get(key), platform.now?.() ?? Date.now())
  if (!reader && platform.local.get(key) !== null) platform.local.remove(key)
  return reader
}

/** The navbar's 'Log in' / 'Log out', and its links (with their copies in the mobile menu) this reader may open. */
function drawSignInControls(window: Window, document: Document, reader: Reader | undefined, rules: RuntimeLogin['rules'], baseUrl: string, fail: (error: Error) => void): void {
  for (const button of document.querySelectorAll('.navbar [data-login-button]')) button.textContent = reader ? 'Log out' : 'Log in'
  for (const item of document.querySelectorAll<HTMLElement>('.navbar-item')) {
    const target = new URL(item.querySelector('a')?.getAttribute('href') ?? '', window.location.href)
    const path = target.origin === window.location.origin ? routePathOf(target, baseUrl) : undefined
    let shown = path === undefined || mayOpen(reader, requiredGroups(path, rules))
    if (item.hasAttribute('data-auth')) shown &&= navItemShown({ auth: true, groups: groupsOf(item, fail) }, reader)
    item.hidden = !shown
  }
}

/** A navbar item's groups, as the build wrote them (a JSON list); unreadable: an error naming the item, and nobody sees it. */
function groupsOf(item: HTMLElement, fail: (error: Error) => void): readonly string[] {
  const raw = item.getAttribute('data-groups')
  if (raw === null) return []
  try {
    const groups: unknown = JSON.parse(raw)
    if (Array.isArray(groups) && groups.every((group) => typeof group === 'string')) return groups
  } catch {
    // Reported below.
  }
  fail(new Error(`docsgen: the navbar item "${item.textContent ?? ''}" could not be drawn: its groups ${raw} are not a list of names`))
  return ['\u0000']
}

/** The redirect target, only ever a path of this site: anything else sends the reader home. */
function sameOriginPath(window: Window, path: string, baseUrl: string): string {
  const target = new URL(path, window.location.href)
  return target.origin === window.location.origin && path.startsWith('/') && !path.startsWith('//') ? target.href : new URL(baseUrl, window.location.href).href
}

/** Resolves when `work` does or after `ms`, whichever is first. */
function within(window: Window, ms: number, work: Promise<void>): Promise<void> {
  return Promise.race([work, new Promise<void>((resolve) => window.setTimeout(resolve, ms))])
}
