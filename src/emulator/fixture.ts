/**
 * Fixture files (YAML or JSON — JSON is read by the same YAML 1.2 parser): organizations,
 * persons, faults and the rest of `EmulatorFixture`, read with the reading kit
 * (src/shared/read-value.ts). Keys may be camelCase or snake_case. Every error names the file,
 * line and column: `fixture.yaml:12:5: persons[0].email: …`.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml'
import { formatReadProblem, problemLines, ValueReader, type ValueAt } from '../shared/read-value.js'
import { yamlLocator } from '../shared/yaml-locator.js'
import { readFault } from './faults.js'
import { handleFormatProblem, normalizeHandleValue, orgIdProblem } from './handles.js'
import { HOST, httpOrigin } from './origins.js'
import { compileRule } from './password-rules.js'
import { FACTOR_METHODS, type EmulatorFixture, type HandleType } from './types.js'

export class FixtureError extends Error {
  constructor(
    message: string,
    readonly fileName: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line !== undefined ? `${fileName}:${line}:${column ?? 1}: ${message}` : `${fileName}: ${message}`)
    this.name = 'FixtureError'
  }
}

/** Alias expansions allowed while reading a fixture (the yaml package's own default). */
const MAX_ALIAS_COUNT = 100

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** Parses and checks a fixture; throws FixtureError (file:line:col) on the first problem. */
export function loadFixture(text: string, fileName: string): EmulatorFixture {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  const first = doc.errors[0]
  if (first) throw fixtureError(first.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, ''), fileName, at(first.pos[0]))
  const tag = doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED')
  if (tag) {
    const name = /tag:yaml\.org,2002:(\S+)/.exec(tag.message)?.[1]
    throw fixtureError(`unknown ${name ? `YAML tag !!${name}` : 'YAML tag'}: fixtures hold plain values only`, fileName, at(tag.pos[0]))
  }
  const value = normalizeKeys(toPlainValue(doc, fileName, at), [])
  const reader = new ValueReader(yamlLocator(doc, { isMap, isPair, isScalar, isSeq }, at, camel))
  readFixture(reader.root(value))
  const problem = reader.problems[0]
  if (problem) throw fixtureError(formatReadProblem(problem), fileName, problem.position)
  return value as EmulatorFixture
}

function fixtureError(message: string, fileName: string, position: { line: number; column: number } | undefined): FixtureError {
  return new FixtureError(message, fileName, position?.line, position?.column)
}

/** Anchors and aliases are allowed, but an alias bomb (exponential expansion) is a FixtureError, not a crash. */
function toPlainValue(doc: Document, fileName: string, at: (offset: number) => { line: number; column: number }): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {}
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error
    let offset = 0
    visit(doc, {
      Alias(_, node) {
        offset = node.range?.[0] ?? 0
        return visit.BREAK
      },
    })
    throw fixtureError(`too many YAML aliases (more than ${MAX_ALIAS_COUNT} alias expansions): a fixture never needs that many; write the values out`, fileName, at(offset))
  }
}

// Keys are rewritten to camelCase, except inside free-form maps (attributes).
function normalizeKeys(value: unknown, path: (string | number)[]): unknown {
  if (Array.isArray(value)) return value.map((item, i) => normalizeKeys(item, [...path, i]))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  const freeForm = path.at(-1) === 'attributes'
  for (const [key, item] of Object.entries(value)) out[freeForm ? key : camel(key)] = freeForm || path.at(-2) === 'attributes' ? item : normalizeKeys(item, [...path, key])
  return out
}

// ---------------------------------------------------------------------------------------------
// Readers (shared with the /__test/persons and /__test/organizations endpoints)

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string')

const FIXTURE_KEYS = ['organizations', 'persons', 'faults', 'unreachablePhoneNumbers', 'oauthClients', 'defaultPolicy', 'siteOrigins', 'allowedHosts']

/** Problems of a fixture given as an object (`path: message` strings); empty when it is fine. */
export function fixtureObjectProblems(fixture: unknown): string[] {
  return problemLines(readFixture, fixture)
}

