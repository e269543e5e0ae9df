/** Proxy challenges: polling (GET /challenge/{id}/v2), challenge packs, and the links people follow. */
import { ApiError, fail, html, json, ok } from '../http.js'
import type { Route } from '../route.js'
import { finish } from '../sign-in.js'
import type { EmulatorState } from '../state.js'
import { linkResultPage } from '../pages.js'

export const challengeRoutes: Route[] = [
  { path: '/challenge/:id/v2', allow: ['GET'], handle: ({ s, params }) => getChallenge(s, params.id!) },
  { path: '/challenge/:id', allow: ['GET'], handle: ({ s, params }) => getChallenge(s, params.id!) },
  { path: '/challenge_pack/:id', allow: ['GET'], handle: ({ s, params }) => getChallengePack(s, params.id!) },
  { path: '/link/:secret', allow: ['GET'], handle: ({ s, params }) => followLink(s, params.secret!) },
]

export function getChallenge(s: EmulatorState, id: string): Response {
  const challenge = s.openChallenge(id)
  if (challenge.error) return fail(challenge.error.status, challenge.error.message)
  if (challenge.status === 'done' && challenge.token) {
    if (s.now() >= challenge.expiresAt) return fail(403, 'authentication has expired')
    return ok(challenge.token)
  }
  if (s.now() >= challenge.expiresAt) return fail(403, 'authentication has expired')
  return json({ errors: [{ httpcode: 202, message: 'challenge not completed yet' }] }, 202)
}

export function getChallengePack(s: EmulatorState, id: string): Response {
  const ids = s.packs.get(id)
  if (!ids) throw new ApiError(404, 'challenge pack not found')
  const list = ids.map((cid) => s.challenges.get(cid)!).filter((c) => c.status === 'open')
  if (list.some((c) => s.now() >= c.expiresAt) || list.length === 0) throw new ApiError(403, 'authentication has expired')
  return ok(list.map((c) => s.wire(c, { challenge: c.nonce })))
}

/** A link from an e-mail/SMS: following it completes the proxy challenge. */
export async function followLink(s: EmulatorState, secret: string): Promise<Response> {
  const proxyId = s.links.get(secret)
  const proxy = proxyId ? s.challenges.get(proxyId) : undefined
  if (!proxy || !proxy.linkSecret) return html(linkResultPage('This link is not valid.', 'Request a new one from the sign-in form.'), 404)
  if (proxy.status === 'done') return html(linkResultPage('This link has already been used.', 'Each link works once.'), 410)
  if (s.now() >= proxy.expiresAt) return html(linkResultPage('This link has expired.', 'Request a new one from the sign-in form.'), 410)
  try {
    await finish(s, proxy)
  } catch (error) {
    if (error instanceof ApiError) return html(linkResultPage('Sign-in could not be completed.', error.message), error.status)
    throw error
  }
  const purpose = proxy.purpose === 'password_reset' ? 'Your address is confirmed; choose a new password in the original window.' : 'You are now authenticated! You can now close this page.'
  return html(linkResultPage('Done.', purpose, proxy.redirectTarget))
}
