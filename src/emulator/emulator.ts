/**
 * The identity-provider emulator: a `(Request) => Promise<Response>` that speaks the wire
 * protocol of notes/provider-wire.md (SlashID-compatible) well enough for the real client SDK.
 * Web APIs only (plus jose, otplib, qrcode, yaml); the scrypt hasher is loaded lazily.
 */
import { ApiError, corsHeaders, fail, html, json, ok, optionalObject, optionalString, preflight, readForm, readJsonObject, requireObject, requireString, withHeaders } from './http.js'
import { checkHandleFormat, handleKey, orgIdProblem, METHODS_BY_HANDLE, normalizeHandleValue, parseHandle, sameHandle } from './handles.js'
import { base64urlEncodeText, randomDigits, randomId, randomToken, safeEqual, sha256base64url } from './ids.js'
import { checkPassword, DEFAULT_PASSWORD_RULES } from './password-rules.js'
import { faultMatches, validateFault, type ActiveFault } from './faults.js'
import { fixtureObjectProblems, fixtureOrganizationProblems, fixturePersonProblems } from './fixture.js'
import { keyURI, newRecoveryCodes, newTotpSecret, qrCodePngBase64, verifyTotp } from './totp.js'
import { TokenService, type Authentication, type TokenClaims } from './tokens.js'
import { FAILURES_BEFORE_LOCKOUT, LOCKOUT_SECONDS, Lockouts, MAX_LOCKOUT_SECONDS, type LockoutSettings } from './lockouts.js'
import { OriginPolicy } from './origins.js'
import { hostedLoginPage, linkResultPage, OUTBOX_SCRIPT, outboxPage, outboxRows, sdkFramePage, idpPage } from './pages.js'
import {
  FACTOR_METHODS,
  type Clock,
  type EmulatorFixture,
  type FactorMethod,
  type FaultRule,
  type FixtureOrganization,
  type FixturePerson,
  type Handle,
  type OrganizationPolicy,
  type OutboxMessage,
  type PasswordHasher,
  type PasswordRule,
} from './types.js'

export interface ProviderEmulatorOptions {
  fixture?: EmulatorFixture
  /** Milliseconds since the epoch; default Date.now. `sleep` (optional) is used for fault delays. */
  clock?: Clock
  /** Absolute URL the emulator is reached at (no trailing slash), used in links and as token issuer. */
  baseURL?: string
  /** `/__test/*` control endpoints (default true). */
  testEndpoints?: boolean
  /** Password hasher; default scrypt from node:crypto (loaded lazily). */
  hasher?: PasswordHasher
}

export interface ProviderEmulator {
  /** The whole provider. Rejects with a TypeError only for an injected network drop. */
  fetch(request: Request): Promise<Response>
  /** Resolves once keys are generated and fixture passwords hashed (fetch waits for it too). */
  readonly ready: Promise<void>
  readonly baseURL: string
  /** Token issuer (`iss`), equal to baseURL. */
  readonly issuer: string
  /** The public signing keys. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>
  /** Every message sent so far, oldest first; filtered by handle value when given. */
  outbox(handleValue?: string): OutboxMessage[]
  /** The last message sent to a handle value. */
  lastMessage(handleValue: string): OutboxMessage | undefined
  /** Adds a fault rule; returns its id. */
  addFault(rule: FaultRule): string
  removeFault(id: string): boolean
  clearFaults(): void
  faults(): ActiveFault[]
  /** Moves the emulator's clock forward (on top of the injected clock). */
  advanceClock(ms: number): void
  now(): number
  /** Back to the fixture's state: persons, challenges, messages, revocations and runtime faults are forgotten. */
  reset(): Promise<void>
  /** Sets the groups of a handle's person (and of persons created later with that handle). */
  setGroups(handle: Handle, groups: string[], orgId?: string): void
  /** Adds or replaces an organization. */
  upsertOrganization(org: FixtureOrganization): void
  /** Adds a person (fixture shape); resolves to its id. */
  addPerson(person: FixturePerson): Promise<string>
  /** Activates or deactivates a person. */
  setPersonActive(personId: string, active: boolean): boolean
  /** Persons (a copy), for assertions. */
  persons(): PersonView[]
  /** Analytics events received on /actions/sdk and /events. */
  analyticsEvents(): unknown[]
}

export interface PersonView {
  person_id: string
  org_id: string
  person_type: 'regular' | 'anonymous'
  active: boolean
  handles: Handle[]
  groups: string[]
  has_password: boolean
  has_totp: boolean
}

// ---------------------------------------------------------------------------------------------
// State

interface Org {
  id: string
  name: string
  parentId?: string
  tenantName?: string
  policy: OrganizationPolicy
}

interface Person {
  id: string
  orgId: string
  type: 'regular' | 'anonymous'
  active: boolean
  region: string
  handles: Handle[]
  groups: string[]
  attributes: Record<string, Record<string, unknown>>
  passwordHash?: string
  totp?: { secret: string; recoveryCodes: string[]; lastStep?: number }
  consents: { consent_level: string; created_at: string }[]
  /** Keys of handles nobody has proven (a code or link) yet: added by a password/TOTP sign-up or the simulated IdP. */
  unproven: Set<string>
  tokensIssued: number
  createdAt: number
}

type ChallengeKind =
  | 'otp'
  | 'nonce'
  | 'proxy'
  | 'totp_register'
  | 'totp_verify'
  | 'password_set'
  | 'password_verify'
  | 'password_reset'
  | 'oidc'
  | 'saml'

interface ChallengeRecord {
  id: string
  type: ChallengeKind
  orgId: string
  method: FactorMethod
  purpose: OutboxMessage['purpose']
  handle?: Handle
  /** The person it authenticates, when known at start (existing person or step-up). */
  personId?: string
  /** Claims of the bearer token at start (step-up, anonymous upgrade). */
  bearer?: TokenClaims
  createdAt: number
  expiresAt: number
  attempts: number
  status: 'open' | 'done'
  otp?: string
  nonce?: string
  totpSecret?: string
  recoveryCodes?: string[]
  /** nonce → the proxy challenge it completes. */
  proxyFor?: string
  /** password_reset → the proxy challenge that must be completed first. */
  requires?: string
  /** proxy result. */
  token?: string
  /** proxy failure (e.g. the person turned out to need approval). */
  error?: { status: number; message: string }
  linkSecret?: string
  redirectTarget?: string
  /** The simulated IdP: the code it sent to the chosen address (existing persons and step-ups), and whether it was entered. */
  idpCode?: { handle: Handle; otp: string }
  idpCodeVerified?: boolean
  /** The successful answer: its data as canonical JSON, when, and the token (shared with parallel retries). */
  answer?: { key: string; at: number; token: Promise<string> }
}

interface AuthCode {
  code: string
  clientId: string
  redirectUri: string
  codeChallenge: string
  orgId: string
  token: string
  expiresAt: number
  used: boolean
}

interface HostedLogin {
  id: string
  clientId: string
  orgId: string
  redirectUri: string
  state: string
  codeChallenge: string
  handle?: Handle
  otp?: string
  attempts: number
  expiresAt: number
}

const DEFAULT_POLICY: Required<Omit<OrganizationPolicy, 'allowedHandlePatterns' | 'factors' | 'landingURL' | 'switchFactor'>> = {
  selfRegistration: true,
  approvalRequired: false,
  anonymousUsers: true,
  passwordRules: DEFAULT_PASSWORD_RULES as PasswordRule[],
  tokenTtlSeconds: 3600,
  challengeTtlSeconds: 600,
  maxAttempts: 5,
  maxSendsPerMinute: 60,
  failuresBeforeLockout: FAILURES_BEFORE_LOCKOUT,
  lockoutSeconds: LOCKOUT_SECONDS,
  maxLockoutSeconds: MAX_LOCKOUT_SECONDS,
  linkStyle: 'emulator',
  strictEnrollment: false,
}

const ATTRIBUTE_BUCKETS = [
  'end_user_read_write',
  'end_user_read_only',
  'end_user_no_access',
  'person_pool-end_user_read_write',
  'person_pool-end_user_read_only',
  'person_pool-end_user_no_access',
]

/** 403 messages when a factor is not set up and cannot be set up now (the first is one the SDK knows). */
const NOT_ENROLLED = { password: 'no password set', totp: 'no authenticator registered; sign in with another factor first' } as const

const IMPLEMENTED_METHODS: readonly FactorMethod[] = ['email_link', 'otp_via_email', 'sms_link', 'otp_via_sms', 'password', 'totp', 'oidc', 'saml']

/** How long an answered challenge gives the same token again for the same data (a retry after a lost answer). */
export const ATTESTATION_RETRY_WINDOW_MS = 60_000

const isoSeconds = (ms: number) => new Date(ms).toISOString()

// ---------------------------------------------------------------------------------------------

export function createProviderEmulator(options: ProviderEmulatorOptions = {}): ProviderEmulator {
  return new Provider(options)
}

class Provider implements ProviderEmulator {
  readonly baseURL: string
  readonly issuer: string
  readonly ready: Promise<void>
  private readonly basePath: string
  private readonly clock: Clock
  private clockOffset = 0
  private readonly testEndpoints: boolean
  private readonly fixture: EmulatorFixture
  private readonly strictOrgs: boolean
  private readonly tokens: TokenService
  private readonly origins: OriginPolicy
  private hasherPromise: Promise<PasswordHasher> | undefined

  private orgs = new Map<string, Org>()
  private people = new Map<string, Person>() // key: orgId/personId
  private challenges = new Map<string, ChallengeRecord>()
  private links = new Map<string, string>() // link secret → proxy id
  private packs = new Map<string, string[]>() // pack id → nonce challenge ids
  private messages: OutboxMessage[] = []
  private sends: { key: string; at: number }[] = []
  private groupsByHandle = new Map<string, string[]>() // `${org ?? '*'}|${handleKey}` → groups
  private activeFaults: ActiveFault[] = []
  private events: unknown[] = []
  private authCodes = new Map<string, AuthCode>()
  private lockouts = new Lockouts()
  private hostedLogins = new Map<string, HostedLogin>()
  private unreachablePhones: Set<string>

