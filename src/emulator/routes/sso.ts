/** SSO: the simulated external identity provider (oidc/saml factors) and POST /sso/resolve. */
import { ApiError, html, ok, readForm, readJsonObject } from '../http.js'
import { checkHandleFormat, normalizeHandleValue, sameHandle } from '../handles.js'
import { randomDigits, safeEqual } from '../ids.js'
import type { ChallengeRecord, Org } from '../model.js'
import { idpPage, linkResultPage } from '../pages.js'
import type { Route } from '../route.js'
import { finish } from '../sign-in.js'
import type { EmulatorState } from '../state.js'
import type { Handle } from '../types.js'

export const ssoRoutes: Route[] = [
  { path: '/sso/resolve', allow: ['POST'], handle: async ({ request }) => (await readJsonObject(request, { optional: true }), ok({})) },
  { path: '/sso/idp/:secret', handle: ({ s, request, method, params }) => idpLogin(s, request, method, params.secret!) },
]

export async function idpLogin(s: EmulatorState, request: Request, method: string, secret: string): Promise<Response> {
  const proxyId = s.links.get(secret)
  const proxy = proxyId ? s.challenges.get(proxyId) : undefined
  if (!proxy) return html(linkResultPage('Unknown sign-in request.', 'Start again from the sign-in form.'), 404)
  if (proxy.status === 'done') return html(linkResultPage('This sign-in request was already used.', ''), 410)
  if (s.now() >= proxy.expiresAt) return html(linkResultPage('This sign-in request has expired.', ''), 410)
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
    const org = s.org(proxy.orgId)
    const existing = s.findPerson(org.id, handle)
    if (existing && proxy.personId && existing.id !== proxy.personId) throw new ApiError(409, 'person exists')
    if (existing || proxy.personId) {
      const page = idpCodeStep(s, org, proxy, handle, fields.get('otp'))
      if (page) return page
    } else {
      s.checkRegistration(org, handle)
    }
    if (existing) proxy.personId = existing.id
    proxy.handle = handle
    await finish(s, proxy)
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
export function idpCodeStep(s: EmulatorState, org: Org, proxy: ChallengeRecord, handle: Handle, code: string | null): Response | undefined {
  const sent = proxy.idpCode
  if (!code || !sent || !sameHandle(sent.handle, handle)) {
    s.rateLimitSends(org, handle)
    proxy.idpCode = { handle, otp: randomDigits(6) }
    s.send(proxy, { otp: proxy.idpCode.otp }, handle)
    return html(idpPage(proxy.method, { email: handle.value }))
  }
  if (proxy.attempts >= s.policy(org, 'maxAttempts')) throw new ApiError(429, 'too many attempts for this sign-in request; start again')
  const keys = s.lockoutKeys(org.id, s.findPerson(org.id, handle)?.id, handle)
  s.countGuess(org, keys)
  if (!safeEqual(code.trim(), sent.otp)) {
    proxy.attempts++
    return html(idpPage(proxy.method, { email: handle.value, error: 'Please enter a valid code' }), 401)
  }
  s.lockouts.succeeded(keys)
  proxy.idpCodeVerified = true
  return undefined
}
