/**
 * `proxy`: poll `GET /challenge/{options.challenge_id}/v2` once per second until the token comes
 * (provider-wire §7). A 2xx with exactly one error of httpcode 202 means "not yet"; any other
 * error aborts. Bounded by `pollTimeoutMs` ("Log in expired") and cancellable.
 */

import { PROXY_POLL_INTERVAL_MS } from '../constants.js'
import { ERROR_MESSAGES, IdentityError, errorFromServer } from '../errors.js'
import { sleep } from '../wait.js'
import { LINK_METHODS } from '../pending-links.js'
import type { ChallengeContext, ChallengeHandler } from './context.js'

export const handleProxy: ChallengeHandler = async (challenge, context) => {
  const pollId = challenge.options?.challenge_id
  if (typeof pollId !== 'string' || pollId === '') {
    throw new IdentityError('apiResponseError', `The proxy challenge '${challenge.id}' has no options.challenge_id`)
  }
  // A recovery flow's factor is the password, but its proxy waits for an e-mail/SMS link.
  const method = challenge.authentication_method ?? context.factor.method
  const isLink = LINK_METHODS.includes(method)
  context.setPrompt({ kind: 'waiting', challengeId: challenge.id, for: isLink ? 'link' : 'sso' })
  const forgetLink = isLink ? context.expectLink(method) : () => {}
  try {
    return await poll(pollId, context)
  } finally {
    forgetLink()
  }
}

async function poll(pollId: string, context: ChallengeContext): Promise<string> {
  const { clock } = context.ports
  const deadline = clock.now() + context.options.pollTimeoutMs
  for (;;) {
    await sleep(clock, PROXY_POLL_INTERVAL_MS, context.signal)
    if (clock.now() > deadline) {
      throw new IdentityError('timeout', `The challenge '${pollId}' was not completed within ${context.options.pollTimeoutMs} ms`, {
        reason: 'pollTimeout',
      })
    }
    const response = await context.api.challenge(pollId, context)
    const { result, errors } = response.envelope
    if (errors && errors.length > 0) {
      if (errors.length === 1 && errors[0]!.httpcode === 202) continue
      throw errorFromServer(response.status, errors)
    }
    if (result === undefined || result === null) continue
    if (typeof result !== 'string') throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenNotString)
    return result
  }
}