  constructor(options: ProviderEmulatorOptions) {
    this.baseURL = (options.baseURL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '')
    this.issuer = this.baseURL
    this.basePath = new URL(this.baseURL).pathname.replace(/\/+$/, '')
    this.clock = options.clock ?? { now: () => Date.now() }
    this.testEndpoints = options.testEndpoints ?? true
    this.fixture = options.fixture ?? {}
    const problems = fixtureObjectProblems(this.fixture)
    if (problems.length > 0) throw new TypeError(`invalid emulator fixture: ${problems.join('; ')}`)
    this.strictOrgs = (this.fixture.organizations?.length ?? 0) > 0
    this.origins = new OriginPolicy(this.baseURL, this.fixture.siteOrigins, this.fixture.allowedHosts)
    this.unreachablePhones = new Set((this.fixture.unreachablePhoneNumbers ?? []).map((p) => normalizeHandleValue('phone_number', p)))
    if (options.hasher) this.hasherPromise = Promise.resolve(options.hasher)
    this.tokens = new TokenService(this.issuer, () => this.now())
    this.ready = Promise.all([this.tokens.ready, this.loadFixtureState()]).then(() => undefined)
    // An unobserved rejection would crash the process; fetch re-throws it as a 500.
    this.ready.catch(() => {})
  }

  // -------------------------------------------------------------------------------------------
  // Public helpers

  now(): number {
    return this.clock.now() + this.clockOffset
  }

  advanceClock(ms: number): void {
    this.clockOffset += ms
  }

  async jwks() {
    await this.ready
    return this.tokens.jwks as { keys: Record<string, unknown>[] }
  }

  outbox(handleValue?: string): OutboxMessage[] {
    if (handleValue === undefined) return this.messages.map((m) => ({ ...m }))
    const wanted = normalizeMailboxQuery(handleValue)
    return this.messages.filter((m) => m.handle.value === wanted).map((m) => ({ ...m }))
  }

  lastMessage(handleValue: string): OutboxMessage | undefined {
    return this.outbox(handleValue).at(-1)
  }

  addFault(rule: FaultRule): string {
    const problems = validateFault(rule)
    if (problems.length > 0) throw new TypeError(`invalid fault rule: ${problems.join('; ')}`)
    const id = randomId('fault', 8)
    this.activeFaults.push({ ...rule, id, applied: 0, skipped: 0 })
    return id
  }

  removeFault(id: string): boolean {
    const before = this.activeFaults.length
    this.activeFaults = this.activeFaults.filter((f) => f.id !== id)
    return this.activeFaults.length !== before
  }

  clearFaults(): void {
    this.activeFaults = []
  }

  faults(): ActiveFault[] {
    return this.activeFaults.map((f) => ({ ...f }))
  }

  async reset(): Promise<void> {
    await this.ready.catch(() => {})
    this.orgs.clear()
    this.people.clear()
    this.challenges.clear()
    this.links.clear()
    this.packs.clear()
    this.messages = []
    this.sends = []
    this.groupsByHandle.clear()
    this.activeFaults = []
    this.events = []
    this.authCodes.clear()
    this.hostedLogins.clear()
    this.lockouts.clear()
    this.tokens.clearRevocations()
    this.clockOffset = 0
    await this.loadFixtureState()
  }

  setGroups(handle: Handle, groups: string[], orgId?: string): void {
    const normalized = { type: handle.type, value: normalizeHandleValue(handle.type, handle.value) }
    this.groupsByHandle.set(`${orgId ?? '*'}|${handleKey(normalized)}`, [...groups])
    for (const person of this.people.values()) {
      if ((orgId === undefined || person.orgId === orgId) && person.handles.some((h) => sameHandle(h, normalized))) person.groups = [...groups]
    }
  }

  upsertOrganization(org: FixtureOrganization): void {
    this.orgs.set(org.id, {
      id: org.id,
      name: org.name ?? org.id,
      ...(org.parentId ? { parentId: org.parentId } : {}),
      ...(org.tenantName ? { tenantName: org.tenantName } : {}),
      policy: { ...this.fixture.defaultPolicy, ...org.policy },
    })
  }

  async addPerson(input: FixturePerson): Promise<string> {
    const orgId = input.org ?? (this.orgs.size === 1 ? [...this.orgs.keys()][0]! : undefined)
    if (!orgId) throw new ApiError(400, 'invalid person: org is required when there is not exactly one organization')
    const org = this.org(orgId)
    const handles: Handle[] = [...(input.handles ?? [])]
    if (input.email) handles.push({ type: 'email_address', value: input.email })
    if (input.phone) handles.push({ type: 'phone_number', value: input.phone })
    if (input.username) handles.push({ type: 'username', value: input.username })
    const normalized = handles.map((h) => ({ type: h.type, value: normalizeHandleValue(h.type, h.value) }))
    normalized.forEach(checkHandleFormat)
    // Hashed before the checks: from the 409 check to the new person nothing awaits.
    const passwordHash = input.password === undefined ? undefined : await (await this.hasher()).hash(input.password)
    for (const handle of normalized) if (this.findPerson(org.id, handle)) throw new ApiError(409, 'person exists')
    const person = this.createPerson(org, normalized, input.type ?? 'regular', input.id)
    person.active = input.active ?? true
    if (input.region) person.region = input.region
    if (input.groups) person.groups = [...input.groups]
    if (input.attributes) person.attributes = structuredClone(input.attributes)
    if (passwordHash !== undefined) person.passwordHash = passwordHash
    if (input.totpSecret) person.totp = { secret: input.totpSecret.replace(/[\s=]/g, '').toUpperCase(), recoveryCodes: [...(input.recoveryCodes ?? [])] }
    return person.id
  }

  setPersonActive(personId: string, active: boolean): boolean {
    let found = false
    for (const person of this.people.values()) {
      if (person.id === personId) {
        person.active = active
        found = true
      }
    }
    return found
  }

  persons(): PersonView[] {
    return [...this.people.values()].map((p) => ({
      person_id: p.id,
      org_id: p.orgId,
      person_type: p.type,
      active: p.active,
      handles: p.handles.map((h) => ({ ...h })),
      groups: [...p.groups],
      has_password: p.passwordHash !== undefined,
      has_totp: p.totp !== undefined,
    }))
  }

  analyticsEvents(): unknown[] {
    return [...this.events]
  }

  // -------------------------------------------------------------------------------------------
  // Entry point

  async fetch(request: Request): Promise<Response> {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return fail(400, 'malformed request URL')
    }
    const refused = this.refusedCaller(request, url)
    if (refused) return refused
    let path = url.pathname
    if (this.basePath && (path === this.basePath || path.startsWith(`${this.basePath}/`))) path = path.slice(this.basePath.length) || '/'
    const method = request.method.toUpperCase()
    if (method === 'OPTIONS') return preflight(request)

    if (!path.startsWith('/__test/')) {
      const fault = this.matchFault(method, path)
      if (fault) {
        if (fault.delayMs) await this.sleep(fault.delayMs)
        if (fault.drop) throw new TypeError(`network error: connection dropped by fault rule ${fault.id} (${fault.path})`)
        if (fault.status !== undefined) {
          return withHeaders(fail(fault.status, fault.message ?? defaultStatusMessage(fault.status)), corsHeaders(request))
        }
      }
    }

