/**
 * The signed-in reader as the page sees them: the token kept under MY_USER_TOKEN, its groups and
 * expiry read from its payload. Read, never verified: the page only decides what to show, the
 * gate verifies the token before it serves anything private.
 */

export interface Reader {
  readonly token: string
  readonly groups: readonly string[]
}

/** The reader a token names, or undefined for one that cannot be read, has expired or is anonymous. */
export function readUserToken(token: string | null, now: number): Reader | undefined {
  if (token === null) return undefined
  const payload = decodePayload(token)
  if (payload === undefined) return undefined
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now || payload.person_type === 'anonymous') return undefined
  const claim = typeof payload.groups_claim_name === 'string' ? payload.groups_claim_name : 'groups'
  const groups = payload[claim]
  return { token, groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [] }
}

function decodePayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1]!)) return undefined
  try {
    const base64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => char.charCodeAt(0))
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
