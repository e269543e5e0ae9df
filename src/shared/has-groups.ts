/**
 * Whether a reader in `groups` has every group `required` names, spelt exactly (case-sensitive):
 * a private page, file or link needs all its groups, and none means any signed-in reader. The one
 * rule the build (who may see what on a private page) and the gate (what it serves) both apply.
 */
export function hasGroups(groups: readonly string[], required: readonly string[]): boolean {
  return required.every((group) => groups.includes(group))
}
