/**
 * One scenario's world: a happy-dom browser (tabs share storage, as in one browser profile), the
 * provider emulator behind every call to the provider's URL, the built site or the widget page
 * served in-process, virtual time on every window and the emulator, and the records the steps
 * assert on (provider calls, downloads, console errors). Nothing here touches the network.
 */
import { Browser, type BrowserPage } from 'happy-dom'
import { createHash } from 'node:crypto'
import { createProviderEmulator, type EmulatorFixture, type PasswordHasher, type ProviderEmulator } from '../../src/emulator/index.js'
import { createFolderStore, createGate, type Gate } from '../../src/gate/index.js'
import { siteBuildKey, type Scenario } from '../scenario/scenario.js'
import { installModuleRegistry, moduleStub, type CompiledModule } from './module-shim.js'
import { RealWork } from './real-work.js'
import { readSiteFile } from './site-files.js'
import { trackedCrypto } from './tracked-crypto.js'
import { trackedWebAssembly } from './tracked-web-assembly.js'
import { VirtualTime } from './virtual-time.js'
import { WIDGET_ORIGIN, widgetPageHTML } from './widget-page.js'

export interface WorldAssets {
  /** The widget's browser bundle, for `page: widget`. */
  readonly widgetBundle?: { readonly fileName: string; readonly source: string }
  /** Builds of the site, for site pages, by `siteBuildKey` of the page (one per distinct `site_login`). */
  readonly sites?: Readonly<Record<string, SiteAssets>>
}

/**
 * A built site: its folder (a real path), its sign-in settings, and its private folder when it
 * has one: then the gate answers the site's requests, as `docsgen serve` does.
 */
export interface SiteAssets {
  readonly root: string
  readonly origin: string
  readonly oid: string
  readonly providerURL: string
  readonly privateDir?: string
}

export interface ProviderCall {
  readonly method: string
  readonly path: string
  /** HTTP status, or 0 for a network failure. */
  readonly status: number
  /** Virtual milliseconds since the start when the call was made. */
  readonly at: number
}

export interface Download {
  readonly file: string
  readonly content: string
}

/** Where the widget page's provider lives. */
export const WIDGET_PROVIDER_URL = 'http://127.0.0.1:8787'

/** Passwords in an in-memory test provider: a fast digest instead of scrypt, so sign-ins cost microseconds. */
const quickHasher: PasswordHasher = {
  hash: async (password) => `sha256$${createHash('sha256').update(password).digest('hex')}`,
  verify: async (password, stored) => stored === `sha256$${createHash('sha256').update(password).digest('hex')}`,
}

/** A page's request as one of this realm's, for the in-process handlers (the emulator, the gate). */
async function nodeRequest(request: Request, url: string): Promise<Request> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
  return new Request(url, { method: request.method, headers: headersOf(request), body })
}

function headersOf(message: { readonly headers: Headers }): Record<string, string> {
  const headers: Record<string, string> = {}
  message.headers.forEach((value, key) => (headers[key] = value))
  return headers
}

/** What `fetch` rejects with when the network fails: a TypeError of the page's own realm, so the page's `instanceof TypeError` holds. */
const networkError = (window: Record<string, any>): Error => new window.TypeError('Failed to fetch')

export class World {
  readonly emulator: ProviderEmulator
  readonly time: VirtualTime
  /** Requests being answered and WebCrypto calls: virtual time waits for them. */
  private readonly work = new RealWork()
  readonly calls: ProviderCall[] = []
  readonly downloads: Download[] = []
  readonly consoleErrors: string[] = []
  readonly tabs: BrowserPage[] = []
  readonly oid: string
  readonly providerURL: string
  readonly origin: string
  /** Recovery codes and the authenticator key URI last shown, for `{{recovery_code}}` and `{{totp}}`. */
  recoveryCodes: string[] = []
  keyURI: string | undefined
  online = true
  current = 0
  private readonly browser: Browser
  /** The build of the site this scenario's page is on. */
  private readonly site: SiteAssets | undefined
  /** The site's gate: private content for a verified token, the public files otherwise. */
  private readonly gate: Gate | undefined
  private readonly modules = new Map<string, CompiledModule>()
  private readonly uninstall: Array<() => void> = []
  /** localStorage per origin for the whole browser, sessionStorage per tab and origin: happy-dom keeps both per window. */
  private readonly storages = new Map<string, unknown>()
  private mutations = 0