    let response: Response
    try {
      await this.ready
      response = await this.route(request, method, path, url)
    } catch (error) {
      if (error instanceof ApiError) response = fail(error.status, error.message, error.headers)
      else response = fail(500, `internal error in the emulator: ${error instanceof Error ? error.message : String(error)}`)
    }
    return withHeaders(response, corsHeaders(request))
  }

  /**
   * 403 for a Host that is not this emulator (DNS rebinding: a public name pointed at 127.0.0.1)
   * and for a page whose origin is not allowed, before anything is read or done.
   */
  private refusedCaller(request: Request, url: URL): Response | undefined {
    if (!this.origins.allowsHost(url.host)) {
      return fail(403, `host '${url.host}' is not this emulator: use ${this.baseURL} (or list the host in the fixture's allowedHosts)`)
    }
    const origin = request.headers.get('origin')
    if (origin === null || origin === url.origin || this.origins.allowsOrigin(origin)) return undefined
    return fail(403, `origin '${origin}' may not call the emulator: list it in the fixture's siteOrigins (or docsgen provider --site-origin ${origin})`)
  }

  private matchFault(method: string, path: string): ActiveFault | undefined {
    for (const fault of this.activeFaults) {
      if (!faultMatches(fault, method, path)) continue
      if (fault.skip && fault.skipped < fault.skip) {
        fault.skipped++
        continue
      }
      fault.applied++
      if (fault.times !== undefined && fault.applied >= fault.times) this.activeFaults = this.activeFaults.filter((f) => f !== fault)
      return fault
    }
    return undefined
  }

  private sleep(ms: number): Promise<void> {
    if (this.clock.sleep) return this.clock.sleep(ms)
    return new Promise((resolve) => setTimeout(resolve, ms))
  }

  private async route(request: Request, method: string, path: string, url: URL): Promise<Response> {
    const parts = path.split('/').filter(Boolean).map(safeDecode)
    const is = (m: string, p: string) => method === m && path === p
    const allow = (...methods: string[]) => {
      if (!methods.includes(method)) throw new ApiError(405, `method ${method} not allowed on ${path} (allowed: ${methods.join(', ')})`)
    }

    if (path.startsWith('/__test/') || path === '/__test') {
      if (!this.testEndpoints) return fail(404, `not found: ${path}`)
      return this.testControl(request, method, path, url)
    }

    if (is('GET', '/') || is('GET', '/outbox')) return html(outboxPage(this.messages, this.baseURL, this.testEndpoints), 200, { 'Content-Security-Policy': OUTBOX_CSP })
    if (is('GET', '/outbox.js')) return new Response(OUTBOX_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' } })
    if (is('GET', '/outbox/rows')) return this.outboxRowsAfter(url.searchParams.get('after') ?? '')
    if (is('GET', '/sdk.html')) return html(sdkFramePage(this.fixture.siteOrigins ?? []), 200, { 'Content-Security-Policy': SDK_FRAME_CSP })
    if (is('GET', '/favicon.ico')) return new Response(null, { status: 204 })
    if (path === '/.well-known/jwks.json') return allow('GET'), json(this.tokens.jwks)
    if (path === '/.well-known/openid-configuration') return allow('GET'), json(this.openidConfiguration())

    if (path === '/id/v2') return allow('POST'), this.postId(request)
    if (path === '/attestation/v3') return allow('POST'), this.postAttestation(request)
    if (parts[0] === 'challenge' && parts.length === 3 && parts[2] === 'v2') return allow('GET'), this.getChallenge(parts[1]!)
    if (parts[0] === 'challenge' && parts.length === 2) return allow('GET'), this.getChallenge(parts[1]!)
    if (parts[0] === 'challenge_pack' && parts.length === 2) return allow('GET'), this.getChallengePack(parts[1]!)
    if (parts[0] === 'link' && parts.length === 2) return allow('GET'), this.followLink(parts[1]!)
    if (path === '/recover') return allow('POST'), this.postRecover(request)
    if (path === '/token/v2') return allow('POST'), this.switchOrganization(request, 'v2')
    if (path === '/token') return allow('GET', 'POST'), this.switchOrganization(request, 'v1')
    if (path === '/token/validate') return allow('POST'), this.validateToken(request)
    if (path === '/token/revoke') return allow('POST'), this.revokeToken(request)
    if (path === '/persons/anonymous') return allow('POST'), this.createAnonymous(request)
    if (path === '/actions/sdk' || path === '/events') return allow('POST'), this.analytics(request)
    if (path === '/sso/resolve') return allow('POST'), (await readJsonObject(request, { optional: true }), ok({}))
    if (parts[0] === 'sso' && parts[1] === 'idp' && parts.length === 3) return this.idpLogin(request, method, parts[2]!)
    if (path === '/me') return allow('GET'), this.me(request)
    if (path === '/me/orgs') return allow('GET'), this.meOrgs(request)
    if (parts[0] === 'attributes' && parts.length <= 2) return this.attributes(request, method, parts[1])
    if (path === '/consent/gdpr') return this.consent(request, method)
    if (path === '/oauth2/authorize') return this.oauthAuthorize(request, method, url)
    if (path === '/oauth2/tokens' || path === '/oauth2/token') return allow('POST'), this.oauthTokens(request)
    if (['/id', '/attestation', '/attestation/v2', '/direct-id'].includes(path) || (parts[0] === 'persons' && parts[2] === 'impersonate')) {
      return fail(501, `${path} is not implemented by the emulator (the 3.29 SDK signs in with /id/v2 and /attestation/v3)`)
    }
    return fail(404, `not found: ${method} ${path}`)
  }

  /** Rows newer than message `after` for the outbox page; every row, marked complete, if `after` is gone (a reset). */
  private outboxRowsAfter(after: string): Response {
    const index = after === '' ? -1 : this.messages.findIndex((m) => m.id === after)
    const complete = after !== '' && index < 0
    const rows = outboxRows(this.messages.slice(index + 1))
    return html(rows, 200, complete ? { 'Outbox-Complete': 'true' } : {})
  }

  // -------------------------------------------------------------------------------------------
  // Organizations and persons

  private async loadFixtureState(): Promise<void> {
    for (const org of this.fixture.organizations ?? []) this.upsertOrganization(org)
    for (const person of this.fixture.persons ?? []) await this.addPerson(person)
    for (const fault of this.fixture.faults ?? []) this.addFault(fault)
  }

  private hasher(): Promise<PasswordHasher> {
    this.hasherPromise ??= import('./scrypt-hasher.js').then((m) => m.scryptHasher)
    return this.hasherPromise
  }

  /** The organization `id`; in open mode (no organizations in the fixture) any non-empty id is created on first use. */
  private org(id: string): Org {
    const existing = this.orgs.get(id)
    if (existing) return existing
    if (this.strictOrgs) throw new ApiError(404, `organization not found: '${id}'`)
    this.upsertOrganization({ id })
    return this.orgs.get(id)!
  }

  private orgFromHeader(request: Request, fallback?: string): Org {
    const header = request.headers.get('slashid-orgid')?.trim()
    const id = header || fallback
    if (!id) throw new ApiError(400, 'missing SlashID-OrgID header (the organization id)')
    const problem = orgIdProblem(id)
    if (problem) throw new ApiError(400, problem)
    return this.org(id)
  }

  private policy<K extends keyof typeof DEFAULT_POLICY>(org: Org, key: K): (typeof DEFAULT_POLICY)[K] {
    return (org.policy[key] ?? DEFAULT_POLICY[key]) as (typeof DEFAULT_POLICY)[K]
  }

  private findPerson(orgId: string, handle: Handle): Person | undefined {
    for (const person of this.people.values()) {
      if (person.orgId === orgId && person.handles.some((h) => sameHandle(h, handle))) return person
    }
    return undefined
  }

  private person(orgId: string, personId: string): Person | undefined {
    return this.people.get(`${orgId}/${personId}`)
  }

  private createPerson(org: Org, handles: Handle[], type: 'regular' | 'anonymous', id?: string): Person {
    const person: Person = {
      id: id ?? randomId('pid', 16),
      orgId: org.id,
      type,
      active: true,
      region: 'us-iowa',
      handles: [],
      groups: [],
      attributes: {},
      consents: [],
      unproven: new Set(),
      tokensIssued: 0,
      createdAt: this.now(),
    }
    for (const handle of handles) this.addHandle(person, handle, true)
    this.people.set(`${org.id}/${person.id}`, person)
    return person
  }

  /**
   * Adds a handle, proven (a code or link reached it; fixture and test persons) or not. Groups set
   * for a handle before sign-up reach a person only once the handle is proven.
   */
  private addHandle(person: Person, handle: Handle, proven: boolean): void {
    const key = handleKey(handle)
    const present = person.handles.some((h) => sameHandle(h, handle))
    if (!present) person.handles.push({ ...handle })
    if (!proven) {
      if (!present) person.unproven.add(key)
      return
    }
    if (present && !person.unproven.has(key)) return
    person.unproven.delete(key)
    const groups = this.groupsByHandle.get(`${person.orgId}|${key}`) ?? this.groupsByHandle.get(`*|${key}`)
    if (groups) person.groups = [...groups]
  }

  /**
   * A code or link reached `handle`. When nothing on the person was ever proven, its password and
   * authenticator were set up by someone who never proved the handle: they are dropped.
   */
  private proveHandle(person: Person, handle: Handle): void {
    if (person.unproven.has(handleKey(handle)) && person.handles.every((h) => person.unproven.has(handleKey(h)))) {
      delete person.passwordHash
      delete person.totp
    }
    this.addHandle(person, handle, true)
  }

  private provenHandles(person: Person): Handle[] {
    return person.handles.filter((h) => h.type !== 'username' && !person.unproven.has(handleKey(h)))
  }

  /** Policy checks before a person may be created with `handle`. */
  private checkRegistration(org: Org, handle: Handle | undefined): void {
    if (!this.policy(org, 'selfRegistration')) throw new ApiError(403, 'self-registration not allowed for this organization')
    const patterns = org.policy.allowedHandlePatterns
    if (handle && patterns && patterns.length > 0 && !patterns.some((p) => new RegExp(p, 'i').test(handle.value))) {
      throw new ApiError(403, 'person cannot be registered')
    }
  }

  private checkActive(person: Person): void {
    if (person.active) return
    // Never signed in: still waiting for approval of the sign-up. Otherwise: deactivated later.
    if (person.tokensIssued === 0) throw new ApiError(403, 'person is not active')
    throw new ApiError(403, `Person ${person.id} is inactive`)
  }

  // -------------------------------------------------------------------------------------------
  // Tokens

  /** The claims of the request's bearer token; undefined without one; 401 when it is not valid. */
  private async bearer(request: Request, { required = false } = {}): Promise<TokenClaims | undefined> {
    const header = request.headers.get('authorization')
    if (!header) {
      if (required) throw new ApiError(401, 'missing Authorization: Bearer <token>')
      return undefined
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
    if (!match) throw new ApiError(401, 'malformed Authorization header (expected Bearer <token>)')
    const check = await this.tokens.check(match[1]!)
    if (!check.valid) {
      if (check.reason === 'expired') throw new ApiError(401, 'authentication has expired')
      throw new ApiError(401, `invalid token (${check.reason})`)
    }
    const person = this.person(check.claims.oid, check.claims.person_id)
    if (!person) throw new ApiError(401, 'invalid token (person no longer exists)')
    this.checkActive(person)
    return check.claims
  }

  private async mintFor(person: Person, authentications: Authentication[], extra: Partial<TokenClaims> = {}): Promise<string> {
    const org = this.org(person.orgId)
    const methods = [...new Set(authentications.map((a) => a.method))]
    const token = await this.tokens.mint(
      {
        oid: person.orgId,
        person_id: person.id,
        person_type: person.type,
        first_token: person.tokensIssued === 0,
        authenticated_methods: methods,
        authentications,
        groups: [...person.groups],
        ...extra,
      },
      this.policy(org, 'tokenTtlSeconds'),
    )
    person.tokensIssued++
    return token
  }

  /**
   * Finishes a sign-in challenge: creates or upgrades the person as needed, checks policies and
   * returns the new token.
   */
  private async completeSignIn(challenge: ChallengeRecord, setup?: (person: Person) => Promise<void> | void): Promise<string> {
    const org = this.org(challenge.orgId)
    const handle = challenge.handle
    let person = challenge.personId ? this.person(org.id, challenge.personId) : undefined
    if (challenge.personId && !person) throw new ApiError(403, 'authentication has expired')
    const extra: Partial<TokenClaims> = {}
    const proves = provesHandle(challenge)

    if (!person && handle) {
      // Created meanwhile: a code or link proves it is theirs; a password or authenticator set-up does not.
      person = this.findPerson(org.id, handle)
      if (person && !proves) throw new ApiError(409, 'person exists')
    }
    if (!person) {
      const bearer = challenge.bearer
      const anonymous = bearer?.person_type === 'anonymous' && bearer.oid === org.id ? this.person(org.id, bearer.person_id) : undefined
      this.checkRegistration(org, handle)
      if (anonymous) {
        // Upgrade the anonymous person in place: same person id, now regular.
        person = anonymous
        person.type = 'regular'
        extra.prev_anonymous_person_id = anonymous.id
      } else {
        // Org switching with a step-up factor: the same person id in the target organization.
        const carried = bearer?.person_type === 'regular' && bearer.oid !== org.id && !this.person(org.id, bearer.person_id) ? bearer.person_id : undefined
        person = this.createPerson(org, [], 'regular', carried)
        if (this.policy(org, 'approvalRequired')) person.active = false
      }
    }
    if (handle) {
      if (proves) this.proveHandle(person, handle)
      else this.addHandle(person, handle, false)
    }
    if (challenge.bearer?.person_type === 'anonymous' && challenge.bearer.person_id !== person.id) {
      extra.prev_anonymous_person_id = challenge.bearer.person_id
    }
    if (setup) await setup(person)
    this.checkActive(person)

    const previous = challenge.bearer && challenge.bearer.person_id === person.id && challenge.bearer.person_type === 'regular' ? challenge.bearer : undefined
    const authentications: Authentication[] = [...(previous?.authentications ?? [])]
    authentications.push({ ...(handle ? { handle: { ...handle } } : {}), method: challenge.method, timestamp: isoSeconds(this.now()) })
    if (previous?.jti) extra.prev_token_id = previous.jti
    return this.mintFor(person, authentications, extra)
  }

  private async validateToken(request: Request): Promise<Response> {
    const body = await readJsonObject(request, { optional: true })
    let token = optionalString(body, 'token')
    if (token === undefined) token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    if (token === undefined) throw new ApiError(400, 'malformed request body: token must be a string')
    const check = await this.tokens.check(token)
    if (!check.valid) return ok({ valid: false, invalidity_reason: check.reason })
    const person = this.person(check.claims.oid, check.claims.person_id)
    if (!person) return ok({ valid: false, invalidity_reason: 'invalid_token_content' })
    if (!person.active) return ok({ valid: false, invalidity_reason: 'person_not_active' })
    return ok({
      valid: true,
      expires_in_seconds: Math.max(0, Math.floor((check.expiresAt - this.now()) / 1000)),
      expires_at: isoSeconds(check.expiresAt),
    })
  }

  private async revokeToken(request: Request): Promise<Response> {
    const body = await readJsonObject(request, { optional: true })
    let token = optionalString(body, 'token')
    if (token === undefined) token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    if (token === undefined) throw new ApiError(400, 'malformed request body: token must be a string')
    await this.tokens.revoke(token)
    return new Response(null, { status: 204 })
  }

  // -------------------------------------------------------------------------------------------
  // POST /id/v2

  private async postId(request: Request): Promise<Response> {
    const body = await readJsonObject(request)
    const bearer = await this.bearer(request)
    const org = this.orgFromHeader(request, bearer?.oid)
    const factor = requireObject(body, 'factor')
    const method = requireString(factor, 'method', 'factor')
    if (!FACTOR_METHODS.includes(method as FactorMethod)) {
      throw new ApiError(400, `malformed request body: factor.method must be one of ${FACTOR_METHODS.join(', ')}, got '${method}'`)
    }
    const factorOptions = optionalObject(factor, 'options', 'factor') ?? {}
    const handle = body.handle === undefined || body.handle === null ? undefined : parseHandle(body.handle)
    optionalObject(body, 'metadata')
    const challenges = await this.startFlow(org, method as FactorMethod, handle, bearer, factorOptions, 'sign_in')
    return ok(challenges)
  }

  /** Creates the challenges of a sign-in (or step-up) and sends codes/links. */
  private async startFlow(
    org: Org,
    method: FactorMethod,
    handle: Handle | undefined,
    bearer: TokenClaims | undefined,
    factorOptions: Record<string, unknown>,
    purpose: OutboxMessage['purpose'],
  ): Promise<Record<string, unknown>[]> {
    const allowed = org.policy.factors ?? IMPLEMENTED_METHODS
    if (!IMPLEMENTED_METHODS.includes(method)) throw new ApiError(400, `factor '${method}' is not supported by the emulator`)
    if (!allowed.includes(method)) throw new ApiError(400, `factor '${method}' is not enabled for this organization`)

    // Who is signing in.
    const stepUpPerson = bearer && bearer.oid === org.id ? this.person(org.id, bearer.person_id) : undefined
    if (method === 'oidc' || method === 'saml') {
      if (handle) throw new ApiError(400, `factor '${method}' must not be used with a handle`)
    } else if (!handle) {
      const fallback = stepUpPerson?.handles.find((h) => METHODS_BY_HANDLE[h.type].includes(method))
      if (!fallback) throw new ApiError(400, `malformed request body: handle is required for factor '${method}'`)
      handle = fallback
    }
    if (handle && !METHODS_BY_HANDLE[handle.type].includes(method)) {
      throw new ApiError(400, `a handle of type '${handle.type}' cannot be used with factor '${method}'`)
    }
    if (handle?.type === 'phone_number' && (this.unreachablePhones.has(handle.value) || handle.value.startsWith('+999'))) {
      throw new ApiError(400, `unreachable phone number: '${handle.value}'`)
    }

    let person = handle ? this.findPerson(org.id, handle) : undefined
    if (stepUpPerson && stepUpPerson.type === 'regular' && person && person.id !== stepUpPerson.id) throw new ApiError(409, 'person exists')
    if (stepUpPerson && stepUpPerson.type === 'regular') person = stepUpPerson
    if (person) this.checkActive(person)
    else this.checkRegistration(org, handle)
    this.lockouts.check(this.lockoutKeys(org.id, person?.id, handle), this.now())

    const base = {
      orgId: org.id,
      method,
      purpose,
      ...(handle ? { handle } : {}),
      ...(person ? { personId: person.id } : {}),
      ...(bearer ? { bearer } : {}),
    }
    // Step-up: the request carries a token of this very person.
    const signedInAsPerson = person !== undefined && stepUpPerson?.id === person.id
    const redirectTarget = this.redirectTarget(factorOptions)

    switch (method) {
      case 'otp_via_email':
      case 'otp_via_sms': {
        this.rateLimitSends(org, handle!)
        const challenge = this.newChallenge({ ...base, type: 'otp', otp: randomDigits(6) })
        this.send(challenge, { otp: challenge.otp! })
        return [this.wire(challenge, {})]
      }
      case 'email_link':
      case 'sms_link': {
        this.rateLimitSends(org, handle!)
        const proxy = this.newChallenge({ ...base, type: 'proxy', ...(redirectTarget ? { redirectTarget } : {}) })
        this.send(proxy, { link: await this.linkFor(org, proxy) })
        return [this.wire(proxy, { challenge_id: proxy.id })]
      }
      case 'password':
      case 'totp':
        return this.startSecretFactor(org, method, base, person, handle!, signedInAsPerson)
      case 'oidc':
      case 'saml': {
        const proxy = this.newChallenge({ ...base, type: 'proxy', ...(redirectTarget ? { redirectTarget } : {}) })
        proxy.linkSecret = randomToken()
        this.links.set(proxy.linkSecret, proxy.id)
        const url = `${this.baseURL}/sso/idp/${proxy.linkSecret}`
        const start = this.newChallenge({ ...base, type: method })
        start.status = 'done'
        return [
          this.wire(start, method === 'oidc' ? { auth_code_url: url } : { start_authentication_url: url }),
          this.wire(proxy, { challenge_id: proxy.id }),
        ]
      }
      default:
        throw new ApiError(400, `factor '${method}' is not supported by the emulator`)
    }
  }

  /**
   * password and totp: verify the one the person has, else set one up. Setting one up on an
   * existing person without their token, or adding a new e-mail/phone handle, needs proof of the
   * handle first: a code, answered before the password or authenticator is accepted.
   */
  private async startSecretFactor(
    org: Org,
    method: 'password' | 'totp',
    base: Omit<ChallengeRecord, 'id' | 'createdAt' | 'expiresAt' | 'attempts' | 'status' | 'type'>,
    person: Person | undefined,
    handle: Handle,
    signedInAsPerson: boolean,
  ): Promise<Record<string, unknown>[]> {
    const has = method === 'password' ? person?.passwordHash !== undefined : person?.totp !== undefined
    const setsUpUnauthenticated = person !== undefined && !has && !signedInAsPerson
    if (setsUpUnauthenticated && org.policy.strictEnrollment) throw new ApiError(403, NOT_ENROLLED[method])
    const addsHandle = person !== undefined && !person.handles.some((h) => sameHandle(h, handle))
    const needsProof = setsUpUnauthenticated || (addsHandle && handle.type !== 'username')
    if (needsProof && handle.type === 'username') throw new ApiError(403, NOT_ENROLLED[method])
    const proof = needsProof ? this.sendProofCode(org, base, handle) : undefined
    const fields = { ...base, ...(proof ? { requires: proof.id } : {}) }
    const main = has
      ? this.wire(this.newChallenge({ ...fields, type: method === 'password' ? 'password_verify' : 'totp_verify' }), {})
      : method === 'password'
        ? this.wire(this.newChallenge({ ...fields, type: 'password_set' }), { validation_rules: { regular_expressions: this.passwordRules(org) } })
        : await this.totpRegistration(org, fields, handle)
    return proof ? [this.wire(proof, {}), main] : [main]
  }

  private async totpRegistration(org: Org, fields: Omit<ChallengeRecord, 'id' | 'createdAt' | 'expiresAt' | 'attempts' | 'status' | 'type'>, handle: Handle) {
    const secret = newTotpSecret()
    const recoveryCodes = newRecoveryCodes()
    const uri = keyURI(secret, org.name, handle.value)
    const challenge = this.newChallenge({ ...fields, type: 'totp_register', totpSecret: secret, recoveryCodes })
    return this.wire(challenge, { key_uri: uri, qr_code_data_b64: await qrCodePngBase64(uri), recovery_codes: recoveryCodes })
  }

  /** A one-time code to an e-mail address or phone number, as proof of the handle before another challenge. */
  private sendProofCode(org: Org, base: Omit<ChallengeRecord, 'id' | 'createdAt' | 'expiresAt' | 'attempts' | 'status' | 'type'>, handle: Handle): ChallengeRecord {
    this.rateLimitSends(org, handle)
    const method: FactorMethod = handle.type === 'email_address' ? 'otp_via_email' : 'otp_via_sms'
    const proof = this.newChallenge({ ...base, method, type: 'otp', otp: randomDigits(6) })
    this.send(proof, { otp: proof.otp! })
    return proof
  }

  /** `factor.options.redirect_target`: people are sent there, so only to the site (an allowed origin). */
  private redirectTarget(factorOptions: Record<string, unknown>): string | undefined {
    const target = factorOptions.redirect_target
    if (target === undefined || target === null) return undefined
    if (typeof target === 'string' && this.origins.allowsRedirect(target)) return target
    throw new ApiError(400, 'malformed request body: factor.options.redirect_target must be an http(s) URL of the site (siteOrigins or a development origin)')
  }

  private passwordRules(org: Org): PasswordRule[] {
    return this.policy(org, 'passwordRules').map((rule) => ({ ...rule }))
  }

  private newChallenge(fields: Omit<ChallengeRecord, 'id' | 'createdAt' | 'expiresAt' | 'attempts' | 'status'>): ChallengeRecord {
    const org = this.org(fields.orgId)
    const now = this.now()
    const challenge: ChallengeRecord = {
      id: randomId('ch'),
      createdAt: now,
      expiresAt: now + this.policy(org, 'challengeTtlSeconds') * 1000,
      attempts: 0,
      status: 'open',
      ...fields,
    }
    this.challenges.set(challenge.id, challenge)
    return challenge
  }

  private wire(challenge: ChallengeRecord, options: Record<string, unknown>): Record<string, unknown> {
    return { id: challenge.id, type: challenge.type, authentication_method: challenge.method, options }
  }

  private lockoutKeys(orgId: string, personId?: string, handle?: Handle): string[] {
    return [...(personId ? [`${orgId}|person:${personId}`] : []), ...(handle ? [`${orgId}|handle:${handleKey(handle)}`] : [])]
  }

  /** A guess at a code or password: 429 while locked out, else counted as failed until `lockouts.succeeded`. */
  private countGuess(org: Org, keys: readonly string[]): void {
    this.lockouts.check(keys, this.now())
    this.lockouts.attempt(keys, this.now(), this.lockoutSettings(org))
  }

  private lockoutSettings(org: Org): LockoutSettings {
    return {
      failuresBeforeLockout: this.policy(org, 'failuresBeforeLockout'),
      lockoutSeconds: this.policy(org, 'lockoutSeconds'),
      maxLockoutSeconds: this.policy(org, 'maxLockoutSeconds'),
    }
  }

  private rateLimitSends(org: Org, handle: Handle): void {
    const now = this.now()
    const key = `${org.id}|${handleKey(handle)}`
    this.sends = this.sends.filter((s) => now - s.at < 60_000)
    const recent = this.sends.filter((s) => s.key === key)
    if (recent.length >= this.policy(org, 'maxSendsPerMinute')) {
      const seconds = Math.max(1, Math.ceil((recent[0]!.at + 60_000 - now) / 1000))
      throw new ApiError(429, 'too many requests: too many codes sent to this handle, try again in a minute', { 'Retry-After': String(seconds) })
    }
    this.sends.push({ key, at: now })
  }

  private send(challenge: ChallengeRecord, content: { otp?: string; link?: string }, handle = challenge.handle!): OutboxMessage {
    const message: OutboxMessage = {
      id: randomId('msg', 12),
      handle: { ...handle },
      method: challenge.method,
      challenge_id: challenge.id,
      created_at: isoSeconds(this.now()),
      org_id: challenge.orgId,
      purpose: challenge.purpose,
      ...content,
    }
    this.messages.push(message)
    return message
  }

  /** The link put in an e-mail/SMS for a proxy challenge (style per organization policy). */
  private async linkFor(org: Org, proxy: ChallengeRecord): Promise<string> {
    const style = this.policy(org, 'linkStyle')
    if (style === 'emulator') {
      proxy.linkSecret = randomToken()
      this.links.set(proxy.linkSecret, proxy.id)
      return `${this.baseURL}/link/${proxy.linkSecret}`
    }
    const landing = proxy.redirectTarget ?? org.policy.landingURL
    if (!landing) {
      proxy.linkSecret = randomToken()
      this.links.set(proxy.linkSecret, proxy.id)
      return `${this.baseURL}/link/${proxy.linkSecret}`
    }
    const nonce = this.newChallenge({
      orgId: proxy.orgId,
      method: proxy.method,
      purpose: proxy.purpose,
      type: 'nonce',
      nonce: randomToken(),
      proxyFor: proxy.id,
      ...(proxy.handle ? { handle: proxy.handle } : {}),
      ...(proxy.personId ? { personId: proxy.personId } : {}),
      ...(proxy.bearer ? { bearer: proxy.bearer } : {}),
    })
    const target = new URL(landing)
    if (style === 'pack') {
      const packId = randomId('cp')
      this.packs.set(packId, [nonce.id])
      target.searchParams.set('sidcp', packId)
    } else {
      target.searchParams.set('challenges', base64urlEncodeText(JSON.stringify([this.wire(nonce, { challenge: nonce.nonce })])))
    }
    return target.toString()
  }

  // -------------------------------------------------------------------------------------------
  // Challenges: attestation, polling, links

  private openChallenge(id: string): ChallengeRecord {
    const challenge = this.challenges.get(id)
    if (!challenge) throw new ApiError(404, 'challenge not found')
    return challenge
  }

  private async postAttestation(request: Request): Promise<Response> {
    const body = await readJsonObject(request)
    const id = requireString(body, 'challenge_id')
    const type = requireString(body, 'challenge_type')
    const data = requireObject(body, 'data')
    // Kept (in memory only) to recognise a retry of the same answer; no await before the claim.
    const answerKey = canonicalJson(data)
    const challenge = this.openChallenge(id)
    if (challenge.type !== type) throw new ApiError(400, `challenge_type '${type}' does not match challenge ${id} (a ${challenge.type} challenge)`)
    if (challenge.status === 'done') return ok({ token: await this.replayAnswer(challenge, answerKey) })
    // 403, not 401: the SDK answers a 401 on a code challenge by asking for the code again.
    if (this.now() >= challenge.expiresAt) throw new ApiError(403, 'authentication has expired')
    const org = this.org(challenge.orgId)
    this.checkProofGiven(challenge)
    if (challenge.attempts >= this.policy(org, 'maxAttempts')) {
      throw new ApiError(429, 'too many attempts for this challenge; start again')
    }
    // Every guess is counted before any await, so parallel guesses cannot get past the limits.
    const guess = () => void challenge.attempts++
    const lockoutKeys = this.lockoutKeys(org.id, challenge.personId, challenge.handle)
    const guessSecret = () => {
      this.countGuess(org, lockoutKeys)
      guess()
    }
    const wrong: (status: number, message: string) => never = (status, message) => {
      throw new ApiError(status, message)
    }

    let token: string
    switch (challenge.type) {
      case 'otp': {
        const otp = requireString(data, 'otp', 'data')
        guessSecret()
        if (!safeEqual(otp.trim(), challenge.otp!)) wrong(401, 'incorrect one-time code')
        token = await this.finish(challenge, undefined, undefined, answerKey)
        break
      }
      case 'nonce': {
        const nonce = requireString(data, 'challenge', 'data')
        guess()
        if (!safeEqual(nonce, challenge.nonce!)) wrong(401, 'incorrect challenge')
        const proxy = challenge.proxyFor ? this.challenges.get(challenge.proxyFor) : undefined
        if (proxy && proxy.status === 'done') throw new ApiError(409, 'challenge has already been answered')
        token = await this.finish(challenge, proxy, undefined, answerKey)
        break
      }
      case 'password_set': {
        token = await this.finishWithNewPassword(challenge, org, requireString(data, 'password', 'data'), answerKey)
        break
      }
      case 'password_verify': {
        const password = requireString(data, 'password', 'data')
        guessSecret()
        const person = this.person(org.id, challenge.personId ?? '')
        if (!person?.passwordHash || !(await (await this.hasher()).verify(password, person.passwordHash))) wrong(401, 'incorrect handle or password')
        token = await this.finish(challenge, undefined, undefined, answerKey)
        break
      }
      case 'password_reset': {
        const password = requireString(data, 'password', 'data')
        token = await this.finishWithNewPassword(challenge, org, password, answerKey)
        break
      }
      case 'totp_register': {
        const otp = requireString(data, 'otp', 'data')
        guessSecret()
        const step = await verifyTotp(challenge.totpSecret!, otp.trim(), this.now() / 1000)
        if (step === undefined) wrong(401, 'incorrect authenticator code')
        const enrol = (person: Person) => {
          person.totp = { secret: challenge.totpSecret!, recoveryCodes: [...challenge.recoveryCodes!], lastStep: step! }
        }
        token = await this.finish(challenge, undefined, enrol, answerKey)
        break
      }
      case 'totp_verify': {
        const raw = typeof data.recovery_code === 'string' ? data.recovery_code : requireString(data, 'otp', 'data')
        const code = raw.trim()
        guessSecret()
        const person = this.person(org.id, challenge.personId ?? '')
        if (!person?.totp) throw new ApiError(403, 'authentication has expired')
        const totp = person.totp
        const step = await verifyTotp(totp.secret, code, this.now() / 1000, totp.lastStep)
        // Re-checked after the await: a parallel answer may have used this step meanwhile.
        if (step !== undefined && (totp.lastStep === undefined || step > totp.lastStep)) {
          totp.lastStep = step
        } else {
          const index = totp.recoveryCodes.findIndex((c) => safeEqual(c.toLowerCase(), code.toLowerCase()))
          if (index < 0) wrong(401, 'incorrect authenticator code')
          totp.recoveryCodes.splice(index, 1)
        }
        token = await this.finish(challenge, undefined, undefined, answerKey)
        break
      }
      default:
        throw new ApiError(400, `a ${challenge.type} challenge is not answered with an attestation`)
    }
    this.lockouts.succeeded(lockoutKeys)
    return ok({ token })
  }

  /** A challenge that needs proof of the handle first (a link or a code) is refused until that is answered. */
  private checkProofGiven(challenge: ChallengeRecord): void {
    if (!challenge.requires) return
    const proof = this.challenges.get(challenge.requires)
    if (proof && proof.status === 'done' && !proof.error) return
    const how = proof?.type === 'otp' ? 'enter the code that was sent first' : 'follow the link that was sent first'
    throw new ApiError(401, `handle not verified yet: ${how}`)
  }

  /** password_set and password_reset: the new password must pass the organization's rules; its hash is stored on success. */
  private async finishWithNewPassword(challenge: ChallengeRecord, org: Org, password: string, answerKey: string): Promise<string> {
    this.checkNewPassword(org, password)
    const hash = await (await this.hasher()).hash(password)
    const enrol = (person: Person) => {
      person.passwordHash = hash
    }
    return this.finish(challenge, undefined, enrol, answerKey)
  }

  private checkNewPassword(org: Org, password: string): void {
    const failures = checkPassword(password, this.policy(org, 'passwordRules'))
    if (failures.length > 0) throw new ApiError(400, `invalid password: ${failures.map((f) => f.name).join(', ')}`)
  }

  /**
   * Marks a challenge (and the proxy it stands for) done and returns the token. A policy error
   * (e.g. approval required) is recorded on the proxy so that polling reports it too.
   */
  private finish(challenge: ChallengeRecord, proxy?: ChallengeRecord, setup?: (person: Person) => Promise<void> | void, answerKey?: string): Promise<string> {
    const target = proxy ?? challenge
    // Claimed synchronously: of two parallel correct answers only one mints a token.
    if (challenge.status === 'done' || target.status === 'done') return Promise.reject(new ApiError(409, 'challenge has already been answered'))
    challenge.status = 'done'
    target.status = 'done'
    const token = this.complete(challenge, target, setup)
    if (answerKey !== undefined) challenge.answer = { key: answerKey, at: this.now(), token }
    return token
  }

  private async complete(challenge: ChallengeRecord, target: ChallengeRecord, setup?: (person: Person) => Promise<void> | void): Promise<string> {
    try {
      const token = await this.completeSignIn(target, setup)
      target.token = token
      return token
    } catch (error) {
      delete challenge.answer
      if (error instanceof ApiError) {
        target.error = { status: error.status, message: error.message }
      } else {
        challenge.status = 'open'
        target.status = 'open'
      }
      throw error
    }
  }

  /**
   * An answered challenge asked again: the same data within ATTESTATION_RETRY_WINDOW_MS gets the
   * same token (its first answer may have been lost on the way back); anything else is a 409.
   */
  private replayAnswer(challenge: ChallengeRecord, answerKey: string): Promise<string> {
    const answer = challenge.answer
    if (answer && safeEqual(answer.key, answerKey) && this.now() - answer.at < ATTESTATION_RETRY_WINDOW_MS) return answer.token
    throw new ApiError(409, 'challenge has already been answered')
  }

  private getChallenge(id: string): Response {
    const challenge = this.openChallenge(id)
    if (challenge.error) return fail(challenge.error.status, challenge.error.message)
    if (challenge.status === 'done' && challenge.token) {
      if (this.now() >= challenge.expiresAt) return fail(403, 'authentication has expired')
      return ok(challenge.token)
    }
    if (this.now() >= challenge.expiresAt) return fail(403, 'authentication has expired')
    return json({ errors: [{ httpcode: 202, message: 'challenge not completed yet' }] }, 202)
  }

  private getChallengePack(id: string): Response {
    const ids = this.packs.get(id)
    if (!ids) throw new ApiError(404, 'challenge pack not found')
    const list = ids.map((cid) => this.challenges.get(cid)!).filter((c) => c.status === 'open')
    if (list.some((c) => this.now() >= c.expiresAt) || list.length === 0) throw new ApiError(403, 'authentication has expired')
    return ok(list.map((c) => this.wire(c, { challenge: c.nonce })))
  }

  /** A link from an e-mail/SMS: following it completes the proxy challenge. */
  private async followLink(secret: string): Promise<Response> {
    const proxyId = this.links.get(secret)
    const proxy = proxyId ? this.challenges.get(proxyId) : undefined
    if (!proxy || !proxy.linkSecret) return html(linkResultPage('This link is not valid.', 'Request a new one from the sign-in form.'), 404)
    if (proxy.status === 'done') return html(linkResultPage('This link has already been used.', 'Each link works once.'), 410)
    if (this.now() >= proxy.expiresAt) return html(linkResultPage('This link has expired.', 'Request a new one from the sign-in form.'), 410)
    try {
      await this.finish(proxy)
    } catch (error) {
      if (error instanceof ApiError) return html(linkResultPage('Sign-in could not be completed.', error.message), error.status)
      throw error
    }
    const purpose = proxy.purpose === 'password_reset' ? 'Your address is confirmed; choose a new password in the original window.' : 'You are now authenticated! You can now close this page.'
    return html(linkResultPage('Done.', purpose, proxy.redirectTarget))
  }

  // -------------------------------------------------------------------------------------------
  // Recovery, org switching, anonymous persons

  private async postRecover(request: Request): Promise<Response> {
    const body = await readJsonObject(request)
    const org = this.orgFromHeader(request)
    const handle = parseHandle(body.handle)
    const factor = optionalObject(body, 'factor')
    const method = factor ? requireString(factor, 'method', 'factor') : 'password'
    if (method !== 'password') throw new ApiError(400, `recovery is only available for the password factor, got '${method}'`)
    if (handle.type === 'username') throw new ApiError(400, 'username is not a reachable handle type')
    const person = this.findPerson(org.id, handle)
    if (!person) throw new ApiError(404, 'person not found')
    this.checkActive(person)
    if (!person.passwordHash) throw new ApiError(403, 'no password set')
    this.rateLimitSends(org, handle)
    const linkMethod: FactorMethod = handle.type === 'email_address' ? 'email_link' : 'sms_link'
    const common = { orgId: org.id, purpose: 'password_reset' as const, handle, personId: person.id }
    const proxy = this.newChallenge({ ...common, type: 'proxy', method: linkMethod })
    this.send(proxy, { link: await this.linkFor(org, proxy) })
    const reset = this.newChallenge({ ...common, type: 'password_reset', method: 'password', requires: proxy.id })
    return ok([this.wire(proxy, { challenge_id: proxy.id }), this.wire(reset, { validation_rules: { regular_expressions: this.passwordRules(org) } })])
  }

  private async switchOrganization(request: Request, version: 'v1' | 'v2'): Promise<Response> {
    if (request.method === 'POST') await readJsonObject(request, { optional: true })
    const bearer = (await this.bearer(request, { required: true }))!
    const target = this.orgFromHeader(request)
    const current = this.person(bearer.oid, bearer.person_id)!
    if (bearer.person_type === 'anonymous') throw new ApiError(403, 'anonymous persons cannot switch organization; sign in first')
    // The same human in the target organization: same person id, or a handle proven on both sides.
    let person = this.person(target.id, current.id) ?? this.provenHandles(current).map((h) => this.findPerson(target.id, h)).find(Boolean)
    if (!person && current.handles.some((h) => this.findPerson(target.id, h))) throw new ApiError(409, 'person exists')
    if (person) this.checkActive(person)
    const handle = person?.handles[0] ?? current.handles[0]
    if (target.policy.switchFactor && target.id !== bearer.oid) {
      const bearerForTarget = person ? undefined : bearer
      const challenges = await this.startFlow(target, target.policy.switchFactor, handle, bearerForTarget, {}, 'sign_in')
      if (version === 'v1') throw new ApiError(403, `organization '${target.id}' requires ${target.policy.switchFactor} authentication; use POST /token/v2`)
      return ok({ type: 'challenge_list', challenges })
    }
    if (!person) {
      this.checkRegistration(target, handle)
      person = this.createPerson(target, [], 'regular', current.id)
      for (const h of current.handles) this.addHandle(person, h, !current.unproven.has(handleKey(h)))
      if (this.policy(target, 'approvalRequired')) person.active = false
      this.checkActive(person)
    }
    const token = await this.mintFor(person, bearer.authentications ?? [], { prev_token_id: bearer.jti! })
    return version === 'v2' ? ok({ type: 'token', token }) : ok(token)
  }

  private async createAnonymous(request: Request): Promise<Response> {
    const body = await readJsonObject(request, { optional: true })
    const org = this.orgFromHeader(request)
    if (!this.policy(org, 'anonymousUsers')) throw new ApiError(403, 'anonymous users are not allowed for this organization')
    const person = this.createPerson(org, [], 'anonymous')
    const region = optionalString(body, 'region')
    if (region) person.region = region
    const token = await this.mintFor(person, [])
    return ok(token, 201)
  }

  private async analytics(request: Request): Promise<Response> {
    const body = await readJsonObject(request, { optional: true })
    this.events.push(body)
    if (this.events.length > 1000) this.events.shift()
    return json({}, 201)
  }

  // -------------------------------------------------------------------------------------------
  // User object extras: /me, /me/orgs, attributes, consent

  private async currentPerson(request: Request): Promise<Person> {
    const claims = (await this.bearer(request, { required: true }))!
    return this.person(claims.oid, claims.person_id)!
  }

  private async me(request: Request): Promise<Response> {
    const person = await this.currentPerson(request)
    return ok(this.personShape(person))
  }

  private personShape(person: Person) {
    return {
      active: person.active,
      person_id: person.id,
      person_type: person.type,
      region: person.region,
      handles: person.handles,
      groups: person.groups,
      attributes: person.attributes,
    }
  }

  private async meOrgs(request: Request): Promise<Response> {
    const person = await this.currentPerson(request)
    const orgIds = new Set<string>()
    for (const p of this.people.values()) {
      if (p.id === person.id || this.provenHandles(p).some((h) => this.provenHandles(person).some((o) => sameHandle(h, o)))) orgIds.add(p.orgId)
    }
    return ok([...orgIds].map((id) => this.orgShape(this.orgs.get(id)!)))
  }

  private orgShape(org: Org) {
    return { id: org.id, org_name: org.name, tenant_name: org.tenantName ?? org.name, ...(org.parentId ? { parent_id: org.parentId } : {}) }
  }

  private async attributes(request: Request, method: string, bucket: string | undefined): Promise<Response> {
    const person = await this.currentPerson(request)
    if (bucket !== undefined && !ATTRIBUTE_BUCKETS.includes(bucket)) throw new ApiError(404, `unknown attribute bucket '${bucket}' (known: ${ATTRIBUTE_BUCKETS.join(', ')})`)
    const name = bucket ?? 'end_user_read_write'
    const readable = (b: string) => !b.endsWith('no_access')
    const writable = (b: string) => b.endsWith('read_write')
    if (method === 'GET') {
      if (bucket) {
        if (!readable(bucket)) throw new ApiError(403, `attribute bucket '${bucket}' is not accessible to end users`)
        return ok(person.attributes[bucket] ?? {})
      }
      const visible: Record<string, unknown> = {}
      for (const [b, values] of Object.entries(person.attributes)) if (readable(b)) visible[b] = values
      return ok(visible)
    }
    if (!['PUT', 'PATCH', 'DELETE'].includes(method)) throw new ApiError(405, `method ${method} not allowed on attributes`)
    if (!writable(name)) throw new ApiError(403, `attribute bucket '${name}' is read-only for end users`)
    if (method === 'DELETE') {
      const url = new URL(request.url)
      const keys = url.searchParams.getAll('attributes')
      if (keys.length === 0) delete person.attributes[name]
      else for (const key of keys) delete person.attributes[name]?.[key]
      return new Response(null, { status: 204 })
    }
    const body = await readJsonObject(request)
    if (bucket === undefined) {
      // PUT/PATCH /attributes takes { bucket: { key: value } }.
      for (const [b, values] of Object.entries(body)) {
        if (!ATTRIBUTE_BUCKETS.includes(b) || !writable(b)) throw new ApiError(403, `attribute bucket '${b}' is not writable by end users`)
        if (values === null || typeof values !== 'object' || Array.isArray(values)) throw new ApiError(400, `malformed request body: ${b} must be an object`)
        person.attributes[b] = { ...(method === 'PATCH' ? person.attributes[b] : {}), ...(values as Record<string, unknown>) }
      }
    } else {
      person.attributes[name] = { ...(method === 'PATCH' ? person.attributes[name] : {}), ...body }
    }
    return new Response(null, { status: 204 })
  }

  private async consent(request: Request, method: string): Promise<Response> {
    const person = await this.currentPerson(request)
    if (method === 'GET') return ok({ consents: person.consents })
    if (method === 'DELETE') {
      person.consents = []
      return new Response(null, { status: 204 })
    }
    if (method !== 'POST' && method !== 'PUT') throw new ApiError(405, `method ${method} not allowed on /consent/gdpr`)
    const body = await readJsonObject(request)
    const levels = body.consent_levels
    if (!Array.isArray(levels) || !levels.every((l) => typeof l === 'string')) {
      throw new ApiError(400, 'malformed request body: consent_levels must be a list of strings')
    }
    const at = isoSeconds(this.now())
    const fresh = (levels as string[]).map((consent_level) => ({ consent_level, created_at: at }))
    person.consents = method === 'PUT' ? fresh : [...person.consents.filter((c) => !levels.includes(c.consent_level)), ...fresh]
    return ok({ consents: person.consents })
  }

  // -------------------------------------------------------------------------------------------
  // External IdP simulation (oidc/saml factors): a page where the "IdP user" picks an e-mail.

  private async idpLogin(request: Request, method: string, secret: string): Promise<Response> {
    const proxyId = this.links.get(secret)
    const proxy = proxyId ? this.challenges.get(proxyId) : undefined
    if (!proxy) return html(linkResultPage('Unknown sign-in request.', 'Start again from the sign-in form.'), 404)
    if (proxy.status === 'done') return html(linkResultPage('This sign-in request was already used.', ''), 410)
    if (this.now() >= proxy.expiresAt) return html(linkResultPage('This sign-in request has expired.', ''), 410)
    let fields = new URL(request.url).searchParams
    if (method === 'POST') fields = await readForm(request)
    else if (method !== 'GET') throw new ApiError(405, `method ${method} not allowed`)
    // Checked again after the await: a parallel answer may have completed it meanwhile.
    if (proxy.status !== 'open') return html(linkResultPage('This sign-in request was already used.', ''), 410)
    const email = fields.get('email')
    if (!email) return html(idpPage(proxy.method))
    const handle: Handle = { type: 'email_address', value: normalizeHandleValue('email_address', email) }
    try {
      checkHandleFormat(handle)
      const org = this.org(proxy.orgId)
      const existing = this.findPerson(org.id, handle)
      if (existing && proxy.personId && existing.id !== proxy.personId) throw new ApiError(409, 'person exists')
      if (existing || proxy.personId) {
        const page = this.idpCodeStep(org, proxy, handle, fields.get('otp'))
        if (page) return page
      } else {
        this.checkRegistration(org, handle)
      }
      if (existing) proxy.personId = existing.id
      proxy.handle = handle
      await this.finish(proxy)
    } catch (error) {
      if (error instanceof ApiError) return html(linkResultPage('Sign-in could not be completed.', error.message), error.status, error.headers)
      throw error
    }
    return html(linkResultPage('Signed in with the identity provider.', 'You can now close this page.', proxy.redirectTarget))
  }

  /**
   * The simulated IdP vouches for an existing person (or a step-up) only after the code it sends
   * to the address; anyone could type an address. Answers the page to show, or undefined once the
   * code is right.
   */
  private idpCodeStep(org: Org, proxy: ChallengeRecord, handle: Handle, code: string | null): Response | undefined {
    const sent = proxy.idpCode
    if (!code || !sent || !sameHandle(sent.handle, handle)) {
      this.rateLimitSends(org, handle)
      proxy.idpCode = { handle, otp: randomDigits(6) }
      this.send(proxy, { otp: proxy.idpCode.otp }, handle)
      return html(idpPage(proxy.method, { email: handle.value }))
    }
    if (proxy.attempts >= this.policy(org, 'maxAttempts')) throw new ApiError(429, 'too many attempts for this sign-in request; start again')
    const keys = this.lockoutKeys(org.id, this.findPerson(org.id, handle)?.id, handle)
    this.countGuess(org, keys)
    if (!safeEqual(code.trim(), sent.otp)) {
      proxy.attempts++
      return html(idpPage(proxy.method, { email: handle.value, error: 'Please enter a valid code' }), 401)
    }
    this.lockouts.succeeded(keys)
    proxy.idpCodeVerified = true
    return undefined
  }

  // -------------------------------------------------------------------------------------------
  // Hosted login (OAuth 2.0 authorization code with PKCE S256)

  private openidConfiguration() {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.baseURL}/oauth2/authorize`,
      token_endpoint: `${this.baseURL}/oauth2/tokens`,
      jwks_uri: `${this.baseURL}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
      subject_types_supported: ['public'],
      scopes_supported: ['openid'],
      token_endpoint_auth_methods_supported: ['none'],
    }
  }

  private oauthClient(clientId: string): { org: Org; redirectUris?: string[] } {
    const client = this.fixture.oauthClients?.find((c) => c.clientId === clientId)
    if (client) return { org: this.org(client.org), ...(client.redirectUris ? { redirectUris: client.redirectUris } : {}) }
    if ((this.fixture.oauthClients?.length ?? 0) > 0) throw new ApiError(400, `unknown client_id '${clientId}'`)
    return { org: this.org(clientId) } // open mode: the client id names the organization
  }

  private async oauthAuthorize(request: Request, method: string, url: URL): Promise<Response> {
    if (method === 'GET') {
      const q = url.searchParams
      const problem = (text: string) => html(hostedLoginPage({ error: text }), 400)
      const clientId = q.get('client_id')
      const redirectUri = q.get('redirect_uri')
      if (!clientId) return problem('client_id is required.')
      if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return problem('redirect_uri must be an absolute http(s) URL.')
      let client: { org: Org; redirectUris?: string[] }
      try {
        client = this.oauthClient(clientId)
      } catch (error) {
        if (error instanceof ApiError) return problem(error.message)
        throw error
      }
      // Registered URIs when the client lists them; otherwise the site's own origins only.
      const registered = client.redirectUris ? client.redirectUris.includes(redirectUri) : this.origins.allowsRedirect(redirectUri)
      if (!registered) return problem('redirect_uri is not registered for this client.')
      // From here on errors go back to the client (RFC 6749 §4.1.2.1).
      const back = (error: string, description: string) => {
        const target = new URL(redirectUri)
        target.searchParams.set('error', error)
        target.searchParams.set('error_description', description)
        if (q.get('state')) target.searchParams.set('state', q.get('state')!)
        return new Response(null, { status: 302, headers: { Location: target.toString() } })
      }
      if (q.get('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be code')
      const challenge = q.get('code_challenge')
      if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return back('invalid_request', 'code_challenge (S256, base64url of 32 bytes) is required')
      if ((q.get('code_challenge_method') ?? 'S256') !== 'S256') return back('invalid_request', 'only code_challenge_method=S256 is supported')
      const login: HostedLogin = {
        id: randomToken(),
        clientId,
        orgId: client.org.id,
        redirectUri,
        state: q.get('state') ?? '',
        codeChallenge: challenge,
        attempts: 0,
        expiresAt: this.now() + this.policy(client.org, 'challengeTtlSeconds') * 1000,
      }
      this.hostedLogins.set(login.id, login)
      const hint = q.get('login_hint')
      return html(hostedLoginPage({ loginId: login.id, orgName: client.org.name, ...(hint ? { email: hint } : {}) }))
    }
    if (method !== 'POST') throw new ApiError(405, `method ${method} not allowed on /oauth2/authorize`)
    const form = await readForm(request)
    const login = this.hostedLogins.get(form.get('login_id') ?? '')
    if (!login || this.now() >= login.expiresAt) return html(hostedLoginPage({ error: 'This sign-in has expired. Start again from the site.' }), 400)
    const org = this.org(login.orgId)
    const email = form.get('email')
    const code = form.get('otp')
    if (email && !code) {
      const handle: Handle = { type: 'email_address', value: normalizeHandleValue('email_address', email) }
      try {
        checkHandleFormat(handle)
        const person = this.findPerson(org.id, handle)
        if (person) this.checkActive(person)
        else this.checkRegistration(org, handle)
        this.rateLimitSends(org, handle)
      } catch (error) {
        if (error instanceof ApiError) return html(hostedLoginPage({ loginId: login.id, orgName: org.name, error: error.message }), error.status)
        throw error
      }
      login.handle = handle
      login.otp = randomDigits(6)
      login.attempts = 0
      this.messages.push({
        id: randomId('msg', 12),
        handle,
        method: 'otp_via_email',
        challenge_id: login.id,
        created_at: isoSeconds(this.now()),
        org_id: org.id,
        purpose: 'hosted_login',
        otp: login.otp,
      })
      return html(hostedLoginPage({ loginId: login.id, orgName: org.name, email: handle.value, askCode: true }))
    }
    if (!login.handle || !login.otp || !code) return html(hostedLoginPage({ loginId: login.id, orgName: org.name, error: 'Enter your e-mail address first.' }), 400)
    if (login.attempts >= this.policy(org, 'maxAttempts')) {
      this.hostedLogins.delete(login.id)
      return html(hostedLoginPage({ error: 'Too many attempts. Start again from the site.' }), 429)
    }
    const keys = this.lockoutKeys(org.id, this.findPerson(org.id, login.handle)?.id, login.handle)
    try {
      this.countGuess(org, keys)
    } catch (error) {
      if (error instanceof ApiError) return html(hostedLoginPage({ error: error.message }), error.status, error.headers)
      throw error
    }
    if (!safeEqual(code.trim(), login.otp)) {
      login.attempts++
      return html(hostedLoginPage({ loginId: login.id, orgName: org.name, email: login.handle.value, askCode: true, error: 'Please enter a valid code' }), 401)
    }
    this.lockouts.succeeded(keys)
    this.hostedLogins.delete(login.id)
    const existing = this.findPerson(org.id, login.handle)
    const challenge = this.newChallenge({ orgId: org.id, method: 'otp_via_email', purpose: 'hosted_login', type: 'otp', handle: login.handle, ...(existing ? { personId: existing.id } : {}) })
    let token: string
    try {
      token = await this.finish(challenge)
    } catch (error) {
      if (error instanceof ApiError) return html(hostedLoginPage({ error: error.message }), error.status)
      throw error
    }
    const authCode: AuthCode = {
      code: randomToken(),
      clientId: login.clientId,
      redirectUri: login.redirectUri,
      codeChallenge: login.codeChallenge,
      orgId: org.id,
      token,
      expiresAt: this.now() + 60_000,
      used: false,
    }
    this.authCodes.set(authCode.code, authCode)
    const target = new URL(login.redirectUri)
    target.searchParams.set('code', authCode.code)
    if (login.state) target.searchParams.set('state', login.state)
    return new Response(null, { status: 302, headers: { Location: target.toString() } })
  }

  private async oauthTokens(request: Request): Promise<Response> {
    const oauthError = (status: number, error: string, description: string) => json({ error, error_description: description }, status)
    const form = await readForm(request)
    if (form.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code')
    const code = form.get('code')
    const verifier = form.get('code_verifier')
    if (!code) return oauthError(400, 'invalid_request', 'code is required')
    if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
      return oauthError(400, 'invalid_request', 'code_verifier must be 43–128 characters of [A-Za-z0-9-._~]')
    }
    // Hashed first: from the lookup to `used = true` nothing awaits, so one code gives one token.
    const challenge = await sha256base64url(verifier)
    const record = this.authCodes.get(code)
    if (!record || this.now() >= record.expiresAt) return oauthError(400, 'invalid_grant', 'authorization code is invalid or expired')
    if (record.used) {
      // RFC 6749 §4.1.2: a reused code is refused and the tokens issued from it are revoked.
      await this.tokens.revoke(record.token)
      return oauthError(400, 'invalid_grant', 'authorization code has already been used')
    }
    if (form.get('client_id') !== record.clientId) return oauthError(400, 'invalid_grant', 'client_id does not match the authorization request')
    if (form.get('redirect_uri') !== record.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
    if (challenge !== record.codeChallenge) return oauthError(400, 'invalid_grant', 'code_verifier does not match code_challenge (S256)')
    record.used = true
    const org = this.org(record.orgId)
    return json({
      access_token: record.token,
      id_token: record.token,
      token_type: 'Bearer',
      expires_in: this.policy(org, 'tokenTtlSeconds'),
      refresh_token: randomToken(43),
      scope: 'openid',
    })
  }

  // -------------------------------------------------------------------------------------------
  // /__test/* control endpoints (notes/provider-wire.md §13, plus faults, clock, persons, orgs)

  private async testControl(request: Request, method: string, path: string, url: URL): Promise<Response> {
    const allow = (...methods: string[]) => {
      if (!methods.includes(method)) throw new ApiError(405, `method ${method} not allowed on ${path} (allowed: ${methods.join(', ')})`)
    }
    switch (path) {
      case '/__test/mailbox': {
        allow('GET', 'DELETE')
        if (method === 'DELETE') {
          this.messages = []
          return ok({ deleted: true })
        }
        const handle = url.searchParams.get('handle')
        let list = handle === null ? this.outbox() : this.outbox(handle)
        const challengeId = url.searchParams.get('challenge_id')
        if (challengeId) list = list.filter((m) => m.challenge_id === challengeId)
        return ok(list)
      }
      case '/__test/groups': {
        allow('POST')
        const body = await readJsonObject(request)
        const handle = parseHandle(body.handle)
        const groups = body.groups
        if (!Array.isArray(groups) || !groups.every((g) => typeof g === 'string')) throw new ApiError(400, 'malformed request body: groups must be a list of strings')
        const orgId = optionalString(body, 'org_id')
        this.setGroups(handle, groups as string[], orgId)
        return ok({ handle, groups, ...(orgId ? { org_id: orgId } : {}) })
      }
      case '/__test/reset': {
        allow('POST')
        await readJsonObject(request, { optional: true })
        await this.reset()
        return ok({ reset: true })
      }
      case '/__test/faults': {
        allow('GET', 'POST', 'DELETE')
        if (method === 'GET') return ok(this.faults())
        if (method === 'DELETE') {
          const id = url.searchParams.get('id')
          if (id) return this.removeFault(id) ? ok({ removed: id }) : fail(404, `no fault with id '${id}'`)
          this.clearFaults()
          return ok({ removed: 'all' })
        }
        const body = await readJsonObject(request)
        const problems = validateFault(body)
        if (problems.length > 0) throw new ApiError(400, `invalid fault rule: ${problems.join('; ')}`)
        return ok({ id: this.addFault(body as unknown as FaultRule) }, 201)
      }
      case '/__test/clock': {
        allow('GET', 'POST')
        if (method === 'POST') {
          const body = await readJsonObject(request)
          if (body.advance_ms !== undefined) {
            const step = body.advance_ms
            if (typeof step !== 'number' || !Number.isInteger(step) || Math.abs(step) > MAX_CLOCK_STEP_MS) {
              throw new ApiError(400, `malformed request body: advance_ms must be a number: whole milliseconds from ${-MAX_CLOCK_STEP_MS} to ${MAX_CLOCK_STEP_MS} (100 years)`)
            }
            if (!inClockRange(this.now() + step)) throw new ApiError(400, `malformed request body: advance_ms would move the clock ${step < 0 ? 'before 1970-01-01' : 'past 9999-12-31'}`)
            this.advanceClock(step)
          } else if (body.now_ms !== undefined || body.now !== undefined) {
            const target = typeof body.now_ms === 'number' ? body.now_ms : typeof body.now === 'string' ? Date.parse(body.now) : NaN
            if (!inClockRange(target)) throw new ApiError(400, 'malformed request body: now_ms must be a number or now an ISO date, from 1970-01-01 to 9999-12-31')
            // Answer with the instant asked for: a running clock may tick between setting and reading.
            this.clockOffset = target - this.clock.now()
            return ok({ now_ms: target, now: isoSeconds(target) })
          } else {
            throw new ApiError(400, 'malformed request body: give advance_ms, now_ms or now')
          }
        }
        const now = this.now()
        return ok({ now_ms: now, now: isoSeconds(now) })
      }
      case '/__test/persons': {
        allow('GET', 'POST')
        if (method === 'GET') {
          const handle = url.searchParams.get('handle')
          const wanted = handle === null ? undefined : normalizeMailboxQuery(handle)
          return ok(this.persons().filter((p) => wanted === undefined || p.handles.some((h) => h.value === wanted)))
        }
        const body = await readJsonObject(request)
        const problems = fixturePersonProblems(body)
        if (problems.length > 0) throw new ApiError(400, `invalid person: ${problems.join('; ')}`)
        const id = await this.addPerson(body as FixturePerson)
        return ok(this.persons().find((p) => p.person_id === id), 201)
      }
      case '/__test/persons/active': {
        allow('POST')
        const body = await readJsonObject(request)
        const personId = requireString(body, 'person_id')
        if (typeof body.active !== 'boolean') throw new ApiError(400, 'malformed request body: active must be true or false')
        if (!this.setPersonActive(personId, body.active)) throw new ApiError(404, `no person with id '${personId}'`)
        return ok({ person_id: personId, active: body.active })
      }
      case '/__test/organizations': {
        allow('GET', 'POST')
        if (method === 'GET') return ok([...this.orgs.values()].map((o) => ({ ...this.orgShape(o), policy: o.policy })))
        const body = await readJsonObject(request)
        const problems = fixtureOrganizationProblems(body)
        if (problems.length > 0) throw new ApiError(400, `invalid organization: ${problems.join('; ')}`)
        this.upsertOrganization(body as unknown as FixtureOrganization)
        return ok(this.orgShape(this.orgs.get(body.id as string)!), 201)
      }
      case '/__test/lockouts': {
        allow('GET', 'DELETE')
        if (method === 'GET') return ok(this.lockouts.list(this.now()))
        this.lockouts.clear()
        return ok({ cleared: true })
      }
      case '/__test/events': {
        allow('GET')
        return ok(this.analyticsEvents())
      }
      default:
        return fail(404, `not found: ${path} (test endpoints: mailbox, groups, reset, faults, clock, persons, persons/active, organizations, lockouts, events)`)
    }
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, `malformed URL: bad percent-encoding in '${segment.slice(0, 100)}'`)
  }
}

