/** Public types of the provider emulator: fixtures, policies, faults, outbox messages. */

export type HandleType = 'email_address' | 'phone_number' | 'username'

export interface Handle {
  type: HandleType
  value: string
}

export type { FactorMethod } from '../shared/factor-methods.js'
import { factorMethods, type FactorMethod } from '../shared/factor-methods.js'

/** The factor methods of the provider (the emulator implements all but webauthn). */
export const FACTOR_METHODS: readonly FactorMethod[] = factorMethods

export interface PasswordRule {
  name: string
  pattern: string
  match_type: 'must_match' | 'must_not_match'
  pattern_qualifiers?: string[]
}

/**
 * What an organization allows. Every field is optional in a fixture; the defaults are the
 * spec's (self-registration on, no approval, anonymous users on, the default password rules).
 */
export interface OrganizationPolicy {
  /** New persons may be created by signing in (default true). Off: 403 'self-registration not allowed for this organization'. */
  selfRegistration?: boolean
  /** New persons are created inactive and wait for approval (default false): 403 'person is not active'. */
  approvalRequired?: boolean
  /** `POST /persons/anonymous` works (default true). */
  anonymousUsers?: boolean
  /** If set, only handles matching one of these JavaScript regexes may register: 403 'person cannot be registered'. */
  allowedHandlePatterns?: string[]
  /** Replaces the default password rules (JavaScript regexes). */
  passwordRules?: PasswordRule[]
  /** Factor methods the organization accepts (default: all the emulator implements). */
  factors?: FactorMethod[]
  /** Lifetime of minted tokens (default 3600 s). */
  tokenTtlSeconds?: number
  /** Lifetime of challenges, codes and links (default 600 s). */
  challengeTtlSeconds?: number
  /** Wrong answers allowed per challenge; the next attempt gets 429 (default 5). */
  maxAttempts?: number
  /** Codes/links sent per handle per minute before `/id/v2` answers 429 (default 60). */
  maxSendsPerMinute?: number
  /** Failed codes or passwords per person or handle, across challenges, before a lockout (default 10). */
  failuresBeforeLockout?: number
  /** The first lockout in seconds, doubled at each further one (default 60). Answers during a lockout: 429 with Retry-After. */
  lockoutSeconds?: number
  /** The longest lockout in seconds (default 3600). */
  maxLockoutSeconds?: number
  /** How e-mail/SMS links look: `emulator` (GET completes it, default), `challenges` or `pack` (landing page for the SDK). */
  linkStyle?: 'emulator' | 'challenges' | 'pack'
  /** Landing page for `challenges`/`pack` links when the factor gives no redirect_target. */
  landingURL?: string
  /**
   * Existing persons may add a password or an authenticator only in a step-up (with their token);
   * otherwise 403 'no password set' / 'no authenticator registered'. Default false: the first
   * password or TOTP sign-in of an existing person sets one up.
   */
  strictEnrollment?: boolean
  /** Org switching to this organization first asks for this factor (challenge_list) instead of minting a token. */
  switchFactor?: FactorMethod
}

export interface FixtureOrganization {
  id: string
  name?: string
  parentId?: string
  tenantName?: string
  policy?: OrganizationPolicy
}

export interface FixturePerson {
  /** Organization id; may be omitted when the fixture has exactly one organization. */
  org?: string
  id?: string
  type?: 'regular' | 'anonymous'
  active?: boolean
  region?: string
  email?: string
  phone?: string
  username?: string
  handles?: Handle[]
  groups?: string[]
  attributes?: Record<string, Record<string, unknown>>
  /** Plain-text password, hashed with scrypt when the emulator starts. */
  password?: string
  /** Base32 TOTP secret of a registered authenticator. */
  totpSecret?: string
  recoveryCodes?: string[]
}

export interface FaultRule {
  /** Exact path (`/id/v2`), a prefix ending in `*` (`/challenge/*`), or `*` for all. */
  path: string
  /** HTTP method; any when absent. */
  method?: string
  /** Answer with this status and an error envelope. */
  status?: number
  /** The error message (default: the status text). */
  message?: string
  /** Wait this long (on the emulator's clock) before answering. */
  delayMs?: number
  /** Drop the connection: the handler rejects with a TypeError, the HTTP server destroys the socket. */
  drop?: boolean
  /** Apply this many times, then disappear (default: forever). */
  times?: number
  /** Let this many matching requests through first (default 0). */
  skip?: number
}

export interface OAuthClient {
  clientId: string
  org: string
  /** Allowed redirect URIs (exact). Any http(s) URI when absent. */
  redirectUris?: string[]
}

export interface EmulatorFixture {
  organizations?: FixtureOrganization[]
  persons?: FixturePerson[]
  faults?: FaultRule[]
  /** Phone numbers that answer 400 'unreachable phone number' (numbers with the unassigned code +999 always do). */
  unreachablePhoneNumbers?: string[]
  oauthClients?: OAuthClient[]
  /** Policy of organizations created on the fly (when the fixture lists none). */
  defaultPolicy?: OrganizationPolicy
  /**
   * Origins of the sites that use the emulator (`https://docs.acme.com`), besides development
   * origins (localhost, *.localhost, 127.x.x.x, [::1], *.test, *.example, *.invalid): CORS, the
   * sdk.html frame, link landing pages and OAuth redirects are allowed for these only.
   */
  siteOrigins?: string[]
  /** Host names (`host:port`) the emulator answers besides its own and loopback names on its port. */
  allowedHosts?: string[]
}

/** One message "sent" to a handle. */
export interface OutboxMessage {
  id: string
  handle: Handle
  method: FactorMethod
  challenge_id: string
  created_at: string
  org_id: string
  /** Why it was sent: sign-in, password reset or hosted login. */
  purpose: 'sign_in' | 'password_reset' | 'hosted_login'
  otp?: string
  link?: string
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Waits `ms` milliseconds of this clock (fault delays). Default: setTimeout. */
  sleep?(ms: number): Promise<void>
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(password: string, stored: string): Promise<boolean>
}
