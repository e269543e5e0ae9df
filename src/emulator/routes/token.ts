/** Tokens: validate, revoke, organization switching (POST /token/v2, GET /token), JWKS and OpenID configuration. */
import { ApiError, json, ok, readJsonObject, optionalString } from '../http.js'
import { isoSeconds } from '../model.js'
import type { Route } from '../route.js'
import { bearerClaims, mintFor } from '../sign-in.js'
import type { EmulatorState } from '../state.js'
import { handleKey } from '../handles.js'
import { startFlow } from './id.js'

export const tokenRoutes: Route[] = [
  { path: '/.well-known/jwks.json', allow: ['GET'], handle: ({ s }) => json(s.tokens.jwks) },
  { path: '/.well-known/openid-configuration', allow: ['GET'], handle: ({ s }) => json(openidConfiguration(s)) },
  { path: '/token/v2', allow: ['POST'], handle: ({ s, request }) => switchOrganization(s, request, 'v2') },
  { path: '/token', allow: ['GET', 'POST'], handle: ({ s, request }) => switchOrganization(s, request, 'v1') },
  { path: '/token/validate', allow: ['POST'], handle: ({ s, request }) => validateToken(s, request) },
  { path: '/token/revoke', allow: ['POST'], handle: ({ s, request }) => revokeToken(s, request) },
]

export async function validateToken(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request, { optional: true })
  let token = optionalString(body, 'token')
  if (token === undefined) token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (token === undefined) throw new ApiError(400, 'malformed request body: token must be a string')
  const check = await s.tokens.check(token)
  if (!check.valid) return ok({ valid: false, invalidity_reason: check.reason })
  const person = s.person(check.claims.oid, check.claims.person_id)
  if (!person) return ok({ valid: false, invalidity_reason: 'invalid_token_content' })
  if (!person.active) return ok({ valid: false, invalidity_reason: 'person_not_active' })
  return ok({
    valid: true,
    expires_in_seconds: Math.max(0, Math.floor((check.expiresAt - s.now()) / 1000)),
    expires_at: isoSeconds(check.expiresAt),
  })
}

export async function revokeToken(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request, { optional: true })
  let token = optionalString(body, 'token')
  if (token === undefined) token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (token === undefined) throw new ApiError(400, 'malformed request body: token must be a string')
  await s.tokens.revoke(token)
  return new Response(null, { status: 204 })
}

export async function switchOrganization(s: EmulatorState, request: Request, version: 'v1' | 'v2'): Promise<Response> {
  if (request.method === 'POST') await readJsonObject(request, { optional: true })
  const bearer = (await bearerClaims(s, request, { required: true }))!
  const target = s.orgFromHeader(request)
  const current = s.person(bearer.oid, bearer.person_id)!
  if (bearer.person_type === 'anonymous') throw new ApiError(403, 'anonymous persons cannot switch organization; sign in first')
  // The same human in the target organization: same person id, or a handle proven on both sides.
  let person = s.person(target.id, current.id) ?? s.provenHandles(current).map((h) => s.findPerson(target.id, h)).find(Boolean)
  if (!person && current.handles.some((h) => s.findPerson(target.id, h))) throw new ApiError(409, 'person exists')
  if (person) s.checkActive(person)
  const handle = person?.handles[0] ?? current.handles[0]
  if (target.policy.switchFactor && target.id !== bearer.oid) {
    const bearerForTarget = person ? undefined : bearer
    const challenges = await startFlow(s, target, target.policy.switchFactor, handle, bearerForTarget, {}, 'sign_in')
    if (version === 'v1') throw new ApiError(403, `organization '${target.id}' requires ${target.policy.switchFactor} authentication; use POST /token/v2`)
    return ok({ type: 'challenge_list', challenges })
  }
  if (!person) {
    s.checkRegistration(target, handle)
    person = s.createPerson(target, [], 'regular', current.id)
    for (const h of current.handles) s.addHandle(person, h, !current.unproven.has(handleKey(h)))
    if (s.policy(target, 'approvalRequired')) person.active = false
    s.checkActive(person)
  }
  const token = await mintFor(s, person, bearer.authentications ?? [], { prev_token_id: bearer.jti! })
  return version === 'v2' ? ok({ type: 'token', token }) : ok(token)
}

export function openidConfiguration(s: EmulatorState) {
  return {
    issuer: s.issuer,
    authorization_endpoint: `${s.baseURL}/oauth2/authorize`,
    token_endpoint: `${s.baseURL}/oauth2/tokens`,
    jwks_uri: `${s.baseURL}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    id_token_signing_alg_values_supported: ['ES256'],
    subject_types_supported: ['public'],
    scopes_supported: ['openid'],
    token_endpoint_auth_methods_supported: ['none'],
  }
}
