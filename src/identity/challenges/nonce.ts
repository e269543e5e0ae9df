/** `nonce`: answered at once with the same string (link landings, URL challenges). */

import type { ChallengeHandler } from './context.js'

export const handleNonce: ChallengeHandler = (challenge, context) =>
  context.attest({
    challenge_id: challenge.id,
    challenge_type: 'nonce',
    data: { challenge: challenge.options?.challenge },
  })