  constructor(
    readonly scenario: Scenario,
    private readonly assets: WorldAssets,
  ) {
    const page = scenario.page
    const site = assets.sites?.[siteBuildKey(page)]
    if (page.kind === 'site' && !site) throw new Error('a site page needs a built site')
    this.site = site
    this.oid = page.kind === 'widget' ? page.options.oid : site!.oid
    this.providerURL = page.kind === 'widget' ? WIDGET_PROVIDER_URL : site!.providerURL
    this.origin = page.kind === 'widget' ? WIDGET_ORIGIN : site!.origin
    this.time = new VirtualTime(() => this.drain())
    this.emulator = createProviderEmulator({ baseURL: this.providerURL, fixture: scenario.fixture as EmulatorFixture, hasher: quickHasher, clock: { now: () => this.time.now(), sleep: (ms) => this.work.waitOnTime(this.time.sleep(ms)) } })
    const privateDir = site?.privateDir
    this.gate =
      privateDir === undefined
        ? undefined
        : createGate({
            orgID: this.oid,
            baseURL: this.providerURL,
            store: createFolderStore(privateDir),
            // The gate asks the provider from the server: the emulator answers, on virtual time, and the page's calls stay the page's.
            fetch: (request) => this.emulator.fetch(request),
            now: () => this.time.now(),
            next: (request) => this.siteResponse(new URL(request.url)),
          })
    const errors = this.consoleErrors
    const record = (...parts: unknown[]) => void errors.push(parts.map((part) => (part instanceof Error ? part.message : String(part))).join(' '))
    const console = new Proxy({ error: record, warn: record } as Record<string, unknown>, { get: (target, key) => target[key as string] ?? (() => undefined) })
    this.browser = new Browser({
      console: console as unknown as Console,
      settings: {
        enableJavaScriptEvaluation: true,
        suppressInsecureJavaScriptEnvironmentWarning: true,
        disableComputedStyleRendering: true,
        navigation: { beforeContentCallback: (window) => this.prepareWindow(window as unknown as Record<string, any>) },
        fetch: { interceptor: { beforeAsyncRequest: async ({ request, window }) => this.route(request as unknown as Request, window as unknown as Record<string, any>) as any } },
      },
    })
  }

  get page(): BrowserPage {
    return this.tabs[this.current]!
  }

  get window(): Record<string, any> {
    return this.page.mainFrame.window as unknown as Record<string, any>
  }

  get document(): Document {
    return this.window.document as Document
  }

  /**
   * A promise of a page's own realm rejected with no handler: a browser logs "Uncaught (in
   * promise)" and the page goes on, so it is one of the page's console errors here too, not the
   * end of the harness's process. Any other unhandled rejection is the harness's own bug.
   */
  private readonly onUnhandledRejection = (reason: unknown, promise: Promise<unknown>) => {
    if (!this.tabs.some((tab) => promise instanceof (tab.mainFrame.window as unknown as { Promise: PromiseConstructor }).Promise)) throw reason
    this.consoleErrors.push(`Uncaught (in promise) ${String(reason)}`)
  }

  /** Opens the scenario's page in the first tab. */
  async start(): Promise<void> {
    process.on('unhandledRejection', this.onUnhandledRejection)
    this.uninstall.push(() => process.off('unhandledRejection', this.onUnhandledRejection))
    await this.emulator.ready
    const page = this.scenario.page
    await this.newTab(page.kind === 'widget' ? `${WIDGET_ORIGIN}/` : page.path)
  }

  resolveURL(url: string): string {
    return new URL(url, this.tabs.length > 0 ? this.window.location.href : `${this.origin}/`).href
  }

  async newTab(url: string): Promise<void> {
    const target = this.resolveURL(url)
    const tab = this.browser.newPage()
    this.tabs.push(tab)
    this.current = this.tabs.length - 1
    await this.goto(target)
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(this.resolveURL(url))
    await this.drain()
  }

  async reload(): Promise<void> {
    await this.page.reload()
    await this.drain()
  }

