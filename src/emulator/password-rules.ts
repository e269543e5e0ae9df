/**
 * The default password rules: 8–256 characters; no 'password', 'admin' or 'user'
 * (with look-alike characters); no ascending or descending letter or digit runs of four; not a
 * common password. Patterns are JavaScript regexes, sent to the SDK in `password_set` and
 * `password_reset` challenges and checked here again on attestation.
 */
import type { PasswordRule } from './types.js'

function runs(alphabet: string, length: number): string[] {
  const out: string[] = []
  for (let i = 0; i + length <= alphabet.length; i++) out.push(alphabet.slice(i, i + length))
  return out
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
const DIGITS = '0123456789'
const reverse = (s: string) => [...s].reverse().join('')

/** Well-known passwords (lists of most-used passwords, plus xkcd 936's example). */
export const COMMON_PASSWORDS = [
  '123456', '12345678', '123456789', '1234567890', 'qwerty', 'qwertyuiop', 'qwerty123', 'azerty', 'letmein',
  'iloveyou', 'dragon', 'monkey', 'football', 'baseball', 'soccer', 'hockey', 'sunshine', 'princess',
  'welcome', 'shadow', 'superman', 'batman', 'michael', 'jennifer', 'master', 'starwars', 'whatever',
  'freedom', 'trustno1', 'hello', 'hellohello', 'charlie', 'donald', 'football1', 'passw0rd', 'login',
  'access', 'mustang', 'ninja', 'jordan23', 'harley', 'ranger', 'buster', 'thomas', 'tigger', 'robert',
  'killer', 'pepper', 'daniel', 'computer', 'internet', 'secret', 'changeme', 'default', 'guest',
  'zaq1zaq1', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'asdfghjkl', 'zxcvbnm', 'aaaaaaaa', '11111111',
  '00000000', 'iloveyou1', 'letmein1', 'welcome1', 'correcthorsebatterystaple', 'trustnoone',
]

export const DEFAULT_PASSWORD_RULES: readonly PasswordRule[] = [
  { name: 'length', pattern: '^[\\s\\S]{8,256}$', match_type: 'must_match' },
  { name: 'password_variants', pattern: 'p[a@4]s[s5$][wv]+[o0]r[dt]', match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
  { name: 'admin_variants', pattern: '[a@4]dm[i1!l|]n', match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
  { name: 'user_variants', pattern: '[uµ][s5$][e3][r]', match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
  { name: 'alphanumeric_sequences_1', pattern: `(${runs(LETTERS, 4).join('|')})`, match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
  { name: 'alphanumeric_sequences_2', pattern: `(${runs(reverse(LETTERS), 4).join('|')})`, match_type: 'must_not_match', pattern_qualifiers: ['case_insensitive'] },
  { name: 'numeric_sequences_ascending', pattern: `(${runs(DIGITS, 4).join('|')})`, match_type: 'must_not_match' },
  { name: 'numeric_sequences_descending', pattern: `(${runs(reverse(DIGITS), 4).join('|')})`, match_type: 'must_not_match' },
  {
    name: 'common_password_xkcd',
    pattern: `^(${COMMON_PASSWORDS.join('|')})[0-9]{0,4}[!.?#*]?$`,
    match_type: 'must_not_match',
    pattern_qualifiers: ['case_insensitive'],
  },
]

export interface RuleFailure {
  name: string
  matchType: PasswordRule['match_type']
  regexp: string
  /** For must_not_match rules: the text that matched (the spec's {user_content}). */
  matched?: string
}

/** Compiles a rule the way the SDK does (`new RegExp(pattern, 'i' if case_insensitive)`); throws on a bad pattern. */
export function compileRule(rule: PasswordRule): RegExp {
  return new RegExp(rule.pattern, rule.pattern_qualifiers?.includes('case_insensitive') ? 'i' : '')
}

/** Every rule the password breaks, in rule order (empty = acceptable). */
export function checkPassword(password: string, rules: readonly PasswordRule[]): RuleFailure[] {
  const failures: RuleFailure[] = []
  for (const rule of rules) {
    const match = compileRule(rule).exec(password)
    if (rule.match_type === 'must_match' ? !match : match) {
      failures.push({ name: rule.name, matchType: rule.match_type, regexp: rule.pattern, ...(match ? { matched: match[0] } : {}) })
    }
  }
  return failures
}
