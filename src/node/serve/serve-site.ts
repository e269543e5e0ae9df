/**
 * `docsgen serve` and `docsgen preview` as one Node API: listen, then (serve) build, watch and
 * rebuild, telling open pages what changed; (preview) serve an existing build as production
 * would. What the command mounts beside the site (the provider emulator, the gate) is given by
 * the caller once the server's origin is known, so this module imports neither.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { GATE_MANIFEST_FILE } from '../../shared/gate-manifest.js'
import type { BuildResult } from '../build.js'
import { readSiteConfig } from '../config/read-site-config.js'
import { injectLiveReload, LIVE_RELOAD_SCRIPT, liveReloadTag, withLiveReload } from './live-reload-client.js'
import { createLiveReload, type LiveMessage, type LiveReload } from './live-reload.js'
import { listenHttp, type HttpServer } from './node-http.js'
import { createEarlyPages, type EarlyPages } from './early-pages.js'
import { skimSite } from './skim-site.js'
import { createRebuild, type Rebuild, type Rebuilt } from './rebuild-site.js'
import { exactRoute, routeRequests, type ServeRoute } from './serve-routes.js'
import { createStaticFiles, type Handler } from './static-files.js'
import { watchedSources, watchSite, type SiteWatcher } from './watch-site.js'

export type SiteLogin = NonNullable<BuildResult['login']>

/** What the caller mounts once the server's origin is known. */
export interface ServeMount {
  /** Routes answered before the site, such as the provider emulator under a prefix. */
  readonly routes?: readonly ServeRoute[]
  /** Where served pages sign in (serve only: the pages are built with it). */
  readonly identityProvider?: { readonly baseURL: string; readonly sdkURL: string }
  /**
   * The mount point of private routes: wraps the public files (`next`) with what serves private
   * content from the private folder after checking the reader (the gate). `login` is the site's
   * organization and provider as last built (or, in preview, as its config says).
   */
  readonly privateRoutes?: (site: { readonly next: Handler; readonly privateDir: string; readonly login: () => SiteLogin | undefined }) => Handler
  readonly close?: () => Promise<void>
}

export interface ServeSiteOptions {
  readonly siteDir: string
  /** true: build, watch and live-reload (`serve`); false: serve the existing build (`preview`). */
  readonly watch: boolean
  readonly host?: string
  /** A port to use or fail on; undefined: the first free one from 3000. */
  readonly port?: number
  /** Default: `build` (preview) or `.docsgen/serve/public` (serve, so `build/` stays the production build). */
  readonly outDir?: string
  readonly privateDir?: string
  readonly mount?: (origin: string) => ServeMount | Promise<ServeMount>
  /**
   * Called after each build (the first included) with its result and how long it took from the
   * change; `background`: the whole build run at a pause for what rebuilds of pages left.
   */
  readonly onBuild?: (build: Rebuilt & { readonly milliseconds: number; readonly first: boolean; readonly background: boolean }) => void
  /** Faults a person should see in the terminal (a watcher failing, a rebuild crashing). */
  readonly onProblem?: (message: string) => void
  /** Replaces the build (tests; the incremental build). */
  readonly rebuild?: Rebuild
}

export interface ServingSite {
  /** `http://127.0.0.1:3000` (no trailing slash). */
  readonly url: string
  /** The site's home page under its base URL. */
  readonly home: string
  readonly outDir: string
  readonly privateDir: string
  /** What is watched for changes, in words (`content/, static/, …`); undefined when nothing is. */
  readonly watching: string | undefined
  /** Resolves when the rebuilds asked for so far are done (tests). */
  readonly settled: () => Promise<void>
  readonly close: () => Promise<void>
}

/** A user error: nothing to preview, or the server could not start. */
export class ServeError extends Error {
  override readonly name = 'ServeError'
}

export const LIVE_PREFIX = '_docsgen/live'

