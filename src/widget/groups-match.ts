/**
 * The group gate's test: a named group, any of several, all of several, or the
 * host's own predicate over the user's groups.
 */

export type GroupPredicate =
  | string
  | { readonly anyOf: readonly string[] }
  | { readonly allOf: readonly string[] }
  | ((groups: readonly string[]) => boolean)

/** True when `groups` (undefined: no user) satisfies `predicate`. */
export function groupsMatch(groups: readonly string[] | undefined, predicate: GroupPredicate): boolean {
  if (!groups) return false
  if (typeof predicate === 'string') return groups.includes(predicate)
  if (typeof predicate === 'function') return predicate(groups)
  if ('anyOf' in predicate) return predicate.anyOf.some((group) => groups.includes(group))
  return predicate.allOf.every((group) => groups.includes(group))
}
