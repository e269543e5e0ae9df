/**
 * The login form in a dialog over the page: the widget's bundle is loaded the first time the form
 * is needed (pages that never sign anyone in never load it), mounted with the site's options, and
 * its success hands the token on. Also the provider's hidden SDK frame, added with the widget,
 * and signing out at the provider (the token revoked there).
 */
import type { RuntimeLogin } from '../../../shared/runtime-config.js'
import type { Platform } from '../platform.js'

/** What the runtime uses of the widget's bundle (src/widget/bundle-entry.ts). */
interface WidgetModule {
  readonly LoginForm: unknown
  mount(element: Element, component: unknown, props: object): { unmount(): void }
  createIdentityClient(options: object): IdentityClient
}

interface IdentityClient {
  start(): Promise<unknown>
  logout(): Promise<void>
}

export interface LoginDialog {
  /** Shows the form; `closable` false when the site requires sign-in (forceLogin). */
  open(closable: boolean): Promise<void>
  close(): void
  readonly isOpen: () => boolean
  /** Revokes the token at the provider; resolves either way (signing out locally never waits on it). */
  revoke(token: string): Promise<void>
}

export function createLoginDialog(platform: Platform, login: RuntimeLogin, onSignedIn: (token: string) => void): LoginDialog {
  const { document } = platform
  let widget: Promise<WidgetModule> | undefined
  let dialog: HTMLElement | undefined
  let mounted: { unmount(): void } | undefined
  const clientOptions = { oid: login.orgID, baseURL: login.baseURL, sdkURL: login.sdkURL, tokenStorage: 'memory' }

  const load = (): Promise<WidgetModule> => {
    widget ??= (platform.importModule(login.widgetModule) as Promise<WidgetModule>).then((module) => {
      addProviderFrame(platform, login.sdkURL)
      return module
    })
    // A failed load is tried again next time.
    widget.catch(() => (widget = undefined))
    return widget
  }

  const close = () => {
    mounted?.unmount()
    mounted = undefined
    dialog?.remove()
    dialog = undefined
  }

  return {
    async open(closable) {
      if (dialog) return
      const { element, host } = dialogElement(document, closable ? close : undefined)
      dialog = element
      document.body.appendChild(dialog)
      const shown = dialog
      let module: WidgetModule
      try {
        module = await load()
      } catch (error) {
        host.textContent = 'The login form could not be loaded. Check your connection and try again.'
        platform.warn('docsgen: the login form could not be loaded', error)
        return
      }
      if (dialog !== shown) return
      const client = module.createIdentityClient(clientOptions)
      const { factors, logo, storeLastHandle, text, defaultCountryCode } = login.form
      mounted = module.mount(host, module.LoginForm, {
        client,
        factors,
        storeLastHandle,
        defaultCountryCode,
        text,
        ...(logo === undefined ? {} : { logo }),
        onSuccess: (user: { token: string }) => {
          close()
          onSignedIn(user.token)
        },
      })
    },
    close,
    isOpen: () => dialog !== undefined,
    async revoke(token) {
      try {
        const module = await load()
        const client = module.createIdentityClient({ ...clientOptions, initialToken: token })
        await client.start()
        await client.logout()
      } catch (error) {
        platform.warn('docsgen: the provider could not be told about the sign-out', error)
      }
    },
  }
}

/** The dialog and the element the form mounts in; with a Close button and Escape when `close` is given. */
function dialogElement(document: Document, close: (() => void) | undefined): { element: HTMLElement; host: HTMLElement } {
  const element = document.createElement('div')
  element.className = 'login-dialog'
  element.setAttribute('data-login-dialog', '')
  element.setAttribute('role', 'dialog')
  element.setAttribute('aria-modal', 'true')
  element.setAttribute('aria-label', 'Log in')
  const panel = element.appendChild(document.createElement('div'))
  panel.className = 'login-dialog-panel'
  if (close) {
    const button = panel.appendChild(document.createElement('button'))
    button.type = 'button'
    button.className = 'login-dialog-close'
    button.setAttribute('aria-label', 'Close')
    button.textContent = '×'
    button.addEventListener('click', close)
    element.addEventListener('keydown', (event) => (event as KeyboardEvent).key === 'Escape' && close())
  }
  const host = panel.appendChild(document.createElement('div'))
  host.setAttribute('data-login-widget', '')
  return { element, host }
}

/** The provider's SDK page in a hidden frame (passkeys, shared storage), unless this page is that page. */
function addProviderFrame(platform: Platform, sdkURL: string): void {
  const { document, window } = platform
  if (window.location.href.startsWith(sdkURL) || document.querySelector('iframe[data-provider-frame]')) return
  const frame = document.createElement('iframe')
  frame.src = sdkURL
  frame.hidden = true
  frame.title = 'Identity provider'
  frame.tabIndex = -1
  frame.setAttribute('aria-hidden', 'true')
  frame.setAttribute('data-provider-frame', '')
  document.body.appendChild(frame)
}
