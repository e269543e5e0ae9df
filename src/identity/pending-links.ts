/**
 * The sign-in links this browser is waiting for. A link landing (`?challenges=` / `?sidcp=`)
 * signs this browser in only when it asked for such a link itself, and only as the person it
 * asked for: otherwise anyone could mail a victim a link to the attacker's own account (login
 * CSRF).
 *
 * What the wire lets us bind, and what not: a link's nonce does not name the proxy challenge it
 * completes, so a landing cannot tell which of several links for the same person it is; it is
 * bound to "this browser waits for an e-mail/SMS link for this handle (or this signed-in person,
 * for a step-up)", checked against the token the link yields. A link opened in another browser
 * or device, or with localStorage blocked, finds no record and is refused there: the person asks
 * for a new link in that browser.
 *
 * Kept in localStorage because the link opens in a new tab, which has its own sessionStorage.
 * Only the handle, method and expiry are stored, never a challenge id: a proxy challenge id is
 * enough to collect the token it yields.
 */

import type { Clock, CryptoLike, StorageLike } from './ports.js'
import type { Handle } from './types.js'
import type { User } from './user.js'

/** The factor methods whose challenge is completed by following a link. */
export const LINK_METHODS: readonly string[] = ['email_link', 'sms_link']

/** At most this many records are kept; the oldest go first. */
const MAX_PENDING_LINKS = 16

export interface PendingLink {
  readonly id: string
  readonly method: string
  /** The handle the link was sent to; absent for a step-up without a handle. */
  readonly handle: Handle | undefined
  /** For a step-up without a handle: the signed-in person the link is for. */
  readonly personId: string | undefined
  /** Epoch milliseconds after which the record is ignored. */
  readonly expiresAt: number
}

export interface PendingLinks {
  /** Remember a link this browser waits for; returns the function that forgets it. */
  expect(link: Omit<PendingLink, 'id'>): () => void
  /** The records still in time, oldest first. */
  pending(): PendingLink[]
  forget(id: string): void
}

const isHandle = (value: unknown): value is Handle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Handle).type === 'string' &&
  typeof (value as Handle).value === 'string'

/** One stored record, read as hostile input: anything malformed is dropped. */
function readRecord(value: unknown): PendingLink | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { id, method, handle, personId, expiresAt } = value as Record<string, unknown>
  if (typeof id !== 'string' || typeof method !== 'string' || !LINK_METHODS.includes(method)) return undefined
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return undefined
  if (handle !== undefined && !isHandle(handle)) return undefined
  if (personId !== undefined && typeof personId !== 'string') return undefined
  if (handle === undefined && personId === undefined) return undefined
  return { id, method, handle, personId, expiresAt }
}

export function createPendingLinks(storage: StorageLike, key: string, clock: Clock, crypto: CryptoLike): PendingLinks {
  const read = (): PendingLink[] => {
    let list: unknown
    try {
      list = JSON.parse(storage.getItem(key) ?? '[]')
    } catch {
      return []
    }
    if (!Array.isArray(list)) return []
    const now = clock.now()
    return list.map(readRecord).filter((link): link is PendingLink => link !== undefined && link.expiresAt > now)
  }
  const write = (list: readonly PendingLink[]) => {
    if (list.length === 0) storage.removeItem(key)
    else storage.setItem(key, JSON.stringify(list.slice(-MAX_PENDING_LINKS)))
  }
  const forget = (id: string) => write(read().filter((link) => link.id !== id))
  return {
    expect(link) {
      const id = crypto.randomUUID()
      write([...read(), { ...link, id }])
      return () => forget(id)
    },
    pending: read,
    forget,
  }
}

function sameHandle(a: Handle, b: Handle): boolean {
  if (a.type !== b.type) return false
  // E-mail addresses are compared without case, as providers store them.
  return a.type === 'email_address' ? a.value.toLowerCase() === b.value.toLowerCase() : a.value === b.value
}

/** The pending link that `user` (the token a landing produced) answers, if any. */
export function findPendingLink(links: readonly PendingLink[], user: User): PendingLink | undefined {
  const last = user.authentications.at(-1)
  return links.find((link) => {
    if (last && last.method !== link.method) return false
    if (link.handle) return last?.handle !== undefined && isHandle(last.handle) && sameHandle(link.handle, last.handle)
    return link.personId !== undefined && link.personId === user.personId
  })
}
