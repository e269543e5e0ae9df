/** Hosted login: OAuth 2.0 authorization code with PKCE S256 (/oauth2/authorize, /oauth2/tokens). */
import { ApiError, html, json, readForm } from '../http.js'
import { checkHandleFormat, normalizeHandleValue, orgIdProblem, printable } from '../handles.js'
import { randomDigits, randomId, randomToken, safeEqual, sha256base64url } from '../ids.js'
import { isoSeconds, type AuthCode, type HostedLogin, type Org } from '../model.js'
import { hostedLoginPage } from '../pages.js'
import type { Route } from '../route.js'
import { finish } from '../sign-in.js'
import type { EmulatorState } from '../state.js'
import type { Handle } from '../types.js'

export const oauth2Routes: Route[] = [
  { path: '/oauth2/authorize', handle: ({ s, request, method, url }) => oauthAuthorize(s, request, method, url) },
  { path: '/oauth2/tokens', allow: ['POST'], handle: ({ s, request }) => oauthTokens(s, request) },
  { path: '/oauth2/token', allow: ['POST'], handle: ({ s, request }) => oauthTokens(s, request) },
]

export function oauthClient(s: EmulatorState, clientId: string): { org: Org; redirectUris?: string[] } {
  const client = s.fixture.oauthClients?.find((c) => c.clientId === clientId)
  if (client) return { org: s.org(client.org), ...(client.redirectUris ? { redirectUris: client.redirectUris } : {}) }
  if ((s.fixture.oauthClients?.length ?? 0) > 0) throw new ApiError(400, `unknown client_id '${printable(clientId.slice(0, 200))}'`)
  // Open mode: the client id names the organization, which is made when someone signs in there.
  const problem = orgIdProblem(clientId)
  if (problem) throw new ApiError(400, `client_id is the organization id when the fixture lists no oauthClients: ${problem}`)
  return { org: s.orgPreview(clientId) }
}

/** Sign-ins begun and not finished; more are made by any page's GET, so the oldest are dropped. */
export const MAX_HOSTED_LOGINS = 1000

function keepHostedLogin(s: EmulatorState, login: HostedLogin): void {
  for (const [id, old] of s.hostedLogins) if (s.now() >= old.expiresAt) s.hostedLogins.delete(id)
  // Map keeps insertion order: the first entry is the oldest.
  while (s.hostedLogins.size >= MAX_HOSTED_LOGINS) s.hostedLogins.delete(s.hostedLogins.keys().next().value!)
  s.hostedLogins.set(login.id, login)
}

export async function oauthAuthorize(s: EmulatorState, request: Request, method: string, url: URL): Promise<Response> {
  if (method === 'GET') return authorizePage(s, url.searchParams)
  if (method !== 'POST') throw new ApiError(405, `method ${method} not allowed on /oauth2/authorize`)
  const form = await readForm(request)
  const login = s.hostedLogins.get(form.get('login_id') ?? '')
  if (!login || s.now() >= login.expiresAt) return html(hostedLoginPage({ error: 'This sign-in has expired. Start again from the site.' }), 400)
  const org = s.org(login.orgId)
  const email = form.get('email')
  const code = form.get('otp')
  try {
    if (email && !code) return sendLoginCode(s, login, org, email)
    if (!login.handle || !login.otp || !code) return html(hostedLoginPage({ loginId: login.id, orgName: org.name, error: 'Enter your e-mail address first.' }), 400)
    return await checkLoginCode(s, login, org, code)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const view = email && !code ? { loginId: login.id, orgName: org.name, error: error.message } : { error: error.message }
    return html(hostedLoginPage(view), error.status, error.headers)
  }
}

/** GET /oauth2/authorize: checks the client and redirect URI, then shows the e-mail form. */
function authorizePage(s: EmulatorState, q: URLSearchParams): Response {
  const problem = (text: string) => html(hostedLoginPage({ error: text }), 400)
  const clientId = q.get('client_id')
  const redirectUri = q.get('redirect_uri')
  if (!clientId) return problem('client_id is required.')
  if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return problem('redirect_uri must be an absolute http(s) URL.')
  let client: { org: Org; redirectUris?: string[] }
  try {
    client = oauthClient(s, clientId)
  } catch (error) {
    if (error instanceof ApiError) return problem(error.message)
    throw error
  }
  // Registered URIs when the client lists them; otherwise the site's own origins only.
  const registered = client.redirectUris ? client.redirectUris.includes(redirectUri) : s.origins.allowsRedirect(redirectUri)
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
    expiresAt: s.now() + s.policy(client.org, 'challengeTtlSeconds') * 1000,
  }
  keepHostedLogin(s, login)
  const hint = q.get('login_hint')
  return html(hostedLoginPage({ loginId: login.id, orgName: client.org.name, ...(hint ? { email: hint } : {}) }))
}

