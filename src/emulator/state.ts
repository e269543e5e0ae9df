/**
 * The emulator's state and the rules every route shares: organizations and their policies,
 * persons and their handles, challenges, messages, send limits, lockouts, faults and the clock.
 */
import { ApiError } from './http.js'
import { checkHandleFormat, handleKey, normalizeHandleValue, orgIdProblem, sameHandle } from './handles.js'
import { randomId } from './ids.js'
import { faultMatches, validateFault, type ActiveFault } from './faults.js'
import { fixtureObjectProblems } from './fixture.js'
import { Lockouts, type LockoutSettings } from './lockouts.js'
import { DEFAULT_POLICY, isoSeconds, type AuthCode, type ChallengeFields, type ChallengeRecord, type HostedLogin, type Org, type Person, type PersonView, type PolicyKey } from './model.js'
import { OriginPolicy } from './origins.js'
import { TokenService } from './tokens.js'
import type { Clock, EmulatorFixture, FaultRule, FixtureOrganization, FixturePerson, Handle, OutboxMessage, PasswordHasher, PasswordRule } from './types.js'

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


export class EmulatorState {
  readonly baseURL: string
  readonly issuer: string
  /** Resolves once keys are generated and fixture passwords hashed. */
  readonly ready: Promise<void>
  readonly basePath: string
  readonly testEndpoints: boolean
  readonly fixture: EmulatorFixture
  readonly tokens: TokenService
  readonly origins: OriginPolicy
  readonly unreachablePhones: Set<string>
  private readonly clock: Clock
  private readonly strictOrgs: boolean
  private clockOffset = 0
  private hasherPromise: Promise<PasswordHasher> | undefined

  readonly orgs = new Map<string, Org>()
  readonly people = new Map<string, Person>() // key: orgId/personId
  readonly challenges = new Map<string, ChallengeRecord>()
  readonly links = new Map<string, string>() // link secret → proxy id
  readonly packs = new Map<string, string[]>() // pack id → nonce challenge ids
  readonly groupsByHandle = new Map<string, string[]>() // `${org ?? '*'}|${handleKey}` → groups
  readonly authCodes = new Map<string, AuthCode>()
  readonly hostedLogins = new Map<string, HostedLogin>()
  readonly lockouts = new Lockouts()
  messages: OutboxMessage[] = []
  events: unknown[] = []
  private sends: { key: string; at: number }[] = []
  private activeFaults: ActiveFault[] = []

