/**
 * `proxy`: poll `GET /challenge/{options.challenge_id}/v2` once per second until the token comes
 *. A 2xx with exactly one error of httpcode 202 means "not yet"; any other
 * error aborts. Bounded by `pollTimeoutMs` ("Log in expired"), cancellable, and ended when the
 * person closes the SSO popup.
 */

import { POPUP_CLOSED_POLL_MS, PROXY_POLL_INTERVAL_MS } from '../constants.js'
import { ERROR_MESSAGES, IdentityError, errorFromServer, flowCancelledError } from '../errors.js'
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

/** Why polling stopped early: the deadline passed, or the person closed the SSO popup. */
type StopReason = 'deadline' | 'popupClosed'

/**
 * Poll until the token comes. Bounded by `pollTimeoutMs`, which also aborts a request still in
 * flight; with an SSO popup open, its closing (checked every 50 ms) ends the wait after one
 * last look, since the provider may have finished just before the popup closed itself.
 */
async function poll(pollId: string, context: ChallengeContext): Promise<string> {
  const { clock } = context.ports
  const stop = new AbortController()
  let reason: StopReason | undefined
  const end = (why: StopReason) => {
    reason ??= why
    stop.abort()
  }
  const onCancel = () => stop.abort()
  context.signal.addEventListener('abort', onCancel, { once: true })
  if (context.signal.aborted) stop.abort()
  const deadline = clock.setTimeout(() => end('deadline'), context.options.pollTimeoutMs)
  let watcher: unknown
  const popup = context.popup
  const watchPopup = () => {
    if (popup!.closed) end('popupClosed')
    else watcher = clock.setTimeout(watchPopup, POPUP_CLOSED_POLL_MS)
  }
  if (popup) watchPopup()
  try {
    for (;;) {
      await sleep(clock, PROXY_POLL_INTERVAL_MS, stop.signal)
      const token = await pollOnce(pollId, context, stop.signal)
      if (token !== undefined) return token
    }
  } catch (error) {
    if (context.signal.aborted || reason === undefined) throw error
    if (reason === 'deadline') {
      throw new IdentityError('timeout', `The challenge '${pollId}' was not completed within ${context.options.pollTimeoutMs} ms`, {
        reason: 'pollTimeout',
      })
    }
    const token = await pollOnce(pollId, context, context.signal)
    if (token !== undefined) return token
    // The person closed the popup: that is a cancel, not a failed login.
    context.events.publish('flowCancelled', undefined)
    throw flowCancelledError()
  } finally {
    clock.clearTimeout(deadline)
    if (watcher !== undefined) clock.clearTimeout(watcher)
    context.signal.removeEventListener('abort', onCancel)
  }
}

/** One look: the token, undefined while pending, or the provider's error. */
async function pollOnce(pollId: string, context: ChallengeContext, signal: AbortSignal): Promise<string | undefined> {
  const response = await context.api.challenge(pollId, { token: context.token, signal })
  const { result, errors } = response.envelope
  if (errors && errors.length > 0) {
    if (errors.length === 1 && errors[0]!.httpcode === 202) return undefined
    throw errorFromServer(response.status, errors)
  }
  if (result === undefined || result === null) return undefined
  if (typeof result !== 'string') throw new IdentityError('invalidActionError', ERROR_MESSAGES.tokenNotString)
  return result
}
