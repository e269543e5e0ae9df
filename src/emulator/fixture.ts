/**
 * Fixture files (YAML or JSON — JSON is read by the same YAML 1.2 parser): organizations,
 * persons, faults and the rest of `EmulatorFixture`. Keys may be camelCase or snake_case.
 * Every error names the file, line and column: `fixture.yaml:12:5: persons[0].email: …`.
 */
import { isMap, isSeq, LineCounter, parseDocument, visit, type Document, type Node as YamlNode } from 'yaml'
import { validateFault } from './faults.js'
import { HOST, httpOrigin } from './origins.js'
import { compileRule } from './password-rules.js'
import { handleFormatProblem, normalizeHandleValue, orgIdProblem } from './handles.js'
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

type Path = (string | number)[]

/** Alias expansions allowed while reading a fixture (the yaml package's own default). */
const MAX_ALIAS_COUNT = 100
interface Problem {
  path: Path
  message: string
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** Parses and checks a fixture; throws FixtureError (file:line:col) on the first problem. */
export function loadFixture(text: string, fileName: string): EmulatorFixture {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const first = doc.errors[0]
  if (first) {
    const pos = lineCounter.linePos(first.pos[0])
    throw new FixtureError(first.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, ''), fileName, pos.line, pos.col)
  }
  const tag = doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED')
  if (tag) {
    const pos = lineCounter.linePos(tag.pos[0])
    const name = /tag:yaml\.org,2002:(\S+)/.exec(tag.message)?.[1]
    const label = name ? `YAML tag !!${name}` : 'YAML tag'
    throw new FixtureError(`unknown ${label}: fixtures hold plain values only`, fileName, pos.line, pos.col)
  }
  const raw = toPlainValue(doc, lineCounter, fileName)
  const problems: Problem[] = []
  const value = normalizeKeys(raw, [], doc, problems)
  if (problems.length === 0) problems.push(...fixtureProblems(value))
  const problem = problems[0]
  if (problem) {
    const where = locate(doc, lineCounter, problem.path)
    const label = problem.path.length > 0 ? `${formatPath(problem.path)}: ` : ''
    throw new FixtureError(`${label}${problem.message}`, fileName, where?.line, where?.col)
  }
  return value as EmulatorFixture
}

/** Anchors and aliases are allowed, but an alias bomb (exponential expansion) is a FixtureError, not a crash. */
function toPlainValue(doc: Document, lineCounter: LineCounter, fileName: string): unknown {
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
    const pos = lineCounter.linePos(offset)
    throw new FixtureError(`too many YAML aliases (more than ${MAX_ALIAS_COUNT} alias expansions): a fixture never needs that many; write the values out`, fileName, pos.line, pos.col)
  }
}

// Keys are rewritten to camelCase, except inside free-form maps (attributes).
function normalizeKeys(value: unknown, path: Path, doc: Document, problems: Problem[]): unknown {
  if (Array.isArray(value)) return value.map((item, i) => normalizeKeys(item, [...path, i], doc, problems))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  const freeForm = path.at(-1) === 'attributes'
  for (const [key, item] of Object.entries(value)) {
    const name = freeForm ? key : camel(key)
    // The original key stays in the path so that locate() finds it in the document.
    out[name] = freeForm || path.at(-2) === 'attributes' ? item : normalizeKeys(item, [...path, key], doc, problems)
  }
  return out
}

function formatPath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? camel(p) : `.${camel(p)}`)).join('')
}

/** Finds the node for a path (keys are matched in camelCase or snake_case). */
function locate(doc: Document, lineCounter: LineCounter, path: Path): { line: number; col: number } | undefined {
  let node: unknown = doc.contents
  let last: YamlNode | undefined = doc.contents as YamlNode | undefined
  for (const [index, part] of path.entries()) {
    if (isSeq(node) && typeof part === 'number') {
      node = node.items[part]
    } else if (isMap(node)) {
      const pair = node.items.find((p) => {
        const key = (p.key as { value?: unknown } | null)?.value ?? p.key
        return typeof key === 'string' && camel(key) === camel(String(part))
      })
      if (!pair) break
      // Point at the key when the value is missing or scalar-wrong, at the value otherwise.
      node = pair.value ?? pair.key
      if (pair.value == null || index === path.length - 1) {
        last = pair.key as YamlNode
        break
      }
    } else break
    if (node && typeof node === 'object' && 'range' in node) last = node as YamlNode
  }
  const offset = last?.range?.[0]
  return offset === undefined ? undefined : (({ line, col }) => ({ line, col }))(lineCounter.linePos(offset))
}

