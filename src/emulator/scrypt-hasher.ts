/**
 * The default password hasher: scrypt from node:crypto (N=16384, r=8, p=1, 16-byte salt).
 * Kept out of the core so that the emulator's core imports only Web APIs; the core loads this
 * file lazily when no hasher was injected.
 * Stored form: `scrypt$N$r$p$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { PasswordHasher } from './types.js'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export const scryptHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16)
    const key = await derive(password, salt, N, R, P)
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`
  },
  async verify(password, stored) {
    const parts = stored.split('$')
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false
    const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
    if (![n, r, p].every((x) => Number.isInteger(x) && x > 0)) return false
    const expected = Buffer.from(parts[5]!, 'base64url')
    const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), n, r, p)
    return key.length === expected.length && timingSafeEqual(key, expected)
  },
}
