/**
 * Private-path rules from the config, compiled once. A rule is a route path or a glob over
 * canonical route paths (micromatch: `*` stays within a segment, `**` crosses segments). A plain
 * path without glob characters covers the route itself and everything under it, which keeps the
 * spec's "the path contains the rule" reading without letting `/docs/Priv` cover `/docs/Private`.
 * Matching is case-sensitive, like route lookup.
 */
import micromatch from 'micromatch'
import type { Access } from '../../shared/manifest.js'
import type { ResolvedPrivatePath } from '../config/resolve-config.js'

export interface CompiledRule {
  readonly rule: ResolvedPrivatePath
  /** Index in `login.privatePaths`. */
  readonly index: number
  readonly test: (path: string) => boolean
  /** The RegExp source the client uses for its (UX-only) checks. */
  readonly pattern: string
}

export interface InvalidRule {
  readonly rule: ResolvedPrivatePath
  readonly index: number
  readonly reason: string
}

export function compilePrivatePathRules(rules: readonly ResolvedPrivatePath[]): { compiled: CompiledRule[]; invalid: InvalidRule[] } {
  const compiled: CompiledRule[] = []
  const invalid: InvalidRule[] = []
  rules.forEach((rule, index) => {
    const reason = invalidReason(rule.path)
    if (reason !== undefined) {
      invalid.push({ rule, index, reason })
      return
    }
    const isGlob = micromatch.scan(rule.path).isGlob
    if (!isGlob) {
      const base = rule.path.endsWith('/') && rule.path !== '/' ? rule.path.slice(0, -1) : rule.path
      const under = base === '/' ? '/' : `${base}/`
      compiled.push({
        rule,
        index,
        test: (path) => path === base || path === under || path.startsWith(under),
        pattern: `^${escapeRegExp(base)}(?:/.*)?$`,
      })
      return
    }
    const regexp = micromatch.makeRe(rule.path, { strictBrackets: true, dot: true })
    compiled.push({ rule, index, test: (path) => regexp.test(path), pattern: regexp.source })
  })
  return { compiled, invalid }
}

/** Why a rule can never work, or undefined when it is well formed. */
function invalidReason(path: string): string | undefined {
  if (path.trim() === '') return 'is empty'
  if (!path.startsWith('/') && !path.startsWith('*')) return 'must start with "/" (rules match route paths such as "/docs/Private/notice")'
  if (path.startsWith('!')) return 'is negated; negated rules are not supported (list what is private instead)'
  try {
    micromatch.makeRe(path, { strictBrackets: true, dot: true })
  } catch (error) {
    return `is not a valid glob: ${(error as Error).message}`
  }
  return undefined
}

/** The access of a route: private if any rule matches; the groups of every matching rule are required. */
export function accessFor(path: string, rules: readonly CompiledRule[]): Access {
  const matching = rules.filter((compiled) => compiled.test(path))
  if (matching.length === 0) return { private: false }
  const groups = [...new Set(matching.flatMap((compiled) => compiled.rule.groups))]
  return { private: true, groups, rules: matching.map((compiled) => compiled.rule.path) }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