  constructor(options: ProviderEmulatorOptions = {}) {
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

  now(): number {
    return this.clock.now() + this.clockOffset
  }

  /** Sets the emulator's clock to `ms` (on top of the injected clock, which keeps running). */
  setNow(ms: number): void {
    this.clockOffset = ms - this.clock.now()
  }

  advanceClock(ms: number): void {
    this.clockOffset += ms
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

  matchFault(method: string, path: string): ActiveFault | undefined {
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

  sleep(ms: number): Promise<void> {
    if (this.clock.sleep) return this.clock.sleep(ms)
    return new Promise((resolve) => setTimeout(resolve, ms))
  }

  async loadFixtureState(): Promise<void> {
    for (const org of this.fixture.organizations ?? []) this.upsertOrganization(org)
    for (const person of this.fixture.persons ?? []) await this.addPerson(person)
    for (const fault of this.fixture.faults ?? []) this.addFault(fault)
  }

  hasher(): Promise<PasswordHasher> {
    this.hasherPromise ??= import('./scrypt-hasher.js').then((m) => m.scryptHasher)
    return this.hasherPromise
  }

  /** The organization `id`; in open mode (no organizations in the fixture) any non-empty id is created on first use. */
  org(id: string): Org {
    const existing = this.orgs.get(id)
    if (existing) return existing
    if (this.strictOrgs) throw new ApiError(404, `organization not found: '${id}'`)
    this.upsertOrganization({ id })
    return this.orgs.get(id)!
  }

  /**
   * The organization `id` as `org` would give it, without creating it: a GET that any page can
   * make (an image tag needs no Origin) must not add one organization per request.
   */
  orgPreview(id: string): Org {
    const existing = this.orgs.get(id)
    if (existing) return existing
    if (this.strictOrgs) throw new ApiError(404, `organization not found: '${id}'`)
    return { id, name: id, policy: { ...this.fixture.defaultPolicy } }
  }

  orgFromHeader(request: Request, fallback?: string): Org {
    const header = request.headers.get('slashid-orgid')?.trim()
    const id = header || fallback
    if (!id) throw new ApiError(400, 'missing SlashID-OrgID header (the organization id)')
    const problem = orgIdProblem(id)
    if (problem) throw new ApiError(400, problem)
    return this.org(id)
  }

  policy<K extends PolicyKey>(org: Org, key: K): (typeof DEFAULT_POLICY)[K] {
    return (org.policy[key] ?? DEFAULT_POLICY[key]) as (typeof DEFAULT_POLICY)[K]
  }

  findPerson(orgId: string, handle: Handle): Person | undefined {
    for (const person of this.people.values()) {
      if (person.orgId === orgId && person.handles.some((h) => sameHandle(h, handle))) return person
    }
    return undefined
  }

  person(orgId: string, personId: string): Person | undefined {
    return this.people.get(`${orgId}/${personId}`)
  }

  createPerson(org: Org, handles: Handle[], type: 'regular' | 'anonymous', id?: string): Person {
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
  addHandle(person: Person, handle: Handle, proven: boolean): void {
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
  proveHandle(person: Person, handle: Handle): void {
    if (person.unproven.has(handleKey(handle)) && person.handles.every((h) => person.unproven.has(handleKey(h)))) {
      delete person.passwordHash
      delete person.totp
    }
    this.addHandle(person, handle, true)
  }

  provenHandles(person: Person): Handle[] {
    return person.handles.filter((h) => h.type !== 'username' && !person.unproven.has(handleKey(h)))
  }

  /** Policy checks before a person may be created with `handle`. */
  checkRegistration(org: Org, handle: Handle | undefined): void {
    if (!this.policy(org, 'selfRegistration')) throw new ApiError(403, 'self-registration not allowed for this organization')
    const patterns = org.policy.allowedHandlePatterns
    if (handle && patterns && patterns.length > 0 && !patterns.some((p) => new RegExp(p, 'i').test(handle.value))) {
      throw new ApiError(403, 'person cannot be registered')
    }
  }

  checkActive(person: Person): void {
    if (person.active) return
    // Never signed in: still waiting for approval of the sign-up. Otherwise: deactivated later.
    if (person.tokensIssued === 0) throw new ApiError(403, 'person is not active')
    throw new ApiError(403, `Person ${person.id} is inactive`)
  }

  passwordRules(org: Org): PasswordRule[] {
    return this.policy(org, 'passwordRules').map((rule) => ({ ...rule }))
  }

  newChallenge(fields: ChallengeFields): ChallengeRecord {
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

  wire(challenge: ChallengeRecord, options: Record<string, unknown>): Record<string, unknown> {
    return { id: challenge.id, type: challenge.type, authentication_method: challenge.method, options }
  }

  openChallenge(id: string): ChallengeRecord {
    const challenge = this.challenges.get(id)
    if (!challenge) throw new ApiError(404, 'challenge not found')
    return challenge
  }

  lockoutKeys(orgId: string, personId?: string, handle?: Handle): string[] {
    return [...(personId ? [`${orgId}|person:${personId}`] : []), ...(handle ? [`${orgId}|handle:${handleKey(handle)}`] : [])]
  }

  /** A guess at a code or password: 429 while locked out, else counted as failed until `lockouts.succeeded`. */
  countGuess(org: Org, keys: readonly string[]): void {
    this.lockouts.check(keys, this.now())
    this.lockouts.attempt(keys, this.now(), this.lockoutSettings(org))
  }

  lockoutSettings(org: Org): LockoutSettings {
    return {
      failuresBeforeLockout: this.policy(org, 'failuresBeforeLockout'),
      lockoutSeconds: this.policy(org, 'lockoutSeconds'),
      maxLockoutSeconds: this.policy(org, 'maxLockoutSeconds'),
    }
  }

  rateLimitSends(org: Org, handle: Handle): void {
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

  send(challenge: ChallengeRecord, content: { otp?: string; link?: string }, handle = challenge.handle!): OutboxMessage {
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
}

/** Mailbox queries: `+` in an unencoded query string arrives as a space; e-mail compares lower-case. */
export function normalizeMailboxQuery(value: string): string {
  const trimmed = value.trim()
  if (/^\s\d/.test(value) && /^\d[\d\s\-().]*$/.test(trimmed)) return normalizeHandleValue('phone_number', `+${trimmed}`)
  if (trimmed.startsWith('+')) return normalizeHandleValue('phone_number', trimmed)
  if (trimmed.includes('@')) return trimmed.toLowerCase()
  return trimmed
}