/** The outbox page runs only its own same-origin script and fetches only from this origin. */
const OUTBOX_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The sdk.html frame runs its own inline script and is framed by the sites, so no frame-ancestors. */
const SDK_FRAME_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'"

/** The largest step of `POST /__test/clock {advance_ms}`: 100 years. */
const MAX_CLOCK_STEP_MS = 100 * 365 * 24 * 3600 * 1000
const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** A time the emulator's clock may show: tokens and dates stay valid from 1970 to 9999. */
function inClockRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_CLOCK_MS
}

/** Challenges whose completion shows that the person controls the handle: a code or a link reached it. */
function provesHandle(challenge: ChallengeRecord): boolean {
  if (challenge.type === 'otp' || challenge.type === 'nonce' || challenge.idpCodeVerified) return true
  return challenge.type === 'proxy' && (challenge.method === 'email_link' || challenge.method === 'sms_link')
}

/** JSON with object keys sorted, so that equal data gives equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Mailbox queries: `+` in an unencoded query string arrives as a space; e-mail compares lower-case. */
function normalizeMailboxQuery(value: string): string {
  const trimmed = value.trim()
  if (/^\s\d/.test(value) && /^\d[\d\s\-().]*$/.test(trimmed)) return normalizeHandleValue('phone_number', `+${trimmed}`)
  if (trimmed.startsWith('+')) return normalizeHandleValue('phone_number', trimmed)
  if (trimmed.includes('@')) return trimmed.toLowerCase()
  return trimmed
}

function defaultStatusMessage(status: number): string {
  const texts: Record<number, string> = {
    400: 'bad request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not found',
    409: 'conflict',
    429: 'too many requests',
    500: 'internal server error',
    502: 'bad gateway',
    503: 'service unavailable',
    504: 'gateway timeout',
  }
  return texts[status] ?? `error ${status}`
}

