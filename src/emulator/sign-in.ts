/**
 * Finishing a sign-in: the bearer token of a request, minting tokens, and completing a challenge
 * (creating, upgrading or stepping up the person) with the claim that makes one answer one token.
 */
import { ApiError } from './http.js'
import { isoSeconds, type ChallengeRecord, type Person, type Setup } from './model.js'
import { safeEqual } from './ids.js'
import type { EmulatorState } from './state.js'
import type { Authentication, TokenClaims } from './tokens.js'

/** How long an answered challenge gives the same token again for the same data (a retry after a lost answer). */
export const ATTESTATION_RETRY_WINDOW_MS = 60_000

/** The claims of the request's bearer token; undefined without one; 401 when it is not valid. */
export async function bearerClaims(s: EmulatorState, request: Request, { required = false } = {}): Promise<TokenClaims | undefined> {
  const header = request.headers.get('authorization')
  if (!header) {
    if (required) throw new ApiError(401, 'missing Authorization: Bearer <token>')
    return undefined
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match) throw new ApiError(401, 'malformed Authorization header (expected Bearer <token>)')
  const check = await s.tokens.check(match[1]!)
  if (!check.valid) {
    if (check.reason === 'expired') throw new ApiError(401, 'authentication has expired')
    throw new ApiError(401, `invalid token (${check.reason})`)
  }
  const person = s.person(check.claims.oid, check.claims.person_id)
  if (!person) throw new ApiError(401, 'invalid token (person no longer exists)')
  s.checkActive(person)
  return check.claims
}

export async function currentPerson(s: EmulatorState, request: Request): Promise<Person> {
  const claims = (await bearerClaims(s, request, { required: true }))!
  return s.person(claims.oid, claims.person_id)!
}

export async function mintFor(s: EmulatorState, person: Person, authentications: Authentication[], extra: Partial<TokenClaims> = {}): Promise<string> {
  const org = s.org(person.orgId)
  const methods = [...new Set(authentications.map((a) => a.method))]
  const token = await s.tokens.mint(
    {
      oid: person.orgId,
      person_id: person.id,
      person_type: person.type,
      first_token: person.tokensIssued === 0,
      authenticated_methods: methods,
      authentications,
      groups: [...person.groups],
      ...extra,
    },
    s.policy(org, 'tokenTtlSeconds'),
  )
  person.tokensIssued++
  return token
}

/**
 * Finishes a sign-in challenge: creates or upgrades the person as needed, checks policies and
 * returns the new token.
 */
export async function completeSignIn(s: EmulatorState, challenge: ChallengeRecord, setup?: Setup): Promise<string> {
  const org = s.org(challenge.orgId)
  const handle = challenge.handle
  let person = challenge.personId ? s.person(org.id, challenge.personId) : undefined
  if (challenge.personId && !person) throw new ApiError(403, 'authentication has expired')
  const extra: Partial<TokenClaims> = {}
  const proves = provesHandle(challenge)

  if (!person && handle) {
    // Created meanwhile: a code or link proves it is theirs; a password or authenticator set-up does not.
    person = s.findPerson(org.id, handle)
    if (person && !proves) throw new ApiError(409, 'person exists')
  }
  if (!person) {
    const bearer = challenge.bearer
    const anonymous = bearer?.person_type === 'anonymous' && bearer.oid === org.id ? s.person(org.id, bearer.person_id) : undefined
    s.checkRegistration(org, handle)
    if (anonymous) {
      // Upgrade the anonymous person in place: same person id, now regular.
      person = anonymous
      person.type = 'regular'
      extra.prev_anonymous_person_id = anonymous.id
    } else {
      // Org switching with a step-up factor: the same person id in the target organization.
      const carried = bearer?.person_type === 'regular' && bearer.oid !== org.id && !s.person(org.id, bearer.person_id) ? bearer.person_id : undefined
      person = s.createPerson(org, [], 'regular', carried)
      if (s.policy(org, 'approvalRequired')) person.active = false
    }
  }
  if (handle) {
    if (proves) s.proveHandle(person, handle)
    else s.addHandle(person, handle, false)
  }
  if (challenge.bearer?.person_type === 'anonymous' && challenge.bearer.person_id !== person.id) {
    extra.prev_anonymous_person_id = challenge.bearer.person_id
  }
  if (setup) await setup(person)
  s.checkActive(person)

  const previous = challenge.bearer && challenge.bearer.person_id === person.id && challenge.bearer.person_type === 'regular' ? challenge.bearer : undefined
  const authentications: Authentication[] = [...(previous?.authentications ?? [])]
  authentications.push({ ...(handle ? { handle: { ...handle } } : {}), method: challenge.method, timestamp: isoSeconds(s.now()) })
  if (previous?.jti) extra.prev_token_id = previous.jti
  return mintFor(s, person, authentications, extra)
}

/**
 * Marks a challenge (and the proxy it stands for) done and returns the token. A policy error
 * (e.g. approval required) is recorded on the proxy so that polling reports it too.
 */
export function finish(s: EmulatorState, challenge: ChallengeRecord, proxy?: ChallengeRecord, setup?: Setup, answerKey?: string): Promise<string> {
  const target = proxy ?? challenge
  // Claimed synchronously: of two parallel correct answers only one mints a token.
  if (challenge.status === 'done' || target.status === 'done') return Promise.reject(new ApiError(409, 'challenge has already been answered'))
  challenge.status = 'done'
  target.status = 'done'
  const token = complete(s, challenge, target, setup)
  if (answerKey !== undefined) challenge.answer = { key: answerKey, at: s.now(), token }
  return token
}

export async function complete(s: EmulatorState, challenge: ChallengeRecord, target: ChallengeRecord, setup?: Setup): Promise<string> {
  try {
    const token = await completeSignIn(s, target, setup)
    target.token = token
    return token
  } catch (error) {
    delete challenge.answer
    if (error instanceof ApiError) {
      target.error = { status: error.status, message: error.message }
    } else {
      challenge.status = 'open'
      target.status = 'open'
    }
    throw error
  }
}

/**
 * An answered challenge asked again: the same data within ATTESTATION_RETRY_WINDOW_MS gets the
 * same token (its first answer may have been lost on the way back); anything else is a 409.
 */
export function replayAnswer(s: EmulatorState, challenge: ChallengeRecord, answerKey: string): Promise<string> {
  const answer = challenge.answer
  if (answer && safeEqual(answer.key, answerKey) && s.now() - answer.at < ATTESTATION_RETRY_WINDOW_MS) return answer.token
  throw new ApiError(409, 'challenge has already been answered')
}

/** Challenges whose completion shows that the person controls the handle: a code or a link reached it. */
function provesHandle(challenge: ChallengeRecord): boolean {
  if (challenge.type === 'otp' || challenge.type === 'nonce' || challenge.idpCodeVerified) return true
  return challenge.type === 'proxy' && (challenge.method === 'email_link' || challenge.method === 'sms_link')
}
