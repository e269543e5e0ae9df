/**
 * The identity-provider emulator: a `(Request) => Promise<Response>` that speaks the wire
 * provider's wire protocol (SlashID-compatible) well enough for the real client SDK.
 * Web APIs only (plus jose, otplib, qrcode, yaml); the scrypt hasher is loaded lazily.
 *
 * This file is the entry point: who may call (Host, Origin), faults, errors and CORS. The state
 * is state.ts, the route table router.ts, the endpoints routes/*.ts.
 */
import { ApiError, corsHeaders, fail, preflight, withHeaders } from './http.js'
import type { ActiveFault } from './faults.js'
import type { PersonView } from './model.js'
import { route } from './router.js'
import { EmulatorState, type ProviderEmulatorOptions } from './state.js'
import type { FaultRule, FixtureOrganization, FixturePerson, Handle, OutboxMessage } from './types.js'

export type { PersonView } from './model.js'
export type { ProviderEmulatorOptions } from './state.js'
export { ATTESTATION_RETRY_WINDOW_MS } from './sign-in.js'

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

export function createProviderEmulator(options: ProviderEmulatorOptions = {}): ProviderEmulator {
  return new Provider(new EmulatorState(options))
}

class Provider implements ProviderEmulator {
  readonly baseURL: string
  readonly issuer: string
  readonly ready: Promise<void>

  constructor(private readonly s: EmulatorState) {
    this.baseURL = s.baseURL
    this.issuer = s.issuer
    this.ready = s.ready
  }

  now = () => this.s.now()
  advanceClock = (ms: number) => this.s.advanceClock(ms)
  outbox = (handleValue?: string) => this.s.outbox(handleValue)
  lastMessage = (handleValue: string) => this.s.lastMessage(handleValue)
  addFault = (rule: FaultRule) => this.s.addFault(rule)
  removeFault = (id: string) => this.s.removeFault(id)
  clearFaults = () => this.s.clearFaults()
  faults = (): ActiveFault[] => this.s.faults()
  reset = () => this.s.reset()
  setGroups = (handle: Handle, groups: string[], orgId?: string) => this.s.setGroups(handle, groups, orgId)
  upsertOrganization = (org: FixtureOrganization) => this.s.upsertOrganization(org)
  addPerson = (person: FixturePerson) => this.s.addPerson(person)
  setPersonActive = (personId: string, active: boolean) => this.s.setPersonActive(personId, active)
  persons = (): PersonView[] => this.s.persons()
  analyticsEvents = (): unknown[] => [...this.s.events]

  async jwks() {
    await this.s.ready
    return this.s.tokens.jwks as { keys: Record<string, unknown>[] }
  }

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
    if (this.s.basePath && (path === this.s.basePath || path.startsWith(`${this.s.basePath}/`))) path = path.slice(this.s.basePath.length) || '/'
    const method = request.method.toUpperCase()
    if (method === 'OPTIONS') return preflight(request)

    if (!path.startsWith('/__test/')) {
      const fault = this.s.matchFault(method, path)
      if (fault) {
        if (fault.delayMs) await this.s.sleep(fault.delayMs)
        if (fault.drop) throw new TypeError(`network error: connection dropped by fault rule ${fault.id} (${fault.path})`)
        if (fault.status !== undefined) {
          return withHeaders(fail(fault.status, fault.message ?? defaultStatusMessage(fault.status)), corsHeaders(request))
        }
      }
    }

    let response: Response
    try {
      await this.s.ready
      response = await route(this.s, request, method, path, url)
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
    if (!this.s.origins.allowsHost(url.host)) {
      return fail(403, `host '${url.host}' is not this emulator: use ${this.s.baseURL} (or list the host in the fixture's allowedHosts)`)
    }
    const origin = request.headers.get('origin')
    if (origin === null || origin === url.origin || this.s.origins.allowsOrigin(origin)) return undefined
    return fail(403, `origin '${origin}' may not call the emulator: list it in the fixture's siteOrigins (or docsgen provider --site-origin ${origin})`)
  }
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
