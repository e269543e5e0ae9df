/** POST /id/v2 and POST /recover: start a sign-in (or a step-up, or a password reset) and send codes and links. */
import { ApiError, ok, optionalObject, readJsonObject, requireObject, requireString } from '../http.js'
import { METHODS_BY_HANDLE, parseHandle, sameHandle } from '../handles.js'
import { base64urlEncodeText, randomDigits, randomId, randomToken } from '../ids.js'
import type { ChallengeRecord, FlowFields, Org, Person } from '../model.js'
import type { Route } from '../route.js'
import type { EmulatorState } from '../state.js'
import { bearerClaims } from '../sign-in.js'
import type { TokenClaims } from '../tokens.js'
import { keyURI, newRecoveryCodes, newTotpSecret, qrCodePngBase64 } from '../totp.js'
import { factorMethods, type FactorMethod } from '../../shared/factor-methods.js'
import type { Handle, OutboxMessage } from '../types.js'

/** 403 messages when a factor is not set up and cannot be set up now (the first is one the SDK knows). */
const NOT_ENROLLED = { password: 'no password set', totp: 'no authenticator registered; sign in with another factor first' } as const

const IMPLEMENTED_METHODS: readonly FactorMethod[] = ['email_link', 'otp_via_email', 'sms_link', 'otp_via_sms', 'password', 'totp', 'oidc', 'saml']

export const idRoutes: Route[] = [
  { path: '/id/v2', allow: ['POST'], handle: ({ s, request }) => postId(s, request) },
  { path: '/recover', allow: ['POST'], handle: ({ s, request }) => postRecover(s, request) },
]

export async function postId(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request)
  const bearer = await bearerClaims(s, request)
  const org = s.orgFromHeader(request, bearer?.oid)
  const factor = requireObject(body, 'factor')
  const method = requireString(factor, 'method', 'factor')
  if (!factorMethods.includes(method as FactorMethod)) {
    throw new ApiError(400, `malformed request body: factor.method must be one of ${factorMethods.join(', ')}, got '${method}'`)
  }
  const factorOptions = optionalObject(factor, 'options', 'factor') ?? {}
  const handle = body.handle === undefined || body.handle === null ? undefined : parseHandle(body.handle)
  optionalObject(body, 'metadata')
  const challenges = await startFlow(s, org, method as FactorMethod, handle, bearer, factorOptions, 'sign_in')
  return ok(challenges)
}

/** Creates the challenges of a sign-in (or step-up) and sends codes/links. */
export async function startFlow(
  s: EmulatorState,
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
  const stepUpPerson = bearer && bearer.oid === org.id ? s.person(org.id, bearer.person_id) : undefined
  handle = flowHandle(s, method, handle, stepUpPerson)

  let person = handle ? s.findPerson(org.id, handle) : undefined
  if (stepUpPerson && stepUpPerson.type === 'regular' && person && person.id !== stepUpPerson.id) throw new ApiError(409, 'person exists')
  if (stepUpPerson && stepUpPerson.type === 'regular') person = stepUpPerson
  if (person) s.checkActive(person)
  else s.checkRegistration(org, handle)
  s.lockouts.check(s.lockoutKeys(org.id, person?.id, handle), s.now())

  const base: FlowFields = {
    orgId: org.id,
    method,
    purpose,
    ...(handle ? { handle } : {}),
    ...(person ? { personId: person.id } : {}),
    ...(bearer ? { bearer } : {}),
  }
  // Step-up: the request carries a token of this very person.
  const signedInAsPerson = person !== undefined && stepUpPerson?.id === person.id
  const redirectTarget = checkedRedirectTarget(s, factorOptions)

  switch (method) {
    case 'otp_via_email':
    case 'otp_via_sms': {
      s.rateLimitSends(org, handle!)
      const challenge = s.newChallenge({ ...base, type: 'otp', otp: randomDigits(6) })
      s.send(challenge, { otp: challenge.otp! })
      return [s.wire(challenge, {})]
    }
    case 'email_link':
    case 'sms_link': {
      s.rateLimitSends(org, handle!)
      const proxy = s.newChallenge({ ...base, type: 'proxy', ...(redirectTarget ? { redirectTarget } : {}) })
      s.send(proxy, { link: await linkFor(s, org, proxy) })
      return [s.wire(proxy, { challenge_id: proxy.id })]
    }
    case 'password':
    case 'totp':
      return startSecretFactor(s, org, method, base, person, handle!, signedInAsPerson)
    case 'oidc':
    case 'saml':
      return startSso(s, method, base, redirectTarget)
    default:
      throw new ApiError(400, `factor '${method}' is not supported by the emulator`)
  }
}

/** The handle of a flow: the one given, or the step-up person's for the factor; checked against the factor. */
function flowHandle(s: EmulatorState, method: FactorMethod, handle: Handle | undefined, stepUpPerson: Person | undefined): Handle | undefined {
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
  if (handle?.type === 'phone_number' && (s.unreachablePhones.has(handle.value) || handle.value.startsWith('+999'))) {
    throw new ApiError(400, `unreachable phone number: '${handle.value}'`)
  }
  return handle
}

