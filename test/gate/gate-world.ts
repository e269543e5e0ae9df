/**
 * Test worlds for the gate: the provider emulator mints real tokens and serves its JWKS and
 * /token/validate (every call counted), and the gate reads the private folder in
 * test/fixtures/gate-private through the Node store. `signerWorld` is a provider of the test's
 * own, for claims the emulator never mints (a groups text, no exp, a future nbf).
 */
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose'
import { fileURLToPath } from 'node:url'
import { createProviderEmulator, type ProviderEmulator } from '../../src/emulator/index.js'
import { createFolderStore, createGate, type Gate, type GateOptions, type PrivateStore } from '../../src/gate/index.js'
import { call, plainHasher, signInWithOtp } from '../emulator/helpers.js'

export const PROVIDER = 'http://127.0.0.1:8787'
export const SITE = 'http://site.test'
export const ORG = 'org-docs'
export const fixtureDir = fileURLToPath(new URL('../fixtures/gate-private/', import.meta.url))
/** Every private marker in the fixture: no refused answer may hold one. */
export const MARKERS = ['SECRET-OVERVIEW-BODY', 'SECRET-NOTICE-BODY', 'SECRET-CAFE-BODY', 'SECRET-DIAGRAM-BYTES', 'SECRET-MEMBERS-BODY', 'SECRET-VAULT-INDEX']

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: string
}

/** A gate request as the browser runtime makes it. */
export async function ask(gate: Gate, path: string, { token, method = 'GET', headers = {} }: { token?: string; method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const all: Record<string, string> = { ...headers }
  if (token !== undefined) all.Authorization = `Bearer ${token}`
  const response = await gate.fetch(new Request(`${SITE}${path}`, { method, headers: all }))
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** What the gate hands on to the public files in these tests. */
export const publicAnswer = async (request: Request) => new Response(`public: ${new URL(request.url).pathname}`, { status: 200 })

export function counted(fetch: (request: Request) => Promise<Response>) {
  const calls: string[] = []
  return {
    calls,
    count: (path: string) => calls.filter((called) => called === path).length,
    fetch: async (request: Request) => {
      calls.push(new URL(request.url).pathname)
      return fetch(request)
    },
  }
}

export async function emulatorWorld(options: Partial<GateOptions> = {}) {
  const provider = createProviderEmulator({ hasher: plainHasher, baseURL: PROVIDER })
  await provider.ready
  const provided = counted((request) => provider.fetch(request))
  const problems: string[] = []
  const gate = createGate({
    orgID: ORG,
    baseURL: PROVIDER,
    store: createFolderStore(fixtureDir),
    fetch: provided.fetch,
    now: () => provider.now(),
    next: publicAnswer,
    onProblem: (message) => problems.push(message),
    ...options,
  })
  const signIn = async (address: string, groups: string[] = [], org = ORG) => {
    if (groups.length > 0) provider.setGroups({ type: 'email_address', value: address }, groups, org)
    return signInWithOtp(provider, address, org)
  }
  const anonymous = async () => (await call(provider, 'POST', '/persons/anonymous', { org: ORG, body: {} })).body.result as string
  const revoke = async (token: string) => call(provider, 'POST', '/token/revoke', { body: { token }, token })
  return { provider, gate, calls: provided, problems, signIn, anonymous, revoke }
}

/** A provider of the test's own: its key signs whatever claims a test needs. */
export async function signerWorld(options: Partial<GateOptions> = {}) {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const kid = 'test-key'
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
  let now = Date.UTC(2026, 10, 22, 3, 0, 0)
  const revoked = new Set<string>()
  const provided = counted(async (request) => {
    const path = new URL(request.url).pathname
    if (path === '/.well-known/jwks.json') return Response.json({ keys: [jwk] })
    const { token } = (await request.json()) as { token: string }
    return Response.json({ result: { valid: !revoked.has(token) } })
  })
  const issuer = 'https://provider.test'
  const gate = createGate({ orgID: ORG, baseURL: issuer, store: createFolderStore(fixtureDir), fetch: provided.fetch, now: () => now, next: publicAnswer, ...options })
  const iat = () => Math.floor(now / 1000)
  /** Signs `claims` over sensible defaults (`undefined` removes a claim). */
  const sign = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => {
    const payload: JWTPayload = { iss: issuer, oid: ORG, person_id: 'pid_1', person_type: 'regular', groups: ['admins'], iat: iat(), exp: iat() + 3600, ...claims }
    for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key]
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header }).sign(privateKey)
  }
  return { gate, sign, revoked, calls: provided, jwk, advance: (ms: number) => (now += ms) }
}

export function folderStore(): PrivateStore {
  return createFolderStore(fixtureDir)
}
