/**
 * `totp_register` (key URI, QR code, recovery codes) and `totp_verify`; a wrong code (401) asks
 * again for the same challenge.
 */

import { ERROR_MESSAGES, IdentityError } from '../errors.js'
import { type ChallengeHandler, type ChallengeContext, isRejectedAnswer } from './context.js'
import type { Challenge } from '../types.js'

async function answerTotp(challenge: Challenge, context: ChallengeContext, ask: (retrying: boolean) => void) {
  for (let retrying = false; ; retrying = true) {
    const input = context.waitForInput('otpCodeSubmitted')
    ask(retrying)
    const otp = await input
    if (!otp) throw new IdentityError('invalidActionError', ERROR_MESSAGES.noTotpCode)
    try {
      return await context.attest({ challenge_id: challenge.id, challenge_type: challenge.type, data: { otp } })
    } catch (error) {
      if (!isRejectedAnswer(error, 401)) throw error
      context.events.publish('otpIncorrectCodeSubmitted', { challengeId: challenge.id })
      context.reportFailure('incorrect_otp_code', challenge.id)
    }
  }
}

export const handleTotpRegister: ChallengeHandler = async (challenge, context) => {
  const options = challenge.options ?? {}
  const uri = typeof options.key_uri === 'string' ? options.key_uri : undefined
  const qrCode = typeof options.qr_code_data_b64 === 'string' ? options.qr_code_data_b64 : undefined
  const recoveryCodes = Array.isArray(options.recovery_codes) ? (options.recovery_codes as string[]) : undefined
  const token = await answerTotp(challenge, context, (retrying) => {
    context.setPrompt({ kind: 'totpRegister', challengeId: challenge.id, uri, qrCode, recoveryCodes, retrying })
    context.events.publish('totpKeyGenerated', { challengeId: challenge.id, uri, qrCode, recoveryCodes })
  })
  context.recoveryCodes = recoveryCodes
  return token
}

export const handleTotpVerify: ChallengeHandler = (challenge, context) =>
  answerTotp(challenge, context, (retrying) => {
    context.setPrompt({ kind: 'totpVerify', challengeId: challenge.id, retrying })
    context.events.publish('totpCodeRequested', { challengeId: challenge.id })
  })
