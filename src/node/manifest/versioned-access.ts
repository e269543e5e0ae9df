/**
 * Who may read a path when the docs have versions. Private-path rules are written for the docs'
 * own routes (`/docs/Internal/**`); the same page of another version (`/docs/1.0/Internal/x`,
 * `/docs/next/Internal/x`) is as private, so each path of a version is also read as the docs
 * route it stands for, and needs what either reading needs.
 */
import type { Access } from '../../shared/manifest.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { accessFor, type CompiledRule } from './private-path-rules.js'

export function versionedAccess(config: Pick<ResolvedConfig, 'docs'>, rules: readonly CompiledRule[]): (path: string) => Access {
  const docsBase = config.docs.routeBasePath === '/' ? '' : config.docs.routeBasePath
  // Longest first: `/docs/next` before `/docs`.
  const prefixes = config.docs.versions
    .map((version) => version.path)
    .filter((path) => path !== config.docs.routeBasePath)
    .sort((a, b) => b.length - a.length)
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
