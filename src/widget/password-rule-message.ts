/**
 * The message for a password that failed the provider's rules: keyed by the first
 * failed rule; sequence rules quote the offending text as `{user_content}`.
 */
import type { FailedPasswordRule, PasswordValidationRules } from '../identity/index.js'
import type { TextKey } from './default-text.js'
import type { TextValues } from './text.js'

export interface FieldMessage {
  readonly key: TextKey
  readonly values?: TextValues
}

const BY_NAME: Readonly<Record<string, TextKey>> = {
  length: 'validationError.password.length',
  password_variants: 'validationError.password.password_variants',
  admin_variants: 'validationError.password.admin_variants',
  user_variants: 'validationError.password.user_variants',
}

/** The text the rule's pattern matched in `password`, compiled as the SDK compiles it. */
function matchedText(name: string, rules: PasswordValidationRules | undefined, password: string): string {
  const rule = rules?.regular_expressions?.find((candidate) => candidate.name === name)
  if (!rule) return ''
  try {
    const flags = rule.pattern_qualifiers?.includes('case_insensitive') ? 'i' : ''
    return new RegExp(rule.pattern, flags).exec(password)?.[0] ?? ''
  } catch {
    return ''
  }
}

export function passwordRuleMessage(
  failed: readonly FailedPasswordRule[],
  rules: PasswordValidationRules | undefined,
  password: string,
): FieldMessage | undefined {
  const first = failed[0]
  if (!first) return undefined
  const named = Object.hasOwn(BY_NAME, first.name) ? BY_NAME[first.name] : undefined
  if (named) return { key: named }
  if (first.name.includes('sequence')) {
    return { key: 'validationError.password.sequence', values: { user_content: matchedText(first.name, rules, password) } }
  }
  if (first.name.startsWith('common_password')) return { key: 'validationError.password.common_password' }
  return { key: 'validationError.password.other' }
}
