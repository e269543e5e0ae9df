/** Fault rules: scripted failures (status, delay, dropped connection) matched by path and method. */
import type { FaultRule } from './types.js'

export interface ActiveFault extends FaultRule {
  id: string
  /** Times applied so far. */
  applied: number
  /** Matching requests let through so far (for `skip`). */
  skipped: number
}

/** The longest fault delay: a week ("never answers"); a timer cannot wait past 24.8 days anyway. */
export const MAX_FAULT_DELAY_MS = 7 * 24 * 3_600_000
/** The most `times` or `skip` a fault may have. */
export const MAX_FAULT_COUNT = 1_000_000

export function faultMatches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false
  if (rule.path === '*') return true
  if (rule.path.endsWith('*')) return path.startsWith(rule.path.slice(0, -1))
  return rule.path === path
}

/** Checks a rule given at run time or in a fixture; returns problems as `field: message`. */
export function validateFault(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['a fault must be an object']
  const rule = value as Record<string, unknown>
  const problems: string[] = []
  if (typeof rule.path !== 'string' || rule.path === '') problems.push('path: required, a path like /id/v2, a prefix ending in *, or *')
  if (rule.method !== undefined && typeof rule.method !== 'string') problems.push('method: must be a string')
  if (rule.status !== undefined && !(Number.isInteger(rule.status) && (rule.status as number) >= 100 && (rule.status as number) <= 599)) {
    problems.push('status: must be an integer from 100 to 599')
  }
  if (rule.message !== undefined && typeof rule.message !== 'string') problems.push('message: must be a string')
  for (const [key, max] of [['delayMs', MAX_FAULT_DELAY_MS], ['times', MAX_FAULT_COUNT], ['skip', MAX_FAULT_COUNT]] as const) {
    const v = rule[key]
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max)) problems.push(`${key}: must be a whole number from 0 to ${max}`)
  }
  if (rule.drop !== undefined && typeof rule.drop !== 'boolean') problems.push('drop: must be true or false')
  if (rule.status === undefined && rule.drop !== true && rule.delayMs === undefined) problems.push('a fault needs status, drop or delayMs')
  const known = new Set(['path', 'method', 'status', 'message', 'delayMs', 'drop', 'times', 'skip', 'id'])
  for (const key of Object.keys(rule)) if (!known.has(key)) problems.push(`${key}: unknown field (known: ${[...known].join(', ')})`)
  return problems
}