export async function serveSite(options: ServeSiteOptions): Promise<ServingSite> {
  const siteDir = resolve(options.siteDir)
  const outDir = resolve(siteDir, options.outDir ?? (options.watch ? join('.docsgen', 'serve', 'public') : 'build'))
  const privateDir = resolve(siteDir, options.privateDir ?? join('.docsgen', options.watch ? join('serve', 'private') : 'private'))
  let baseUrl = options.watch ? '/' : await builtBaseUrl(outDir)
  let login = options.watch ? undefined : await previewLogin(siteDir, privateDir)
  // Whether the first build's output is served (serve); a page answered before then is reloaded.
  let built = false
  const live = options.watch ? createLiveReload(`/${LIVE_PREFIX}/socket`, (query) => (query.has('early') && built ? RELOAD_ALL : undefined)) : undefined
  // At the root, outside any base URL, in the folder the build keeps for itself: no page can be there.
  const tag = (early = false) => liveReloadTag(`/${LIVE_PREFIX}/reload.js`, `/${LIVE_PREFIX}/socket${early ? '?early' : ''}`, baseUrl)
  const files = createStaticFiles({ root: outDir, baseUrl: () => baseUrl })
  let site: Handler = files
  let firstBuild: Promise<unknown> = Promise.resolve()
  const routes: ServeRoute[] = []
  const server = await listenHttp((request) => firstBuild.then(() => handler(request)), {
    host: options.host ?? '127.0.0.1',
    port: options.port,
    ...(live ? { onUpgrade: live.upgrade } : {}),
  })
  const handler = routeRequests(routes, (request) => site(request))
  let mount: ServeMount = {}
  try {
    mount = (await options.mount?.(server.url)) ?? {}
  } catch (error) {
    await server.close()
    throw error
  }
  routes.push(...(mount.routes ?? []))
  if (mount.privateRoutes) site = mount.privateRoutes({ next: files, privateDir, login: () => login })
  const closers: (() => Promise<void>)[] = [() => server.close(), ...(mount.close ? [mount.close] : [])]
  if (!live) return serving(server, { outDir, privateDir, home: `${server.url}${baseUrl}`, closers, settled: async () => {} })

  routes.unshift(exactRoute('live-reload script', `/${LIVE_PREFIX}/reload.js`, liveScript))
  closers.unshift(() => live.close())
  // The output of an earlier session is served at once while the first build replaces it (its
  // changed pages then reload); with none, pages are answered from the site skimmed while the
  // first build parses it, then from the build's as it starts rendering (early-pages.ts), and
  // what else they load waits for it.
  const earlier = await builtBaseUrl(outDir).catch(() => undefined)
  const early = earlier === undefined ? createEarlyPages(() => skimSite(siteDir)) : undefined
  // Drafts are shown while writing, as `build` leaves them out. Pages answered early wait for
  // the site to be validated, which the search index would slow down: it is made after that.
  const buildOptions = { siteDir, outDir, privateDir, drafts: true, deferSearchIndex: early !== undefined, ...(mount.identityProvider ? { identityProvider: mount.identityProvider } : {}) }
  const rebuild = options.rebuild ?? createRebuild(buildOptions, early?.ready)
  built = earlier !== undefined
  const loop = rebuildLoop(
    async (changed) => {
      try {
        const rebuilt = await rebuild(changed)
        // What the config reads may lie outside the site folder (a Docusaurus config's `path: '../docs'`).
        watcher.follow(rebuilt.result.sourceFolders)
        return rebuilt
      } finally {
        early?.done()
      }
    },
    live,
    options,
    (result) => {
      baseUrl = result.manifest?.baseUrl ?? baseUrl
      login = result.login
      built = true
    },
  )
  // Watching starts with the first build, so a file saved while it runs is the next rebuild's.
  const watcher: SiteWatcher = watchSite(siteDir, (changed) => void loop.schedule(changed), options.onProblem ?? (() => {}))
  closers.unshift(() => watcher.close(), () => loop.close())
  if (earlier !== undefined) baseUrl = earlier
  const first = loop.schedule([])
  if (early) firstBuild = Promise.race([first, early.started])
  site = untilBuilt({ built: () => built, first, early, output: withLiveReload(site, tag), tag })
  await Promise.all([firstBuild, watcher.ready])
  return serving(server, { outDir, privateDir, home: `${server.url}${baseUrl}`, closers, settled: loop.idle, watching: watchedSources(siteDir) })
}

/**
 * The site until the first build's output is served: pages answered early (early-pages.ts), else
 * the output once the build is done; with no build good yet, a placeholder that shows the overlay.
 */
function untilBuilt(parts: { built: () => boolean; first: Promise<void>; early: EarlyPages | undefined; output: Handler; tag: (early?: boolean) => string }): Handler {
  return async (request) => {
    if (parts.built()) return parts.output(request)
    // Pages answered early are a head start: one that fails to render waits for the build instead.
    const answered = await parts.early?.answer(request).catch(() => undefined)
    // Marked as answered early: a page that listens only once the build is done is told to reload then.
    if (answered) return withLiveReload(async () => answered, () => parts.tag(true))(request)
    await parts.first
    return parts.built() ? parts.output(request) : waitingPage(parts.tag())
  }
}

const RELOAD_ALL: LiveMessage = { type: 'reload', routes: 'all', private: false }