/** oidc and saml: the IdP page's URL, then the proxy challenge that page completes. */
function startSso(s: EmulatorState, method: 'oidc' | 'saml', base: FlowFields, redirectTarget: string | undefined): Record<string, unknown>[] {
  const proxy = s.newChallenge({ ...base, type: 'proxy', ...(redirectTarget ? { redirectTarget } : {}) })
  proxy.linkSecret = randomToken()
  s.links.set(proxy.linkSecret, proxy.id)
  const url = `${s.baseURL}/sso/idp/${proxy.linkSecret}`
  const start = s.newChallenge({ ...base, type: method })
  start.status = 'done'
  return [s.wire(start, method === 'oidc' ? { auth_code_url: url } : { start_authentication_url: url }), s.wire(proxy, { challenge_id: proxy.id })]
}

/**
 * password and totp: verify the one the person has, else set one up. Setting one up on an
 * existing person without their token, or adding a new e-mail/phone handle, needs proof of the
 * handle first: a code, answered before the password or authenticator is accepted.
 */
export async function startSecretFactor(
  s: EmulatorState,
  org: Org,
  method: 'password' | 'totp',
  base: FlowFields,
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
  const proof = needsProof ? sendProofCode(s, org, base, handle) : undefined
  const fields = { ...base, ...(proof ? { requires: proof.id } : {}) }
  const main = has
    ? s.wire(s.newChallenge({ ...fields, type: method === 'password' ? 'password_verify' : 'totp_verify' }), {})
    : method === 'password'
      ? s.wire(s.newChallenge({ ...fields, type: 'password_set' }), { validation_rules: { regular_expressions: s.passwordRules(org) } })
      : await totpRegistration(s, org, fields, handle)
  return proof ? [s.wire(proof, {}), main] : [main]
}

export async function totpRegistration(s: EmulatorState, org: Org, fields: FlowFields, handle: Handle) {
  const secret = newTotpSecret()
  const recoveryCodes = newRecoveryCodes()
  const uri = keyURI(secret, org.name, handle.value)
  const challenge = s.newChallenge({ ...fields, type: 'totp_register', totpSecret: secret, recoveryCodes })
  return s.wire(challenge, { key_uri: uri, qr_code_data_b64: await qrCodePngBase64(uri), recovery_codes: recoveryCodes })
}

/** A one-time code to an e-mail address or phone number, as proof of the handle before another challenge. */
export function sendProofCode(s: EmulatorState, org: Org, base: FlowFields, handle: Handle): ChallengeRecord {
  s.rateLimitSends(org, handle)
  const method: FactorMethod = handle.type === 'email_address' ? 'otp_via_email' : 'otp_via_sms'
  const proof = s.newChallenge({ ...base, method, type: 'otp', otp: randomDigits(6) })
  s.send(proof, { otp: proof.otp! })
  return proof
}

/** `factor.options.redirect_target`: people are sent there, so only to the site (an allowed origin). */
function checkedRedirectTarget(s: EmulatorState, factorOptions: Record<string, unknown>): string | undefined {
  const target = factorOptions.redirect_target
  if (target === undefined || target === null) return undefined
  if (typeof target === 'string' && s.origins.allowsRedirect(target)) return target
  throw new ApiError(400, 'malformed request body: factor.options.redirect_target must be an http(s) URL of the site (siteOrigins or a development origin)')
}

/** The link put in an e-mail/SMS for a proxy challenge (style per organization policy). */
export async function linkFor(s: EmulatorState, org: Org, proxy: ChallengeRecord): Promise<string> {
  const style = s.policy(org, 'linkStyle')
  if (style === 'emulator') {
    proxy.linkSecret = randomToken()
    s.links.set(proxy.linkSecret, proxy.id)
    return `${s.baseURL}/link/${proxy.linkSecret}`
  }
  const landing = proxy.redirectTarget ?? org.policy.landingURL
  if (!landing) {
    proxy.linkSecret = randomToken()
    s.links.set(proxy.linkSecret, proxy.id)
    return `${s.baseURL}/link/${proxy.linkSecret}`
  }
  const nonce = s.newChallenge({
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
    s.packs.set(packId, [nonce.id])
    target.searchParams.set('sidcp', packId)
  } else {
    target.searchParams.set('challenges', base64urlEncodeText(JSON.stringify([s.wire(nonce, { challenge: nonce.nonce })])))
  }
  return target.toString()
}

export async function postRecover(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request)
  const org = s.orgFromHeader(request)
  const handle = parseHandle(body.handle)
  const factor = optionalObject(body, 'factor')
  const method = factor ? requireString(factor, 'method', 'factor') : 'password'
  if (method !== 'password') throw new ApiError(400, `recovery is only available for the password factor, got '${method}'`)
  if (handle.type === 'username') throw new ApiError(400, 'username is not a reachable handle type')
  const person = s.findPerson(org.id, handle)
  if (!person) throw new ApiError(404, 'person not found')
  s.checkActive(person)
  if (!person.passwordHash) throw new ApiError(403, 'no password set')
  s.rateLimitSends(org, handle)
  const linkMethod: FactorMethod = handle.type === 'email_address' ? 'email_link' : 'sms_link'
  const common = { orgId: org.id, purpose: 'password_reset' as const, handle, personId: person.id }
  const proxy = s.newChallenge({ ...common, type: 'proxy', method: linkMethod })
  s.send(proxy, { link: await linkFor(s, org, proxy) })
  const reset = s.newChallenge({ ...common, type: 'password_reset', method: 'password', requires: proxy.id })
  return ok([s.wire(proxy, { challenge_id: proxy.id }), s.wire(reset, { validation_rules: { regular_expressions: s.passwordRules(org) } })])
}
