/**
 * The last-used memory: the last handle (type and value) and the last factor per
 * organization id, kept in the storage the host gives. A storage that throws or holds garbage
 * simply remembers nothing.
 */
import type { FactorMethod, Handle, StorageLike } from '../identity/index.js'
import { factorMethods } from '../shared/factor-methods.js'
import { HANDLE_TYPE_ORDER } from './handle-options.js'

export const LAST_HANDLE_KEY = '@slashid/LAST_HANDLE'
export const LAST_FACTOR_KEY = '@slashid/LAST_FACTOR'

function read(storage: StorageLike | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key)
    return typeof text === 'string' ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

function write(storage: StorageLike | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {
    // Remembering is a convenience; a full or blocked storage must not break signing in.
  }
}

export function readLastHandle(storage: StorageLike | undefined): Handle | undefined {
  const value = read(storage, LAST_HANDLE_KEY) as Partial<Handle> | undefined
  if (typeof value !== 'object' || value === null) return undefined
  if (!HANDLE_TYPE_ORDER.includes(value.type as Handle['type']) || typeof value.value !== 'string') return undefined
  return { type: value.type!, value: value.value }
}

export function writeLastHandle(storage: StorageLike | undefined, handle: Handle): void {
  write(storage, LAST_HANDLE_KEY, { type: handle.type, value: handle.value })
}

function factorsByOrg(storage: StorageLike | undefined): Record<string, unknown> {
  const value = read(storage, LAST_FACTOR_KEY)
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

export function readLastFactor(storage: StorageLike | undefined, oid: string): FactorMethod | undefined {
  const all = factorsByOrg(storage)
  const method = Object.hasOwn(all, oid) ? all[oid] : undefined
  return (factorMethods as readonly unknown[]).includes(method) ? (method as FactorMethod) : undefined
}

export function writeLastFactor(storage: StorageLike | undefined, oid: string, method: FactorMethod): void {
  write(storage, LAST_FACTOR_KEY, { ...factorsByOrg(storage), [oid]: method })
}
