/**
 * Analytics events to `POST /actions/sdk`: fire-and-forget, never affecting
 * a flow. Metadata: organization id, a correlation id kept per browser session,
 * the page URL, and the user agent cut to 500 characters.
 */

import type { ProviderAPI } from './api.js'
import { STORAGE_KEYS, USER_AGENT_MAX_LENGTH } from './constants.js'
import type { ResolvedOptions } from './options.js'
import type { ResolvedPorts, StorageLike } from './ports.js'

export type AnalyticsEventName =
  | 'SlashIDSDKLoaded_v1'
  | 'PersonIdentified_v1'
  | 'AuthenticationSucceeded_v1'
  | 'AuthenticationFailed_v1'
  | 'PersonLoggedOut_v1'
  | 'VirtualPageLoaded_v1'

export type AnalyticsEventData = Readonly<Record<string, unknown>>

export type SendAnalytics = (name: AnalyticsEventName, data?: AnalyticsEventData) => void

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Query parameters that carry one-time sign-in secrets (link nonces, codes, state). */
const SIGN_IN_PARAMS = ['challenges', 'sidcp', 'code', 'state', 'challenge_id']

/** The page URL without its sign-in secrets: the analytics event is sent before they are stripped. */
function withoutSignInSecrets(href: string | undefined): string {
  if (href === undefined) return ''
  try {
    const url = new URL(href)
    for (const name of SIGN_IN_PARAMS) url.searchParams.delete(name)
    return url.href
  } catch {
    return ''
  }
}

export function createAnalytics(
  api: ProviderAPI,
  options: ResolvedOptions,
  ports: ResolvedPorts,
  session: () => StorageLike,
): SendAnalytics {
  const correlationId = () => {
    const store = session()
    let id = store.getItem(STORAGE_KEYS.analyticsCorrelationId)
    // Storage is input too: anything but the UUID we wrote is replaced, not sent on.
    if (!id || !UUID.test(id)) {
      id = ports.crypto.randomUUID()
      store.setItem(STORAGE_KEYS.analyticsCorrelationId, id)
    }
    return id
  }
  return (name, data = {}) => {
    if (!options.analyticsEnabled) return
    const eventData: Record<string, unknown> = { event_name: name }
    for (const [key, value] of Object.entries(data)) if (value !== undefined) eventData[key] = value
    const event = {
      organization_id: options.oid,
      analytics_correlation_id: correlationId(),
      window_location: withoutSignInSecrets(ports.window?.location.href),
      user_agent: ports.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      event_data: eventData,
    }
    api.sendAnalytics(event).catch((error) => ports.logger.warn(`Analytics event ${name} was not sent`, error))
  }
}
