/** Fault rules: scripted failures (status, delay, dropped connection) matched by path and method. */
import { problemLines, type ValueAt } from '../shared/read-value.js'
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

const FAULT_KEYS = ['path', 'method', 'status', 'message', 'delayMs', 'drop', 'times', 'skip', 'id']

/** Checks a rule given at run time (`path: message` strings). */
export function validateFault(value: unknown): string[] {
  return problemLines(readFault, value)
}

/** Checks a rule given at run time or in a fixture. */
export function readFault(fault: ValueAt): void {
  if (fault.value === null || typeof fault.value !== 'object' || Array.isArray(fault.value)) return void fault.fail('a fault must be an object')
  const rule = fault.value as Record<string, unknown>
  fault.mapping(FAULT_KEYS)
  if (typeof rule.path !== 'string' || rule.path === '') fault.get('path').fail('required, a path like /id/v2, a prefix ending in *, or *')
  fault.get('method').string()
  if (fault.get('status').present) fault.get('status').number({ min: 100, max: 599, integer: true })
  fault.get('message').string()
  for (const [key, max] of [['delayMs', MAX_FAULT_DELAY_MS], ['times', MAX_FAULT_COUNT], ['skip', MAX_FAULT_COUNT]] as const) fault.get(key).number({ min: 0, max, integer: true })
  fault.get('drop').boolean()
  if (rule.status === undefined && rule.drop !== true && rule.delayMs === undefined) fault.fail('a fault needs status, drop or delayMs')
}
