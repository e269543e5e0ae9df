/**
 * The local password check: every regular expression of
 * `options.validation_rules` must hold (`must_match` matches, `must_not_match` does not).
 */

import type { FailedPasswordRule } from './errors.js'
import type { PasswordValidationRules } from './types.js'

export function checkPasswordRules(
  password: string,
  rules: PasswordValidationRules | undefined,
): FailedPasswordRule[] {
  const failed: FailedPasswordRule[] = []
  for (const rule of rules?.regular_expressions ?? []) {
    const flags = rule.pattern_qualifiers?.includes('case_insensitive') ? 'i' : ''
    let matches: boolean
    try {
      matches = new RegExp(rule.pattern, flags).test(password)
    } catch {
      // A pattern this JavaScript engine cannot compile cannot be checked here; the provider
      // checks it again on attestation.
      continue
    }
    const holds = rule.match_type === 'must_not_match' ? !matches : matches
    if (!holds) failed.push({ name: rule.name, matchType: rule.match_type, regexp: rule.pattern })
  }
  return failed
}

/** The analytics failure detail: `invalid_password: ` and the comma-joined failed rule names. */
export function invalidPasswordDetail(failed: readonly FailedPasswordRule[]): string {
  return `invalid_password: ${failed.map((rule) => rule.name).join(', ')}`
}