/** The e-mail step: a code to the address (the outbox), then the code form. */
function sendLoginCode(s: EmulatorState, login: HostedLogin, org: Org, email: string): Response {
  const handle: Handle = { type: 'email_address', value: normalizeHandleValue('email_address', email) }
  checkHandleFormat(handle)
  const person = s.findPerson(org.id, handle)
  if (person) s.checkActive(person)
  else s.checkRegistration(org, handle)
  s.rateLimitSends(org, handle)
  login.handle = handle
  login.otp = randomDigits(6)
  login.attempts = 0
  s.messages.push({
    id: randomId('msg', 12),
    handle,
    method: 'otp_via_email',
    challenge_id: login.id,
    created_at: isoSeconds(s.now()),
    org_id: org.id,
    purpose: 'hosted_login',
    otp: login.otp,
  })
  return html(hostedLoginPage({ loginId: login.id, orgName: org.name, email: handle.value, askCode: true }))
}

/** The code step: counted against the login and the lockouts; the right code redirects with an authorization code. */
async function checkLoginCode(s: EmulatorState, login: HostedLogin, org: Org, code: string): Promise<Response> {
  const handle = login.handle!
  if (login.attempts >= s.policy(org, 'maxAttempts')) {
    s.hostedLogins.delete(login.id)
    return html(hostedLoginPage({ error: 'Too many attempts. Start again from the site.' }), 429)
  }
  const keys = s.lockoutKeys(org.id, s.findPerson(org.id, handle)?.id, handle)
  s.countGuess(org, keys)
  if (!safeEqual(code.trim(), login.otp!)) {
    login.attempts++
    return html(hostedLoginPage({ loginId: login.id, orgName: org.name, email: handle.value, askCode: true, error: 'Please enter a valid code' }), 401)
  }
  s.lockouts.succeeded(keys)
  s.hostedLogins.delete(login.id)
  const existing = s.findPerson(org.id, handle)
  const challenge = s.newChallenge({ orgId: org.id, method: 'otp_via_email', purpose: 'hosted_login', type: 'otp', handle, ...(existing ? { personId: existing.id } : {}) })
  const token = await finish(s, challenge)
  const authCode: AuthCode = {
    code: randomToken(),
    clientId: login.clientId,
    redirectUri: login.redirectUri,
    codeChallenge: login.codeChallenge,
    orgId: org.id,
    token,
    expiresAt: s.now() + 60_000,
    used: false,
  }
  s.authCodes.set(authCode.code, authCode)
  const target = new URL(login.redirectUri)
  target.searchParams.set('code', authCode.code)
  if (login.state) target.searchParams.set('state', login.state)
  return new Response(null, { status: 302, headers: { Location: target.toString() } })
}

export async function oauthTokens(s: EmulatorState, request: Request): Promise<Response> {
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
  const record = s.authCodes.get(code)
  if (!record || s.now() >= record.expiresAt) return oauthError(400, 'invalid_grant', 'authorization code is invalid or expired')
  if (record.used) {
    // RFC 6749 §4.1.2: a reused code is refused and the tokens issued from it are revoked.
    await s.tokens.revoke(record.token)
    return oauthError(400, 'invalid_grant', 'authorization code has already been used')
  }
  if (form.get('client_id') !== record.clientId) return oauthError(400, 'invalid_grant', 'client_id does not match the authorization request')
  if (form.get('redirect_uri') !== record.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request')
  if (challenge !== record.codeChallenge) return oauthError(400, 'invalid_grant', 'code_verifier does not match code_challenge (S256)')
  record.used = true
  const org = s.org(record.orgId)
  return json({
    access_token: record.token,
    id_token: record.token,
    token_type: 'Bearer',
    expires_in: s.policy(org, 'tokenTtlSeconds'),
    refresh_token: randomToken(43),
    scope: 'openid',
  })
}
