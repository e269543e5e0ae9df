/**
 * The config's default export as plain data (text, numbers, booleans, null, arrays, objects),
 * read once, property by property, where the config runs. A getter or a Proxy that throws, a
 * function, a Promise or a class instance, a cycle: each becomes a problem naming its path,
 * instead of an exception somewhere later in the build. What passes is what the build reads.
 */
import { describeThrown } from '../workers/user-code-thread.js'

export interface PlainDataProblem {
  /** Where, as written in the config (`navbar.items[0].label`); '' for the default export itself. */
  readonly path: string
  readonly message: string
  readonly suggestion: string
}

const plainValues = 'Export plain values: text, numbers, true or false, lists and objects.'

const maxDepth = 64

export function toPlainData(value: unknown): { value: unknown; problems: PlainDataProblem[] } {
  const problems: PlainDataProblem[] = []
  const ancestors = new Set<object>()
  const name = (path: string) => (path === '' ? 'The default export' : `"${path}"`)

  const convert = (current: unknown, path: string, depth: number): unknown => {
    if (current === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof current)) return current
    if (typeof current !== 'object') {
      problems.push({ path, message: `${name(path)} is a ${typeof current}, not a plain value`, suggestion: plainValues })
      return undefined
    }
    if (ancestors.has(current)) {
      problems.push({ path, message: `${name(path)} refers back to an object that contains it`, suggestion: plainValues })
      return undefined
    }
    if (depth > maxDepth) {
      problems.push({ path, message: `${name(path)} is nested more than ${maxDepth} levels deep`, suggestion: plainValues })
      return undefined
    }
    const kind = attempt(path, 'Reading the type of', () => kindOf(current))
    if (kind === undefined) return undefined
    if (kind !== 'array' && kind !== 'object') {
      problems.push({ path, message: `${name(path)} is a ${kind}, not a plain value`, suggestion: plainValues })
      return undefined
    }
    const keys = attempt(path, 'Listing the keys of', () => Object.keys(current))
    if (keys === undefined) return undefined
    ancestors.add(current)
    const copy: Record<string, unknown> | unknown[] = kind === 'array' ? [] : {}
    for (const key of keys) {
      const childPath = kind === 'array' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`
      const read = attempt(childPath, 'Reading', () => ({ child: (current as Record<string, unknown>)[key] }))
      // Defined, not assigned: a key named `__proto__` stays a key instead of replacing the prototype.
      if (read !== undefined) Object.defineProperty(copy, key, { value: convert(read.child, childPath, depth + 1), enumerable: true, writable: true, configurable: true })
    }
    ancestors.delete(current)
    return copy
  }

  /** Runs one read of the config's objects, which may be getters or Proxy traps that throw. */
  const attempt = <T>(path: string, action: string, read: () => T): T | undefined => {
    try {
      return read()
    } catch (error) {
      problems.push({
        path,
        message: `${action} ${path === '' ? 'the default export' : `"${path}"`} threw: ${describeThrown(error)}`,
        suggestion: 'Write the value itself, not a getter or Proxy that computes it.',
      })
      return undefined
    }
  }

  return { value: convert(value, '', 0), problems }
}

/** 'array', 'object' for plain objects, else what the value is: 'function', 'Promise', 'Map', a class name. */
function kindOf(value: object): string {
  if (typeof value === 'function') return 'function'
  if (Array.isArray(value)) return 'array'
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype === null || prototype === Object.prototype) return 'object'
  const constructorName = (prototype as { constructor?: { name?: unknown } }).constructor?.name
  return typeof constructorName === 'string' && constructorName !== '' ? constructorName : 'class instance'
}