function serving(server: HttpServer, parts: { outDir: string; privateDir: string; home: string; closers: (() => Promise<void>)[]; settled: () => Promise<void>; watching?: string }): ServingSite {
  let closed: Promise<void> | undefined
  return {
    url: server.url,
    home: parts.home,
    outDir: parts.outDir,
    privateDir: parts.privateDir,
    watching: parts.watching,
    settled: parts.settled,
    close: () => (closed ??= (async () => {
      for (const close of parts.closers) await close()
    })()),
  }
}

async function liveScript(): Promise<Response> {
  return new Response(LIVE_RELOAD_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' } })
}

/** How long the author must pause before what a rebuild of pages left (the search index…) is built. */
const PENDING_AFTER_MS = 1500

/**
 * Rebuilds one at a time; files changed during a rebuild are the next one's. A rebuild that
 * left work pending gets a whole build once no file has changed for a moment.
 */
function rebuildLoop(rebuild: Rebuild, live: LiveReload, options: ServeSiteOptions, onGood: (result: BuildResult) => void) {
  let queued: string[] | undefined
  let running: Promise<void> | undefined
  let pending: NodeJS.Timeout | undefined
  let closed = false
  let failing = false
  let builds = 0
  // Pages opened while there was no output show a placeholder: the first good build reloads them all.
  let placeholders = true
  const once = async (changed: readonly string[]) => {
    const started = performance.now()
    try {
      const rebuilt = await rebuild(changed)
      const { result } = rebuilt
      const milliseconds = performance.now() - started
      if (result.exitCode !== 0) {
        failing = true
        live.send({ type: 'error', diagnostics: result.diagnostics })
      } else {
        onGood(result)
        if (failing) live.send({ type: 'ok' })
        failing = false
        const changedAny = rebuilt.changedRoutes.length > 0 || rebuilt.privateChanged > 0
        if (placeholders || changedAny) live.send({ type: 'reload', routes: placeholders ? 'all' : rebuilt.changedRoutes, private: rebuilt.privateChanged > 0 })
        placeholders = false
        if (rebuilt.pending) later()
      }
      options.onBuild?.({ ...rebuilt, milliseconds, first: builds === 0, background: builds++ > 0 && changed.length === 0 })
    } catch (error) {
      // A docsgen bug, not the author's: said in the terminal; the last good output stays served.
      options.onProblem?.(`the rebuild crashed (a docsgen bug; the last good build is still served): ${(error as Error).stack ?? String(error)}`)
    }
  }
  const drain = async () => {
    while (queued !== undefined) {
      const changed = queued
      queued = undefined
      await once(changed)
    }
    running = undefined
  }
  const schedule = (changed: readonly string[]): Promise<void> => {
    clearTimeout(pending)
    queued = [...(queued ?? []), ...changed]
    running ??= drain()
    return running
  }
  const later = () => {
    clearTimeout(pending)
    if (!closed) pending = setTimeout(() => queued === undefined && void schedule([]), PENDING_AFTER_MS)
  }
  const idle = async () => {
    while (running) await running
  }
  return {
    schedule,
    idle,
    close: async () => {
      closed = true
      clearTimeout(pending)
      await idle()
    },
  }
}

const WAITING_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docsgen serve: no build yet</title></head><body><main><h1>No build yet</h1><p>The first build failed; the terminal and the overlay say why. This page reloads once a build succeeds.</p></main></body></html>'

async function waitingPage(tag: string): Promise<Response> {
  return new Response(injectLiveReload(WAITING_PAGE, tag), { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' } })
}

/** The site's login, for the gate of a build with private pages; its config is read only then. */
async function previewLogin(siteDir: string, privateDir: string): Promise<SiteLogin | undefined> {
  if (!existsSync(join(privateDir, GATE_MANIFEST_FILE))) return undefined
  const login = (await readSiteConfig(siteDir, { timeLimitMs: undefined, command: 'build' })).site?.config.login
  return login && { orgID: login.orgID, baseURL: login.baseURL }
}

/** The base URL of an existing build, from its published manifest; no build there is a user error. */
async function builtBaseUrl(outDir: string): Promise<string> {
  let text: string
  try {
    text = await readFile(join(outDir, '_docsgen', 'manifest.json'), 'utf8')
  } catch {
    throw new ServeError(`there is no build in ${outDir} to preview: run docsgen build first (or docsgen serve to build and watch)`)
  }
  let baseUrl: unknown
  try {
    baseUrl = (JSON.parse(text) as { baseUrl?: unknown }).baseUrl
  } catch {
    throw new ServeError(`the build in ${outDir} is damaged (its _docsgen/manifest.json is not JSON): run docsgen build again`)
  }
  return typeof baseUrl === 'string' && baseUrl.startsWith('/') && baseUrl.endsWith('/') ? baseUrl : '/'
}