  /** Sets up a window before its scripts run: fake timers, setImmediate, modules, downloads, mutation counting. */
  private prepareWindow(window: Record<string, any>): void {
    // React schedules renders with setImmediate when it exists (a browser uses MessageChannel):
    // a real macrotask, so rendering never waits for virtual time. Set before the fake clock is
    // installed, which yields between timers with it: the window's own would never fire again once
    // the page navigates away in the middle of a tick, and the tick would never end.
    window.setImmediate = setImmediate
    window.clearImmediate = clearImmediate
    this.uninstall.push(this.time.install(window))
    Object.defineProperty(window, 'crypto', { configurable: true, writable: true, value: trackedCrypto(window.crypto, this.work) })
    if (window.WebAssembly) Object.defineProperty(window, 'WebAssembly', { configurable: true, writable: true, value: trackedWebAssembly(window.WebAssembly, this.work) })
    installModuleRegistry(
      window,
      (id) => this.modules.get(id),
      (url) => this.work.track(this.loadModule(new URL(url)), `import ${url}`),
    )
    const origin = window.location.origin as string
    const tab = this.tabs.findIndex((page) => (page.mainFrame.window as unknown) === window)
    for (const [area, key] of [['localStorage', origin], ['sessionStorage', `${tab}\0${origin}`]] as const) {
      if (!this.storages.has(key)) this.storages.set(key, window[area])
      const shared = this.storages.get(key) as Storage
      const seen = area === 'localStorage' ? this.announcingStorage(shared, window) : shared
      Object.defineProperty(window, area, { configurable: true, get: () => seen })
    }
    window.addEventListener(
      'click',
      (event: any) => {
        const anchor = event.target?.closest?.('a[download]')
        if (!anchor) return
        event.preventDefault()
        const href: string = anchor.getAttribute('href') ?? ''
        const data = /^data:([^,]*),(.*)$/s.exec(href)
        const content = data ? (data[1]!.endsWith(';base64') ? Buffer.from(data[2]!, 'base64').toString('utf8') : decodeURIComponent(data[2]!)) : ''
        this.downloads.push({ file: anchor.getAttribute('download') || href.split('/').pop() || 'download', content })
      },
      true,
    )
    new window.MutationObserver(() => void this.mutations++).observe(window.document, { subtree: true, childList: true, attributes: true, characterData: true })
  }