/** Problems of a fixture given as an object (`path: message` strings); empty when it is fine. */
export function fixtureObjectProblems(fixture: unknown): string[] {
  return fixtureProblems(fixture).map((p) => (p.path.length > 0 ? `${formatPath(p.path)}: ${p.message}` : p.message))
}

// ---------------------------------------------------------------------------------------------
// Checks (shared with the /__test/persons and /__test/organizations endpoints)

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string')

function unknownKeys(object: Record<string, unknown>, known: readonly string[], path: Path, problems: Problem[]): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) problems.push({ path: [...path, key], message: unknownField(key, known) })
  }
}

/** 'unknown field' with a did-you-mean for near misses (edit distance ≤ 2). */
function unknownField(key: string, known: readonly string[], what = 'field'): string {
  const near = known.map((k) => [k, distance(key.toLowerCase(), k.toLowerCase())] as const).sort((a, b) => a[1] - b[1])[0]
  const hint = near && near[1] <= 2 ? `did you mean '${near[0]}'? ` : ''
  return `unknown ${what} (${hint}known: ${known.join(', ')})`
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]!
}

function fixtureProblems(value: unknown): Problem[] {
  const problems: Problem[] = []
  if (!isObject(value)) return [{ path: [], message: 'the fixture must be a map with organizations, persons, faults, …' }]
  unknownKeys(value, ['organizations', 'persons', 'faults', 'unreachablePhoneNumbers', 'oauthClients', 'defaultPolicy', 'siteOrigins', 'allowedHosts'], [], problems)
  const list = (key: string): unknown[] => {
    const v = value[key]
    if (v === undefined || v === null) return []
    if (!Array.isArray(v)) {
      problems.push({ path: [key], message: 'must be a list' })
      return []
    }
    return v
  }
  const orgIds = new Set<string>()
  list('organizations').forEach((org, i) => {
    for (const message of fixtureOrganizationProblems(org)) problems.push(at(['organizations', i], message))
    if (isObject(org) && typeof org.id === 'string') {
      if (orgIds.has(org.id)) problems.push({ path: ['organizations', i, 'id'], message: `duplicate organization id '${org.id}'` })
      orgIds.add(org.id)
    }
  })
  list('persons').forEach((person, i) => {
    for (const message of fixturePersonProblems(person)) problems.push(at(['persons', i], message))
    if (isObject(person)) {
      if (person.org === undefined && orgIds.size !== 1) problems.push({ path: ['persons', i], message: 'org is required unless the fixture lists exactly one organization' })
      if (typeof person.org === 'string' && orgIds.size > 0 && !orgIds.has(person.org)) {
        problems.push({ path: ['persons', i, 'org'], message: `unknown organization '${person.org}' (listed: ${[...orgIds].join(', ')})` })
      }
    }
  })
  list('faults').forEach((fault, i) => {
    for (const message of validateFault(fault)) problems.push(at(['faults', i], message))
  })
  list('unreachablePhoneNumbers').forEach((phone, i) => {
    if (typeof phone !== 'string') problems.push({ path: ['unreachablePhoneNumbers', i], message: 'must be a phone number string' })
  })
  list('oauthClients').forEach((client, i) => {
    if (!isObject(client)) return problems.push({ path: ['oauthClients', i], message: 'must be a map' })
    unknownKeys(client, ['clientId', 'org', 'redirectUris'], ['oauthClients', i], problems)
    if (typeof client.clientId !== 'string' || client.clientId === '') problems.push({ path: ['oauthClients', i, 'clientId'], message: 'required string' })
    if (typeof client.org !== 'string' || client.org === '') problems.push({ path: ['oauthClients', i, 'org'], message: 'required string' })
    if (client.redirectUris !== undefined && !(isStringList(client.redirectUris) && (client.redirectUris as string[]).every((u) => httpOrigin(u) !== undefined))) {
      problems.push({ path: ['oauthClients', i, 'redirectUris'], message: 'must be a list of http(s) URLs' })
    }
    return undefined
  })
  list('siteOrigins').forEach((origin, i) => {
    if (typeof origin !== 'string' || httpOrigin(origin) !== origin) {
      problems.push({ path: ['siteOrigins', i], message: 'must be an origin: http(s), host and port only, like https://docs.example.com' })
    }
  })
  list('allowedHosts').forEach((host, i) => {
    if (typeof host !== 'string' || !HOST.test(host)) problems.push({ path: ['allowedHosts', i], message: 'must be a host name with an optional port, like provider.lan:8787' })
  })
  if (value.defaultPolicy !== undefined) for (const message of policyProblems(value.defaultPolicy)) problems.push(at(['defaultPolicy'], message))
  return problems
}

