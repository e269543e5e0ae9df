/**
 * Failed answers counted per person and per handle, across challenges: a fresh `/id/v2` does not
 * start the count again. After `failuresBeforeLockout` failures the key is locked for
 * `lockoutSeconds`, doubled at each further lockout up to `maxLockoutSeconds`; while locked every
 * answer, right or wrong, is a 429 with Retry-After. A right answer clears the key.
 */
import { ApiError } from './http.js'

/** Failed codes or passwords per person or handle before a lockout. */
export const FAILURES_BEFORE_LOCKOUT = 10
/** Length of the first lockout; each further one doubles it. */
export const LOCKOUT_SECONDS = 60
/** The longest lockout. */
export const MAX_LOCKOUT_SECONDS = 3600

export interface LockoutSettings {
  failuresBeforeLockout: number
  lockoutSeconds: number
  maxLockoutSeconds: number
}

interface Entry {
  failures: number
  lockouts: number
  lockedUntil: number
}

export interface LockoutView {
  key: string
  failures: number
  lockouts: number
  locked_until?: string
}

export class Lockouts {
  private entries = new Map<string, Entry>()

  /** Throws 429 (with Retry-After in seconds) while any of `keys` is locked. */
  check(keys: readonly string[], now: number): void {
    const until = Math.max(0, ...keys.map((key) => this.entries.get(key)?.lockedUntil ?? 0))
    if (until <= now) return
    const seconds = Math.ceil((until - now) / 1000)
    throw new ApiError(429, `too many failed attempts: try again in ${seconds} s`, { 'Retry-After': String(seconds) })
  }

  /**
   * Counts an answer as failed before it is checked, so that parallel guesses are all counted;
   * `succeeded` takes it back when the answer was right.
   */
  attempt(keys: readonly string[], now: number, settings: LockoutSettings): void {
    for (const key of keys) {
      const entry = this.entries.get(key) ?? { failures: 0, lockouts: 0, lockedUntil: 0 }
      entry.failures++
      if (entry.failures >= settings.failuresBeforeLockout) {
        entry.failures = 0
        entry.lockouts++
        const seconds = Math.min(settings.lockoutSeconds * 2 ** (entry.lockouts - 1), settings.maxLockoutSeconds)
        entry.lockedUntil = now + seconds * 1000
      }
      this.entries.set(key, entry)
    }
  }

  succeeded(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key)
  }

  list(now: number): LockoutView[] {
    return [...this.entries].map(([key, e]) => ({
      key,
      failures: e.failures,
      lockouts: e.lockouts,
      ...(e.lockedUntil > now ? { locked_until: new Date(e.lockedUntil).toISOString() } : {}),
    }))
  }

  clear(): void {
    this.entries.clear()
  }
}
