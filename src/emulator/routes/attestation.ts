/** POST /attestation/v3: the answer to a challenge (a code, a password, an authenticator code, a nonce). */
import { ApiError, ok, readJsonObject, requireObject, requireString } from '../http.js'
import { safeEqual } from '../ids.js'
import type { ChallengeRecord, Org, Person } from '../model.js'
import { checkPassword } from '../password-rules.js'
import type { Route } from '../route.js'
import { finish, replayAnswer } from '../sign-in.js'
import type { EmulatorState } from '../state.js'
import { verifyTotp } from '../totp.js'

export const attestationRoutes: Route[] = [{ path: '/attestation/v3', allow: ['POST'], handle: ({ s, request }) => postAttestation(s, request) }]

export async function postAttestation(s: EmulatorState, request: Request): Promise<Response> {
  const body = await readJsonObject(request)
  const id = requireString(body, 'challenge_id')
  const type = requireString(body, 'challenge_type')
  const data = requireObject(body, 'data')
  // Kept (in memory only) to recognise a retry of the same answer; no await before the claim.
  const answerKey = canonicalJson(data)
  const challenge = s.openChallenge(id)
  if (challenge.type !== type) throw new ApiError(400, `challenge_type '${type}' does not match challenge ${id} (a ${challenge.type} challenge)`)
  if (challenge.status === 'done') return ok({ token: await replayAnswer(s, challenge, answerKey) })
  // 403, not 401: the SDK answers a 401 on a code challenge by asking for the code again.
  if (s.now() >= challenge.expiresAt) throw new ApiError(403, 'authentication has expired')
  const org = s.org(challenge.orgId)
  checkProofGiven(s, challenge)
  if (challenge.attempts >= s.policy(org, 'maxAttempts')) {
    throw new ApiError(429, 'too many attempts for this challenge; start again')
  }
  const answer = ANSWERS[challenge.type]
  if (!answer) throw new ApiError(400, `a ${challenge.type} challenge is not answered with an attestation`)
  const lockoutKeys = s.lockoutKeys(org.id, challenge.personId, challenge.handle)
  const attempt: Attempt = {
    s,
    challenge,
    org,
    data,
    answerKey,
    // Every guess is counted before any await, so parallel guesses cannot get past the limits.
    guess: () => void challenge.attempts++,
    guessSecret: () => {
      s.countGuess(org, lockoutKeys)
      challenge.attempts++
    },
  }
  const token = await answer(attempt)
  s.lockouts.succeeded(lockoutKeys)
  return ok({ token })
}

/** One answer being checked. `guessSecret` counts it against the challenge and the lockouts too. */
interface Attempt {
  s: EmulatorState
  challenge: ChallengeRecord
  org: Org
  data: Record<string, unknown>
  answerKey: string
  guess(): void
  guessSecret(): void
}

const wrong = (status: number, message: string): never => {
  throw new ApiError(status, message)
}

/** How each kind of challenge is answered; each resolves to the token. */
const ANSWERS: Partial<Record<ChallengeRecord['type'], (attempt: Attempt) => Promise<string>>> = {
  async otp({ s, challenge, data, answerKey, guessSecret }) {
    const otp = requireString(data, 'otp', 'data')
    guessSecret()
    if (!safeEqual(otp.trim(), challenge.otp!)) wrong(401, 'incorrect one-time code')
    return finish(s, challenge, undefined, undefined, answerKey)
  },
  async nonce({ s, challenge, data, answerKey, guess }) {
    const nonce = requireString(data, 'challenge', 'data')
    guess()
    if (!safeEqual(nonce, challenge.nonce!)) wrong(401, 'incorrect challenge')
    const proxy = challenge.proxyFor ? s.challenges.get(challenge.proxyFor) : undefined
    if (proxy && proxy.status === 'done') throw new ApiError(409, 'challenge has already been answered')
    return finish(s, challenge, proxy, undefined, answerKey)
  },
  password_set: ({ s, challenge, org, data, answerKey }) => finishWithNewPassword(s, challenge, org, requireString(data, 'password', 'data'), answerKey),
  password_reset: ({ s, challenge, org, data, answerKey }) => finishWithNewPassword(s, challenge, org, requireString(data, 'password', 'data'), answerKey),
  async password_verify({ s, challenge, org, data, answerKey, guessSecret }) {
    const password = requireString(data, 'password', 'data')
    guessSecret()
    const person = s.person(org.id, challenge.personId ?? '')
    if (!person?.passwordHash || !(await (await s.hasher()).verify(password, person.passwordHash))) wrong(401, 'incorrect handle or password')
    return finish(s, challenge, undefined, undefined, answerKey)
  },
  async totp_register({ s, challenge, data, answerKey, guessSecret }) {
    const otp = requireString(data, 'otp', 'data')
    guessSecret()
    const step = await verifyTotp(challenge.totpSecret!, otp.trim(), s.now() / 1000)
    if (step === undefined) wrong(401, 'incorrect authenticator code')
    const enrol = (person: Person) => {
      person.totp = { secret: challenge.totpSecret!, recoveryCodes: [...challenge.recoveryCodes!], lastStep: step! }
    }
    return finish(s, challenge, undefined, enrol, answerKey)
  },
  async totp_verify({ s, challenge, org, data, answerKey, guessSecret }) {
    const raw = typeof data.recovery_code === 'string' ? data.recovery_code : requireString(data, 'otp', 'data')
    const code = raw.trim()
    guessSecret()
    const totp = s.person(org.id, challenge.personId ?? '')?.totp
    if (!totp) throw new ApiError(403, 'authentication has expired')
    const step = await verifyTotp(totp.secret, code, s.now() / 1000, totp.lastStep)
    // Re-checked after the await: a parallel answer may have used this step meanwhile.
    if (step !== undefined && (totp.lastStep === undefined || step > totp.lastStep)) {
      totp.lastStep = step
    } else {
      const index = totp.recoveryCodes.findIndex((c) => safeEqual(c.toLowerCase(), code.toLowerCase()))
      if (index < 0) wrong(401, 'incorrect authenticator code')
      totp.recoveryCodes.splice(index, 1)
    }
    return finish(s, challenge, undefined, undefined, answerKey)
  },
}

/** A challenge that needs proof of the handle first (a link or a code) is refused until that is answered. */
export function checkProofGiven(s: EmulatorState, challenge: ChallengeRecord): void {
  if (!challenge.requires) return
  const proof = s.challenges.get(challenge.requires)
  if (proof && proof.status === 'done' && !proof.error) return
  const how = proof?.type === 'otp' ? 'enter the code that was sent first' : 'follow the link that was sent first'
  throw new ApiError(401, `handle not verified yet: ${how}`)
}

/** password_set and password_reset: the new password must pass the organization's rules; its hash is stored on success. */
export async function finishWithNewPassword(s: EmulatorState, challenge: ChallengeRecord, org: Org, password: string, answerKey: string): Promise<string> {
  checkNewPassword(s, org, password)
  const hash = await (await s.hasher()).hash(password)
  const enrol = (person: Person) => {
    person.passwordHash = hash
  }
  return finish(s, challenge, undefined, enrol, answerKey)
}

export function checkNewPassword(s: EmulatorState, org: Org, password: string): void {
  const failures = checkPassword(password, s.policy(org, 'passwordRules'))
  if (failures.length > 0) throw new ApiError(400, `invalid password: ${failures.map((f) => f.name).join(', ')}`)
}

/** JSON with object keys sorted, so that equal data gives equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