  /**
   * localStorage as `window` sees it: the origin's one storage, and each change announced to the
   * other tabs of that origin with a `storage` event, as a browser does (sign-out in one tab
   * reaches the others this way).
   */
  private announcingStorage(storage: Storage, window: Record<string, any>): Storage {
    const announce = (key: string | null, oldValue: string | null, newValue: string | null) => {
      if (key !== null && oldValue === newValue) return
      for (const tab of this.tabs) {
        const other = tab.mainFrame.window as unknown as Record<string, any>
        if (other === window || other.location.origin !== window.location.origin) continue
        const event = new other.StorageEvent('storage', { key, oldValue, newValue, url: window.location.href, storageArea: other.localStorage })
        // A task of its own, as in a browser: after the writer's code has run.
        this.work.track(new Promise<void>((resolve) => setImmediate(() => resolve(void other.dispatchEvent(event)))), 'a storage event')
      }
    }
    const changes: Record<string, (...args: string[]) => void> = {
      setItem: (key, value) => {
        const before = storage.getItem(key)
        storage.setItem(key, value!)
        announce(key, before, storage.getItem(key))
      },
      removeItem: (key) => {
        const before = storage.getItem(key!)
        storage.removeItem(key!)
        announce(key!, before, null)
      },
      clear: () => {
        storage.clear()
        announce(null, null, null)
      },
    }
    return new Proxy(storage, {
      get: (target, property) => {
        if (typeof property === 'string' && property in changes) return changes[property]
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }

  /** Every request of every tab, tracked until answered: the site or widget page, the provider (emulator), or nothing. */
  private route(request: Request, window: Record<string, any>): Promise<unknown> {
    return this.work.track(this.answer(request, window), `${request.method} ${request.url}`)
  }

  private async answer(request: Request, window: Record<string, any>): Promise<unknown> {
    const url = new URL(request.url)
    const respond = (body: BodyInit | null, init: ResponseInit) => new window.Response(body, init)
    if (request.url.startsWith(`${this.providerURL}/`) || request.url === this.providerURL) return this.callProvider(request, url, window, respond)
    if (url.origin === this.origin) return this.servePage(request, url, respond)
    this.consoleErrors.push(`blocked a request to ${url.origin}${url.pathname}: the harness never uses the network`)
    throw networkError(window)
  }

  private async callProvider(request: Request, url: URL, window: Record<string, any>, respond: (body: BodyInit | null, init: ResponseInit) => unknown): Promise<unknown> {
    const call = { method: request.method, path: url.pathname, status: 0, at: this.time.elapsed() }
    this.calls.push(call)
    if (!this.online) throw networkError(window)
    let answer: Response
    try {
      answer = await this.emulator.fetch(await nodeRequest(request, url.href))
    } catch (error) {
      // The emulator's "drop" fault: a network failure, as the page's own realm would see it.
      if (error instanceof TypeError) throw networkError(window)
      throw error
    }
    call.status = answer.status
    return respond(await answer.arrayBuffer(), { status: answer.status, statusText: answer.statusText, headers: headersOf(answer) })
  }

  /** The site's (or the widget page's) file at a URL of its origin, as its server would answer. */
  private async pageFile(url: URL): Promise<{ status: number; body: string | Buffer; contentType: string }> {
    const page = this.scenario.page
    if (page.kind !== 'widget') return readSiteFile(this.site!.root, url.pathname)
    const bundle = this.assets.widgetBundle!
    if (url.pathname === '/') return { status: 200, body: widgetPageHTML(bundle.fileName, page.options, this.providerURL), contentType: 'text/html; charset=utf-8' }
    if (url.pathname === `/widget/${bundle.fileName}`) return { status: 200, body: bundle.source, contentType: 'text/javascript; charset=utf-8' }
    return { status: 404, body: 'Not found', contentType: 'text/plain' }
  }

  private async siteResponse(url: URL): Promise<Response> {
    const file = await this.pageFile(url)
    return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), { status: file.status, headers: { 'Content-Type': file.contentType } })
  }

  /** A request to the page's own origin: through the gate when the site has one, as its server would answer. */
  private async servePage(request: Request, url: URL, respond: (body: BodyInit | null, init: ResponseInit) => unknown): Promise<unknown> {
    const answer = this.gate ? await this.gate.fetch(await nodeRequest(request, url.href)) : await this.siteResponse(url)
    const headers = headersOf(answer)
    let body: string | ArrayBuffer = await answer.arrayBuffer()
    if ((headers['content-type'] ?? '').startsWith('text/javascript')) {
      const stub = await moduleStub(new TextDecoder().decode(body), url.href)
      if (stub.module) this.modules.set(stub.module.id, stub.module)
      body = stub.text
    }
    return respond(body, { status: answer.status, headers })
  }

  /** A module for a dynamic `import()` of a page, from its own origin only: the harness never uses the network. */
  private async loadModule(url: URL): Promise<CompiledModule | undefined> {
    if (url.origin !== this.origin) {
      this.consoleErrors.push(`blocked an import of ${url.origin}${url.pathname}: the harness never uses the network`)
      return undefined
    }
    const file = await this.pageFile(url)
    if (file.status !== 200 || !file.contentType.startsWith('text/javascript')) return undefined
    const { module } = await moduleStub(file.body.toString(), url.href)
    if (module) this.modules.set(module.id, module)
    return module
  }

  /**
   * Lets everything happen that needs no virtual time: provider answers, WebCrypto, React renders,
   * zero-delay timers. Ends when nothing real is in flight (requests waiting on virtual time do
   * not count) and the page has stopped changing: after the same steps however busy the machine
   * is, so it has no real-time limit (the runner's watchdogs catch a hang). Resolves to whether
   * anything happened.
   */
  async drain(): Promise<boolean> {
    const before = this.mutations
    const callsBefore = this.calls.length
    await this.work.until(
      () => false,
      () => this.mutations,
      async () => {
        await new Promise((resolve) => setImmediate(resolve))
        await this.time.settle()
      },
      4,
    )
    return this.mutations !== before || this.calls.length !== callsBefore
  }

  /** The emulator's test API (`/__test/*`), as QA would call it; not recorded as a provider call. */
  async control(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.emulator.fetch(new Request(`${this.providerURL}/__test/${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    const json = (await answer.json()) as { result?: unknown; errors?: Array<{ message: string }> }
    if (!answer.ok) throw new Error(`the provider refused ${method} /__test/${path}: ${json.errors?.map((error) => error.message).join('; ') ?? answer.status}`)
    return json.result
  }

  async close(): Promise<void> {
    for (const uninstall of this.uninstall.splice(0)) uninstall()
    this.time.dispose()
    // Closing can wait on work the page left behind; a scenario's verdict never waits for it.
    await Promise.race([this.browser.close(), new Promise((resolve) => setTimeout(resolve, 1_000))])
  }
}
