/**
 * What every part of the identity client shares: the resolved options and ports, the event bus,
 * the provider API, analytics, and the browser storages the sign-in flows use.
 */

import { createAnalytics, type SendAnalytics } from './analytics.js'
import { createProviderAPI, type ProviderAPI } from './api.js'
import { STORAGE_KEYS } from './constants.js'
import { createEventBus, type EventBus } from './events.js'
import { resolveOptions, type IdentityOptions, type ResolvedOptions } from './options.js'
import { createPendingLinks, type PendingLinks } from './pending-links.js'
import { resolvePorts, type Ports, type ResolvedPorts, type StorageLike } from './ports.js'
import { createSafeStorage } from './token-store.js'
import { createTransport } from './transport.js'

export interface ClientContext {
  readonly options: ResolvedOptions
  readonly ports: ResolvedPorts
  readonly events: EventBus
  readonly api: ProviderAPI
  readonly analytics: SendAnalytics
  /** Session storage (CSRF token, PKCE verifier, hosted login, correlation id); memory when unavailable. */
  session(): StorageLike
  /** The sign-in links this browser waits for (localStorage, shared by the tabs). */
  pendingLinks(): PendingLinks
}

/** Validate the options (throws on invalid ones) and build what the client's parts share. */
export function createClientContext(options: IdentityOptions, ports?: Ports): ClientContext {
  const resolved = resolveOptions(options)
  const platform = resolvePorts(ports)
  const { logger, clock } = platform
  const api = createProviderAPI(
    createTransport({ baseURL: resolved.baseURL, fetch: platform.fetch, clock, logger, requestTimeoutMs: resolved.requestTimeoutMs }),
  )
  // Storages are probed on first use, not at construction.
  let sessionStore: StorageLike | undefined
  const session = () => (sessionStore ??= createSafeStorage(platform.sessionStorage, 'sessionStorage', logger))
  let linkStore: PendingLinks | undefined
  const pendingLinks = () =>
    (linkStore ??= createPendingLinks(
      createSafeStorage(platform.localStorage, 'localStorage', logger),
      STORAGE_KEYS.pendingLinksPrefix + (resolved.oid ?? ''),
      clock,
      platform.crypto,
    ))
  return {
    options: resolved,
    ports: platform,
    events: createEventBus(logger),
    api,
    analytics: createAnalytics(api, resolved, platform, session),
    session,
    pendingLinks,
  }
}
