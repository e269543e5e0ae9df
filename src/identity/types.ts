/** Wire-level shapes: handles, factors, challenges and the answers of the provider's API. */

import type { ChallengeType } from '../shared/challenge-type.js'
import type { FactorMethod } from '../shared/factor-methods.js'

export type HandleType = 'email_address' | 'phone_number' | 'username'

export interface Handle {
  readonly type: HandleType
  /** A phone number is `+`, the dial code, then the number. */
  readonly value: string
}

export type { FactorMethod }

export interface Factor {
  readonly method: FactorMethod
  readonly options?: Readonly<Record<string, unknown>> | undefined
  /** When given, the handle's type must be one of these. */
  readonly allowedHandleTypes?: readonly HandleType[] | undefined
}

export type { ChallengeType } from '../shared/challenge-type.js'

export interface Challenge {
  readonly id: string
  readonly type: ChallengeType | (string & {})
  readonly authentication_method?: string | undefined
  readonly options?: Readonly<Record<string, any>> | undefined
}

export interface Attestation {
  readonly challenge_id: string
  readonly challenge_type: string
  readonly data: Readonly<Record<string, unknown>>
}

export interface PasswordRegex {
  readonly name: string
  readonly pattern: string
  readonly match_type: 'must_match' | 'must_not_match'
  readonly pattern_qualifiers?: readonly string[] | undefined
}

export interface PasswordValidationRules {
  readonly regular_expressions?: readonly PasswordRegex[] | undefined
}

export interface TokenValidation {
  readonly valid: boolean
  readonly invalidity_reason?: string | undefined
  readonly expires_in_seconds?: number | undefined
  readonly expires_at?: string | undefined
}
