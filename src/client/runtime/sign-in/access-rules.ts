/**
 * The access rules as the browser applies them, to decide what to show: a path under a
 * private-path rule needs every group of every rule that covers it (none listed: any signed-in
 * reader); a navbar item with `auth` shows only to a signed-in reader in all its groups. Only a
 * courtesy: the gate decides what is served.
 */
import { hasGroups } from '../../../shared/has-groups.js'
import { isPrivatePath } from '../link-target.js'
import type { Reader } from './read-user-token.js'

export interface AccessRule {
  readonly pattern: string
  readonly groups: readonly string[]
}

/** The groups a route path needs, or undefined when no rule covers it (a public path). */
export function requiredGroups(path: string, rules: readonly AccessRule[]): readonly string[] | undefined {
  const covering = rules.filter((rule) => isPrivatePath(path, [rule.pattern]))
  if (covering.length === 0) return undefined
  return [...new Set(covering.flatMap((rule) => rule.groups))]
}

/** Whether the reader (undefined: nobody signed in) may open a path needing `required`. */
export function mayOpen(reader: Reader | undefined, required: readonly string[] | undefined): boolean {
  if (required === undefined) return true
  return reader !== undefined && hasGroups(reader.groups, required)
}

/** Whether a navbar item with `auth` (and maybe `groups`) shows to the reader. */
export function navItemShown(item: { readonly auth: boolean; readonly groups: readonly string[] }, reader: Reader | undefined): boolean {
  return !item.auth || (reader !== undefined && hasGroups(reader.groups, item.groups))
}