/** `field: message` strings → a Problem with the field appended to the path. */
function at(path: Path, message: string): Problem {
  const match = /^([A-Za-z_][\w.\[\]]*): (.*)$/s.exec(message)
  if (!match) return { path, message }
  const parts: Path = []
  for (const piece of match[1]!.split('.')) {
    const m = /^([^\[]+)((?:\[\d+\])*)$/.exec(piece)
    if (!m) return { path, message }
    parts.push(m[1]!)
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) parts.push(Number(index[1]))
  }
  return { path: [...path, ...parts], message: match[2]! }
}

export function fixtureOrganizationProblems(org: unknown): string[] {
  if (!isObject(org)) return ['an organization must be a map with at least an id']
  const problems: string[] = []
  const knownOrg = ['id', 'name', 'parentId', 'tenantName', 'policy']
  for (const key of Object.keys(org)) if (!knownOrg.includes(key)) problems.push(`${key}: ${unknownField(key, knownOrg)}`)
  if (typeof org.id !== 'string' || org.id.trim() === '') problems.push('id: required, a non-empty string')
  else if (orgIdProblem(org.id)) problems.push(`id: ${orgIdProblem(org.id)}`)
  for (const key of ['name', 'parentId', 'tenantName']) if (org[key] !== undefined && typeof org[key] !== 'string') problems.push(`${key}: must be a string`)
  if (org.policy !== undefined) for (const message of policyProblems(org.policy)) problems.push(`policy.${message}`)
  return problems
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

function policyProblems(policy: unknown): string[] {
  if (!isObject(policy)) return ['policy: must be a map']
  const problems: string[] = []
  const known = [
    'selfRegistration', 'approvalRequired', 'anonymousUsers', 'allowedHandlePatterns', 'passwordRules', 'factors',
    ...Object.keys(POLICY_NUMBER_LIMITS), 'linkStyle', 'landingURL', 'landingUrl', 'switchFactor', 'strictEnrollment',
  ]
  for (const key of Object.keys(policy)) if (!known.includes(key)) problems.push(`${key}: ${unknownField(key, known, 'policy field')}`)
  for (const key of ['selfRegistration', 'approvalRequired', 'anonymousUsers', 'strictEnrollment']) {
    if (policy[key] !== undefined && typeof policy[key] !== 'boolean') problems.push(`${key}: must be true or false`)
  }
  for (const [key, max] of Object.entries(POLICY_NUMBER_LIMITS)) {
    const v = policy[key]
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max)) problems.push(`${key}: must be a whole number from 1 to ${max}`)
  }
  if (policy.allowedHandlePatterns !== undefined) {
    if (!isStringList(policy.allowedHandlePatterns)) problems.push('allowedHandlePatterns: must be a list of regular expressions')
    else
      (policy.allowedHandlePatterns as string[]).forEach((p, i) => {
        try {
          new RegExp(p)
        } catch (error) {
          problems.push(`allowedHandlePatterns[${i}]: not a valid JavaScript regular expression (${(error as Error).message})`)
        }
      })
  }
  if (policy.passwordRules !== undefined) {
    if (!Array.isArray(policy.passwordRules)) problems.push('passwordRules: must be a list of {name, pattern, match_type}')
    else
      policy.passwordRules.forEach((rule: unknown, i: number) => {
        if (!isObject(rule)) return problems.push(`passwordRules[${i}]: must be a map`)
        // Rule fields keep the wire's snake_case (normalised keys arrive as camelCase).
        const r = rule as Record<string, unknown>
        if (r.matchType !== undefined && r.match_type === undefined) r.match_type = r.matchType
        if (r.patternQualifiers !== undefined && r.pattern_qualifiers === undefined) r.pattern_qualifiers = r.patternQualifiers
        delete r.matchType
        delete r.patternQualifiers
        if (typeof r.name !== 'string' || r.name === '') problems.push(`passwordRules[${i}].name: required string`)
        if (typeof r.pattern !== 'string') problems.push(`passwordRules[${i}].pattern: required string`)
        if (r.match_type !== 'must_match' && r.match_type !== 'must_not_match') problems.push(`passwordRules[${i}].match_type: must be must_match or must_not_match`)
        if (r.pattern_qualifiers !== undefined && !isStringList(r.pattern_qualifiers)) problems.push(`passwordRules[${i}].pattern_qualifiers: must be a list`)
        if (typeof r.pattern === 'string') {
          try {
            compileRule(r as never)
          } catch (error) {
            problems.push(`passwordRules[${i}].pattern: not a valid JavaScript regular expression (${(error as Error).message})`)
          }
        }
        return undefined
      })
  }
  if (policy.factors !== undefined && !(isStringList(policy.factors) && (policy.factors as string[]).every((f) => FACTOR_METHODS.includes(f as never)))) {
    problems.push(`factors: must be a list of ${FACTOR_METHODS.join(', ')}`)
  }
  if (policy.switchFactor !== undefined && !FACTOR_METHODS.includes(policy.switchFactor as never)) problems.push(`switchFactor: must be one of ${FACTOR_METHODS.join(', ')}`)
  if (policy.linkStyle !== undefined && !['emulator', 'challenges', 'pack'].includes(policy.linkStyle as string)) problems.push('linkStyle: must be emulator, challenges or pack')
  if (policy.landingUrl !== undefined) {
    policy.landingURL = policy.landingUrl
    delete policy.landingUrl
  }
  if (policy.landingURL !== undefined && !(typeof policy.landingURL === 'string' && /^https?:\/\/\S+$/.test(policy.landingURL))) problems.push('landingURL: must be an http(s) URL')
  return problems
}

