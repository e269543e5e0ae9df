/**
 * `password_set`, `password_reset` and `password_verify`. A new password is checked against the
 * challenge's rules before it is sent; a failing one (locally, or 400 from the provider) asks
 * again, as does a wrong password (401 on verify).
 */

import { ERROR_MESSAGES, IdentityError, type FailedPasswordRule } from '../errors.js'
import { checkPasswordRules, invalidPasswordDetail } from '../password-rules.js'
import type { PasswordValidationRules } from '../types.js'
import { type ChallengeHandler, isRejectedAnswer } from './context.js'

const handleNewPassword =
  (kind: 'passwordSet' | 'passwordReset'): ChallengeHandler =>
  async (challenge, context) => {
    const rules = challenge.options?.validation_rules as PasswordValidationRules | undefined
    let failedRules: readonly FailedPasswordRule[] = []
    for (let retrying = false; ; retrying = true) {
      const input = context.waitForInput('passwordSubmitted')
      context.setPrompt({ kind, challengeId: challenge.id, rules, failedRules, retrying })
      context.events.publish(kind === 'passwordSet' ? 'passwordSetReady' : 'passwordResetReady', { challengeId: challenge.id, rules })
      const password = await input
      failedRules = checkPasswordRules(password, rules)
      if (failedRules.length > 0) {
        context.events.publish('invalidPasswordSubmitted', { challengeId: challenge.id, failedRules, error: undefined })
        context.reportFailure('invalid_password', challenge.id, invalidPasswordDetail(failedRules))
        continue
      }
      try {
        return await context.attest({ challenge_id: challenge.id, challenge_type: challenge.type, data: { password } })
      } catch (error) {
        if (!isRejectedAnswer(error, 400)) throw error
        context.events.publish('invalidPasswordSubmitted', { challengeId: challenge.id, failedRules: [], error: error as IdentityError })
        context.reportFailure('invalid_password', challenge.id, `invalid_password: ${(error as IdentityError).serverMessage ?? ''}`)
      }
    }
  }

export const handlePasswordSet = handleNewPassword('passwordSet')
export const handlePasswordReset = handleNewPassword('passwordReset')

export const handlePasswordVerify: ChallengeHandler = async (challenge, context) => {
  for (let retrying = false; ; retrying = true) {
    const input = context.waitForInput('passwordSubmitted')
    context.setPrompt({ kind: 'passwordVerify', challengeId: challenge.id, retrying })
    context.events.publish('passwordVerifyReady', { challengeId: challenge.id })
    const password = await input
    if (!password) throw new IdentityError('invalidActionError', ERROR_MESSAGES.noPassword)
    try {
      return await context.attest({ challenge_id: challenge.id, challenge_type: 'password_verify', data: { password } })
    } catch (error) {
      if (!isRejectedAnswer(error, 401)) throw error
      context.events.publish('incorrectPasswordSubmitted', { challengeId: challenge.id })
      context.reportFailure('incorrect_password', challenge.id)
    }
  }
}
