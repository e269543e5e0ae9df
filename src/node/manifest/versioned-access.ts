/**
 * Who may read a path when the docs have versions. Private-path rules are written for the docs'
 * own routes (`/docs/Internal/**`); the same page of another version (`/docs/1.0/Internal/x`,
 * `/docs/next/Internal/x`) is as private, so each path of a version is also read as the docs
 * route it stands for, and needs what either reading needs.
 */
import type { Access } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { accessFor, compilePrivatePathRules, type CompiledRule } from './private-path-rules.js'

export function versionedAccess(config: Pick<ResolvedConfig, 'docs'>, rules: readonly CompiledRule[]): (path: string) => Access {
  const { docsBase, prefixes } = versionPrefixes(config)
  return (path) => {
    const own = accessFor(path, rules)
    const prefix = prefixes.find((candidate) => path === candidate || path.startsWith(`${candidate}/`))
    if (prefix === undefined) return own
    const rest = path.slice(prefix.length)
    const asDocs = accessFor(`${docsBase}${rest === '' ? '/' : rest}`, rules)
    if (!asDocs.private) return own
    if (!own.private) return asDocs
    return { private: true, groups: [...new Set([...own.groups, ...asDocs.groups])], rules: [...new Set([...own.rules, ...asDocs.rules])] }
  }
}

/**
 * The rules as the gate and the sign-in shell apply them: each rule written for the docs' own
 * routes also as it reads under every other version (`/docs/Internal/**` as
 * `/docs/next/Internal/**`), so a reader who opens such a page is asked to sign in, not told it is missing.
 */
export function versionedRules(config: Pick<ResolvedConfig, 'docs'>, rules: readonly CompiledRule[]): CompiledRule[] {
  const { docsBase, prefixes } = versionPrefixes(config)
  const written = new Set(rules.map((rule) => rule.rule.path))
  const mapped = rules.flatMap(({ rule }) => {
    const inVersion = prefixes.some((prefix) => rule.path === prefix || rule.path.startsWith(`${prefix}/`))
    if (inVersion || (rule.path !== docsBase && !rule.path.startsWith(`${docsBase}/`))) return []
    const rest = rule.path.slice(docsBase.length)
    return prefixes.map((prefix) => ({ ...rule, path: `${prefix}${rest}` })).filter((each) => !written.has(each.path))
  })
  const unique = [...new Map(mapped.map((rule) => [`${rule.path}\0${rule.groups.join('\n')}`, rule])).values()]
  return [...rules, ...compilePrivatePathRules(unique).compiled]
}

function versionPrefixes(config: Pick<ResolvedConfig, 'docs'>): { docsBase: string; prefixes: string[] } {
  const docsBase = config.docs.routeBasePath === '/' ? '' : config.docs.routeBasePath
  // Longest first: `/docs/next` before `/docs`.
  const prefixes = config.docs.versions
    .map((version) => version.path)
    .filter((path) => path !== config.docs.routeBasePath)
    .sort((a, b) => b.length - a.length)
  return { docsBase, prefixes }
}