function readFixture(root: ValueAt): void {
  if (!isObject(root.value)) return void root.fail('the fixture must be a map with organizations, persons, faults, …')
  root.mapping(FIXTURE_KEYS)
  const orgIds = new Set<string>()
  for (const org of root.get('organizations').list() ?? []) {
    readOrganization(org)
    const id = org.get('id').value
    if (typeof id !== 'string') continue
    if (orgIds.has(id)) org.get('id').fail(`duplicate organization id '${id}'`)
    orgIds.add(id)
  }
  for (const person of root.get('persons').list() ?? []) {
    readPerson(person)
    if (!isObject(person.value)) continue
    const org = person.get('org').value
    if (org === undefined && orgIds.size !== 1) person.fail('org is required unless the fixture lists exactly one organization')
    if (typeof org === 'string' && orgIds.size > 0 && !orgIds.has(org)) person.get('org').fail(`unknown organization '${org}' (listed: ${[...orgIds].join(', ')})`)
  }
  for (const fault of root.get('faults').list() ?? []) readFault(fault)
  for (const phone of root.get('unreachablePhoneNumbers').list() ?? []) if (typeof phone.value !== 'string') phone.fail('must be a phone number string')
  for (const client of root.get('oauthClients').list() ?? []) readOauthClient(client)
  for (const origin of root.get('siteOrigins').list() ?? [])
    if (typeof origin.value !== 'string' || httpOrigin(origin.value) !== origin.value) origin.fail('must be an origin: http(s), host and port only, like https://docs.example.com')
  for (const host of root.get('allowedHosts').list() ?? [])
    if (typeof host.value !== 'string' || !HOST.test(host.value)) host.fail('must be a host name with an optional port, like provider.lan:8787')
  if (root.get('defaultPolicy').present) readPolicy(root.get('defaultPolicy'))
}

function readOauthClient(client: ValueAt): void {
  if (!client.mapping(['clientId', 'org', 'redirectUris'])) return
  for (const key of ['clientId', 'org']) if (typeof client.get(key).value !== 'string' || client.get(key).value === '') client.get(key).fail('required string')
  const uris = client.get('redirectUris').value
  if (uris !== undefined && !(isStringList(uris) && (uris as string[]).every((u) => httpOrigin(u) !== undefined))) client.get('redirectUris').fail('must be a list of http(s) URLs')
}

export function fixtureOrganizationProblems(org: unknown): string[] {
  return problemLines(readOrganization, org)
}

function readOrganization(org: ValueAt): void {
  if (!isObject(org.value)) return void org.fail('an organization must be a map with at least an id')
  org.mapping(['id', 'name', 'parentId', 'tenantName', 'policy'])
  const id = org.get('id').value
  if (typeof id !== 'string' || id.trim() === '') org.get('id').fail('required, a non-empty string')
  else if (orgIdProblem(id)) org.get('id').fail(orgIdProblem(id)!)
  for (const key of ['name', 'parentId', 'tenantName']) if (org.get(key).present) org.get(key).string()
  if (org.get('policy').value !== undefined) readPolicy(org.get('policy'))
}

/** The largest value of each numeric policy field: a day, week or year, far above any test's need. */
const POLICY_NUMBER_LIMITS: Record<string, number> = {
  tokenTtlSeconds: 365 * 24 * 3600,
  challengeTtlSeconds: 7 * 24 * 3600,
  maxAttempts: 1000,
  maxSendsPerMinute: 10_000,
  failuresBeforeLockout: 1000,
  lockoutSeconds: 24 * 3600,
  maxLockoutSeconds: 7 * 24 * 3600,
}

const POLICY_KEYS = [
  'selfRegistration', 'approvalRequired', 'anonymousUsers', 'allowedHandlePatterns', 'passwordRules', 'factors',
  ...Object.keys(POLICY_NUMBER_LIMITS), 'linkStyle', 'landingURL', 'landingUrl', 'switchFactor', 'strictEnrollment',
]

/** Also puts the policy in its wire form: password rule fields in snake_case, `landingURL`. */
function readPolicy(policy: ValueAt): void {
  if (!isObject(policy.value)) return void policy.fail('must be a map')
  normalizePolicy(policy.value)
  policy.mapping(POLICY_KEYS)
  for (const key of ['selfRegistration', 'approvalRequired', 'anonymousUsers', 'strictEnrollment']) policy.get(key).boolean()
  for (const [key, max] of Object.entries(POLICY_NUMBER_LIMITS)) policy.get(key).number({ min: 1, max, integer: true })
  const patterns = policy.get('allowedHandlePatterns')
  if (patterns.value !== undefined && !isStringList(patterns.value)) patterns.fail('must be a list of regular expressions')
  else for (const pattern of patterns.list() ?? []) regexProblem(pattern, () => new RegExp(pattern.value as string))
  const rules = policy.get('passwordRules')
  if (rules.value !== undefined && !Array.isArray(rules.value)) rules.fail('must be a list of {name, pattern, match_type}')
  else for (const rule of rules.list() ?? []) readPasswordRule(rule)
  const factors = policy.get('factors').value
  if (factors !== undefined && !(isStringList(factors) && (factors as string[]).every((f) => FACTOR_METHODS.includes(f as never)))) policy.get('factors').fail(`must be a list of ${FACTOR_METHODS.join(', ')}`)
  if (policy.get('switchFactor').present) policy.get('switchFactor').oneOf(FACTOR_METHODS)
  if (policy.get('linkStyle').present) policy.get('linkStyle').oneOf(['emulator', 'challenges', 'pack'])
  const landing = policy.get('landingURL').value
  if (landing !== undefined && !(typeof landing === 'string' && /^https?:\/\/\S+$/.test(landing))) policy.get('landingURL').fail('must be an http(s) URL')
}

