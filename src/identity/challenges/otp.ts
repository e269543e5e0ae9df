/** `otp`: a code sent by e-mail or SMS; a wrong code (401) asks again for the same challenge. */

import { type ChallengeHandler, isRejectedAnswer } from './context.js'

export const handleOtp: ChallengeHandler = async (challenge, context) => {
  const method = challenge.authentication_method ?? context.factor.method
  for (let retrying = false; ; retrying = true) {
    const input = context.waitForInput('otpCodeSubmitted')
    context.setPrompt({ kind: 'otp', challengeId: challenge.id, method, retrying })
    context.events.publish('otpCodeSent', { challengeId: challenge.id, method })
    if (method === 'otp_via_sms') context.events.publish('otpSmsSent', { challengeId: challenge.id, method })
    const otp = await input
    try {
      return await context.attest({ challenge_id: challenge.id, challenge_type: 'otp', data: { otp } })
    } catch (error) {
      if (!isRejectedAnswer(error, 401)) throw error
      context.events.publish('otpIncorrectCodeSubmitted', { challengeId: challenge.id })
      const reason =
        method === 'otp_via_email'
          ? 'incorrect_otp_code_via_email'
          : method === 'otp_via_sms'
            ? 'incorrect_otp_code_via_sms'
            : 'incorrect_otp_code'
      context.reportFailure(reason, challenge.id)
    }
  }
}