export function fixturePersonProblems(person: unknown): string[] {
  if (!isObject(person)) return ['a person must be a map with at least one handle (email, phone, username or handles)']
  const problems: string[] = []
  const known = ['org', 'id', 'type', 'active', 'region', 'email', 'phone', 'username', 'handles', 'groups', 'attributes', 'password', 'totpSecret', 'recoveryCodes']
  for (const key of Object.keys(person)) if (!known.includes(key)) problems.push(`${key}: ${unknownField(key, known)}`)
  for (const key of ['org', 'id', 'region', 'email', 'phone', 'username', 'password', 'totpSecret']) {
    if (person[key] !== undefined && typeof person[key] !== 'string') problems.push(`${key}: must be a string`)
  }
  for (const [key, type] of [['email', 'email_address'], ['phone', 'phone_number'], ['username', 'username']] as const) {
    const value = person[key]
    const problem = typeof value === 'string' ? handleFormatProblem({ type, value: normalizeHandleValue(type, value) }) : undefined
    if (problem) problems.push(`${key}: ${problem}`)
  }
  if (person.type !== undefined && person.type !== 'regular' && person.type !== 'anonymous') problems.push('type: must be regular or anonymous')
  if (person.active !== undefined && typeof person.active !== 'boolean') problems.push('active: must be true or false')
  if (person.groups !== undefined && !isStringList(person.groups)) problems.push('groups: must be a list of strings')
  if (person.recoveryCodes !== undefined && !isStringList(person.recoveryCodes)) problems.push('recoveryCodes: must be a list of strings')
  if (typeof person.totpSecret === 'string' && !/^[A-Z2-7]+=*$/i.test(person.totpSecret.replace(/\s/g, ''))) problems.push('totpSecret: must be Base32 (A–Z, 2–7)')
  if (person.attributes !== undefined && !(isObject(person.attributes) && Object.values(person.attributes).every(isObject))) {
    problems.push('attributes: must map bucket names to maps of values')
  }
  if (person.handles !== undefined) {
    if (!Array.isArray(person.handles)) problems.push('handles: must be a list of {type, value}')
    else
      person.handles.forEach((h: unknown, i: number) => {
        if (!isObject(h) || !['email_address', 'phone_number', 'username'].includes(h.type as string) || typeof h.value !== 'string') {
          problems.push(`handles[${i}]: must be {type: email_address | phone_number | username, value: string}`)
        } else {
          const type = h.type as HandleType
          const problem = handleFormatProblem({ type, value: normalizeHandleValue(type, h.value) })
          if (problem) problems.push(`handles[${i}]: ${problem}`)
        }
      })
  }
  const handleCount = (Array.isArray(person.handles) ? person.handles.length : 0) + ['email', 'phone', 'username'].filter((k) => person[k] !== undefined).length
  if (handleCount === 0 && person.type !== 'anonymous') problems.push('a person needs at least one handle: email, phone, username or handles')
  return problems
}