function normalizePolicy(policy: Record<string, unknown>): void {
  if (Array.isArray(policy.passwordRules))
    for (const rule of policy.passwordRules) {
      if (!isObject(rule)) continue
      // Rule fields keep the wire's snake_case (normalised keys arrive as camelCase).
      if (rule.matchType !== undefined && rule.match_type === undefined) rule.match_type = rule.matchType
      if (rule.patternQualifiers !== undefined && rule.pattern_qualifiers === undefined) rule.pattern_qualifiers = rule.patternQualifiers
      delete rule.matchType
      delete rule.patternQualifiers
    }
  if (policy.landingUrl !== undefined) {
    policy.landingURL = policy.landingUrl
    delete policy.landingUrl
  }
}

function readPasswordRule(rule: ValueAt): void {
  if (!isObject(rule.value)) return void rule.fail('must be a map')
  const r = rule.value
  if (typeof r.name !== 'string' || r.name === '') rule.get('name').fail('required string')
  if (typeof r.pattern !== 'string') rule.get('pattern').fail('required string')
  if (r.match_type !== 'must_match' && r.match_type !== 'must_not_match') rule.get('match_type').fail('must be must_match or must_not_match')
  if (r.pattern_qualifiers !== undefined && !isStringList(r.pattern_qualifiers)) rule.get('pattern_qualifiers').fail('must be a list')
  if (typeof r.pattern === 'string') regexProblem(rule.get('pattern'), () => compileRule(r as never))
}

function regexProblem(at: ValueAt, compile: () => unknown): void {
  try {
    compile()
  } catch (error) {
    at.fail(`not a valid JavaScript regular expression (${(error as Error).message})`)
  }
}

export function fixturePersonProblems(person: unknown): string[] {
  return problemLines(readPerson, person)
}

const PERSON_KEYS = ['org', 'id', 'type', 'active', 'region', 'email', 'phone', 'username', 'handles', 'groups', 'attributes', 'password', 'totpSecret', 'recoveryCodes']

function readPerson(person: ValueAt): void {
  if (!isObject(person.value)) return void person.fail('a person must be a map with at least one handle (email, phone, username or handles)')
  const p = person.value
  person.mapping(PERSON_KEYS)
  for (const key of ['org', 'id', 'region', 'email', 'phone', 'username', 'password', 'totpSecret']) person.get(key).string()
  for (const [key, type] of [['email', 'email_address'], ['phone', 'phone_number'], ['username', 'username']] as const) {
    const value = p[key]
    const problem = typeof value === 'string' ? handleFormatProblem({ type, value: normalizeHandleValue(type, value) }) : undefined
    if (problem) person.get(key).fail(problem)
  }
  if (person.get('type').present) person.get('type').oneOf(['regular', 'anonymous'])
  person.get('active').boolean()
  for (const key of ['groups', 'recoveryCodes']) if (p[key] !== undefined && !isStringList(p[key])) person.get(key).fail('must be a list of strings')
  if (typeof p.totpSecret === 'string' && !/^[A-Z2-7]+=*$/i.test(p.totpSecret.replace(/\s/g, ''))) person.get('totpSecret').fail('must be Base32 (A–Z, 2–7)')
  if (p.attributes !== undefined && !(isObject(p.attributes) && Object.values(p.attributes).every(isObject))) person.get('attributes').fail('must map bucket names to maps of values')
  const handles = person.get('handles')
  if (p.handles !== undefined && !Array.isArray(p.handles)) handles.fail('must be a list of {type, value}')
  for (const h of handles.list() ?? []) {
    const handle = h.value
    if (!isObject(handle) || !['email_address', 'phone_number', 'username'].includes(handle.type as string) || typeof handle.value !== 'string') {
      h.fail('must be {type: email_address | phone_number | username, value: string}')
      continue
    }
    const problem = handleFormatProblem({ type: handle.type as HandleType, value: normalizeHandleValue(handle.type as HandleType, handle.value) })
    if (problem) h.fail(problem)
  }
  const handleCount = (Array.isArray(p.handles) ? p.handles.length : 0) + ['email', 'phone', 'username'].filter((k) => p[k] !== undefined).length
  if (handleCount === 0 && p.type !== 'anonymous') person.fail('a person needs at least one handle: email, phone, username or handles')
}
