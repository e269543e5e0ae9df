/**
 * Constants of the sign-in layer. One comment each.
 */

/** Sent as `SlashID-SdkVersion` on almost every call. */
export const SDK_VERSION = '3.29.5'

/** Automatic re-sends after a network failure. */
export const RETRY_COUNT = 5
/** Back-off base: re-send n waits RETRY_BASE_DELAY_MS × 2^(n-1) → 500, 1000, 2000, 4000, 8000 ms. */
export const RETRY_BASE_DELAY_MS = 500
/** Default per-request deadline; a request that takes longer is aborted and counts as a network failure. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** A provider's Retry-After longer than this is read as this (a day): a hostile header must not park a client forever. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000
/** Proxy challenges are polled once per second. */
export const PROXY_POLL_INTERVAL_MS = 1_000
/** Default deadline of one proxy challenge (link not followed, SSO never finished): "Log in expired". */
export const DEFAULT_POLL_TIMEOUT_MS = 10 * 60_000
/** Default deadline for the person to answer a prompt (code, password, recovery codes). */
export const DEFAULT_INPUT_TIMEOUT_MS = 30 * 60_000
/** How often an open SSO popup is checked for having been closed. */
export const POPUP_CLOSED_POLL_MS = 50
/** Login popup size. */
export const POPUP_WIDTH = 400
export const POPUP_HEIGHT = 600
/** The user agent sent with analytics is cut to this many characters. */
export const USER_AGENT_MAX_LENGTH = 500

/** Provider API roots for the named environments. */
export const ENVIRONMENTS = {
  production: { baseURL: 'https://api.slashid.com', sdkURL: 'https://cdn.slashid.com/sdk.html' },
  sandbox: { baseURL: 'https://api.sandbox.slashid.com', sdkURL: 'https://cdn.sandbox.slashid.com/sdk.html' },
} as const

/** Storage keys (the stored user token is a fixed prefix plus the org id). */
export const STORAGE_KEYS = {
  /** Legacy (pre per-organization) user token: read once, then removed. */
  legacyUserToken: '@slashid/USER_TOKEN',
  /** Per-organization user token: `@slashid/USER_TOKEN/<oid>`. */
  userTokenPrefix: '@slashid/USER_TOKEN/',
  /** Per-organization anonymous user token, kept apart from the logged-in user's. */
  anonymousUserTokenPrefix: '@slashid/ANONYMOUS_USER_TOKEN/',
  /** CSRF token sent with every POST /id/v2 and hosted login (session storage). */
  csrfToken: '@SLASHID/CSRF_TOKEN',
  /** PKCE code verifier matching the code challenge sent (session storage). */
  pkceCodeVerifier: '@SLASHID/PKCE_CODE_VERIFIER',
  /** Hosted login: client id and redirect URI kept for the return (session storage). */
  oidcClientId: '@SLASHID/OIDC_CLIENT_ID',
  oidcRedirectURI: '@SLASHID/OIDC_REDIRECT_URI',
  /** Analytics correlation id, one per browser session (session storage). */
  analyticsCorrelationId: '@slashid/EVENTS_CORRELATION_ID',
  /** Per-organization list of the sign-in links this browser waits for (localStorage, shared by tabs). */
  pendingLinksPrefix: '@slashid/PENDING_LINKS/',
  /** Set to ORG_SWITCH_IN_PROGRESS while an organization switch runs (session storage). */
  orgSwitching: '@slashid/ORG_SWITCHING',
} as const

/** Value of the organization-switching session flag while a switch runs. */
export const ORG_SWITCH_IN_PROGRESS = 'in_progress'
