/**
 * Reading user-written data (site config, front matter, `_category_.json`, emulator fixtures,
 * harness scenarios) once it is parsed into plain values: read a value at a path, say plainly
 * when its type is wrong, reject unknown keys with "did you mean", and give every problem a
 * position through a locator that knows the source format (YAML, JSON, TypeScript …). Problems
 * are collected, never thrown, so a reader reports them all at once.
 */
import { closest } from './closest.js'

export type ValuePath = readonly (string | number)[]

/** 1-based line and column. */
export interface SourcePosition {
  readonly line: number
  readonly column: number
}

/** Where a path is written: its key (for unknown keys) or its value. Undefined when unknown. */
export type Locator = (path: ValuePath, part: 'key' | 'value') => SourcePosition | undefined

export interface ReadProblem {
  readonly path: ValuePath
  /** What failed, quoting the offending value. */
  readonly message: string
  /** How to fix it, when known ("Did you mean 'fill'?"). */
  readonly suggestion: string | undefined
  readonly position: SourcePosition | undefined
  /** Whether the problem is the key itself (an unknown key) or the value written under it. */
  readonly part: 'key' | 'value'
}

/** `steps[2].fill.field`; the empty path is the whole document. */
export function formatValuePath(path: ValuePath): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('')
}

/** `steps[0].fill: must be a text, got a list`: a problem in one line, its suggestion after it. */
export function formatReadProblem(problem: ReadProblem): string {
  const text = `${problem.message}${problem.suggestion ? ` ${problem.suggestion}` : ''}`
  return problem.path.length > 0 ? `${formatValuePath(problem.path)}: ${text}` : text
}

/** The problems `read` finds in a value that has no source (a request body, an object), each in one line. */
export function problemLines(read: (at: ValueAt) => void, value: unknown): string[] {
  const reader = new ValueReader()
  read(reader.root(value))
  return reader.problems.map(formatReadProblem)
}

/** A short description of a value for messages: `a number (42)`, `a list`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
    case 'number':
      return `a number (${value})`
    case 'boolean':
      return `${value}`
    case 'object':
      return 'a mapping'
    default:
      return `a ${typeof value}`
  }
}

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Collects the problems of one document. */
export class ValueReader {
  readonly problems: ReadProblem[] = []

  constructor(readonly locate: Locator = () => undefined) {}

  /** The document's root value. */
  root(value: unknown): ValueAt {
    return new ValueAt(this, value, [])
  }

  report(path: ValuePath, message: string, suggestion?: string, part: 'key' | 'value' = 'value'): void {
    this.problems.push({ path, message, suggestion, position: this.locate(path, part), part })
  }
}

/** One value of the document and its path; every reading method reports what it could not read. */
export class ValueAt {
  constructor(
    readonly reader: ValueReader,
    readonly value: unknown,
    readonly path: ValuePath,
  ) {}

  /** Written and not null. */
  get present(): boolean {
    return this.value !== undefined && this.value !== null
  }

  /** The value under a key or index (absent values read as `undefined`). */
  get(key: string | number): ValueAt {
    const value = typeof key === 'number' ? (Array.isArray(this.value) ? this.value[key] : undefined) : isMapping(this.value) ? this.value[key] : undefined
    return new ValueAt(this.reader, value, [...this.path, key])
  }

  /** Reports a problem at this value; returns undefined so a reader can `return at.fail(…)`. */
  fail(message: string, suggestion?: string): undefined {
    this.reader.report(this.path, message, suggestion)
    return undefined
  }

  /** Reports that a required value is missing; true when it is present. */
  require(what = 'a value'): boolean {
    if (this.present) return true
    this.fail(`is required: expected ${what}`)
    return false
  }

  private typed<T>(ok: boolean, what: string): T | undefined {
    if (!this.present) return undefined
    if (ok) return this.value as T
    return this.fail(`must be ${what}, got ${describeValue(this.value)}`)
  }

  string(): string | undefined {
    return this.typed<string>(typeof this.value === 'string', 'a text')
  }

  boolean(): boolean | undefined {
    return this.typed<boolean>(typeof this.value === 'boolean', 'true or false')
  }

  number({ min, max, integer = false }: { min?: number; max?: number; integer?: boolean } = {}): number | undefined {
    const value = this.typed<number>(typeof this.value === 'number' && Number.isFinite(this.value), integer ? 'a whole number' : 'a number')
    if (value === undefined) return undefined
    if (integer && !Number.isInteger(value)) return this.fail(`must be a whole number, got ${value}`)
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      return this.fail(`must be ${min !== undefined && max !== undefined ? `from ${min} to ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`}, got ${value}`)
    }
    return value
  }

  /** One of a fixed set of texts, with "did you mean" for a near miss. */
  oneOf<T extends string>(choices: readonly T[]): T | undefined {
    const value = this.string()
    if (value === undefined) return undefined
    if ((choices as readonly string[]).includes(value)) return value as T
    const near = closest(value, choices)
    return this.fail(`must be one of ${choices.map((choice) => `'${choice}'`).join(', ')}, got '${value}'`, near ? `Did you mean '${near}'?` : undefined)
  }

  /** The items of a list; a single value is not a list. */
  list(): ValueAt[] | undefined {
    if (!this.present) return undefined
    if (!Array.isArray(this.value)) return this.fail(`must be a list, got ${describeValue(this.value)}`)
    return this.value.map((_, index) => this.get(index))
  }

  /** A list, or one value standing for a list of one. */
  listOrOne(): ValueAt[] | undefined {
    return !this.present ? undefined : Array.isArray(this.value) ? this.list() : [this]
  }

  /**
   * The entries of a mapping. With `allowed`, every other key is reported at the key, with the
   * nearest allowed key as the suggestion.
   */
  mapping(allowed?: readonly string[]): Array<[string, ValueAt]> | undefined {
    if (!this.present) return undefined
    if (!isMapping(this.value)) return this.fail(`must be a mapping (key: value), got ${describeValue(this.value)}`)
    const entries: Array<[string, ValueAt]> = []
    for (const key of Object.keys(this.value)) {
      if (allowed && !allowed.includes(key)) {
        const near = closest(key, allowed)
        this.reader.report([...this.path, key], `unknown key '${key}'${this.path.length > 0 ? ` in ${formatValuePath(this.path)}` : ''}`, near ? `Did you mean '${near}'?` : `Known keys: ${allowed.join(', ')}.`, 'key')
        continue
      }
      entries.push([key, this.get(key)])
    }
    return entries
  }
}
