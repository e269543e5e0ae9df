/**
 * Whether the provider still honours a token that verified locally (it may have been revoked at
 * sign-out), asked of its `/token/validate` and remembered briefly: a valid answer for
 * `validMs`, a refusal until the token expires (a revoked token never comes back). Requests
 * with the same token share one call. Entries are kept by the token's SHA-256, at most
 * `maxEntries` of them.
 */
import type { FetchEdge } from './gate-options.js'
import { askProvider } from './ask-provider.js'

// The answer is `{"result": {"valid": true}}` and a little more; anything this large is not one.
const maxAnswerBytes = 64 * 1024

export interface RevocationCheckOptions {
  readonly url: string
  readonly fetch: FetchEdge
  readonly now: () => number
  readonly validMs: number
  readonly maxEntries: number
  readonly timeoutMs: number
  readonly onProblem: (message: string) => void
}

export type Standing = 'valid' | 'revoked' | 'unavailable'

export function createRevocationCheck(options: RevocationCheckOptions): (token: string, expiresAt: number) => Promise<Standing> {
  const remembered = new Map<string, { readonly until: number; readonly standing: Standing }>()
  const asking = new Map<string, Promise<Standing>>()

  const remember = (id: string, standing: Standing, expiresAt: number) => {
    if (standing === 'unavailable') return
    remembered.delete(id)
    // Map keeps insertion order: the first entry is the oldest.
    while (remembered.size >= options.maxEntries) remembered.delete(remembered.keys().next().value!)
    remembered.set(id, { standing, until: standing === 'valid' ? Math.min(options.now() + options.validMs, expiresAt) : expiresAt })
  }

  return async (token, expiresAt) => {
    const id = await sha256(token)
    const known = remembered.get(id)
    if (known !== undefined && options.now() < known.until) return known.standing
    let pending = asking.get(id)
    if (pending === undefined) {
      pending = ask(token, options)
        .then((standing) => {
          remember(id, standing, expiresAt)
          return standing
        })
        .finally(() => asking.delete(id))
      asking.set(id, pending)
    }
    return pending
  }
}

async function ask(token: string, options: RevocationCheckOptions): Promise<Standing> {
  try {
    const answer = await askProvider(
      options.fetch,
      new Request(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
      maxAnswerBytes,
    )
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`)
    const valid = (JSON.parse(answer.text) as { result?: { valid?: unknown } } | null)?.result?.valid
    if (typeof valid !== 'boolean') throw new Error('the answer has no "result.valid"')
    return valid ? 'valid' : 'revoked'
  } catch (error) {
    options.onProblem(`could not ask ${options.url} whether a token is still valid: ${(error as Error).message}`)
    return 'unavailable'
  }
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
