/**
 * What a sign-in link may carry. A real e-mail or SMS link (`?challenges=` or a `?sidcp=` pack)
 * holds `nonce` challenges only, which prove that the person received the message; the SDK
 * answers them at once. Any other type found in a URL — a `proxy` to poll, a code, a password, an
 * SSO or passkey ceremony — would run a flow someone else chose, so it is refused before anything
 * is sent.
 */

import { ERROR_MESSAGES, IdentityError } from './errors.js'
import { base64urlToText } from './encoding.js'
import { LINK_METHODS } from './pending-links.js'
import type { Challenge } from './types.js'

/** Longest `challenges` parameter read; a real link carries one nonce in a few hundred characters. */
export const MAX_LINK_PARAM_LENGTH = 8_192
/** Most challenges one link may carry. */
export const MAX_LINK_CHALLENGES = 8

const urlError = (message: string, cause?: unknown) =>
  new IdentityError('invalidSlashIDURLParamsError', message, cause === undefined ? {} : { cause })

/** Check a list of challenges from a link (decoded from the URL, or a pack the URL named). */
export function readLinkChallenges(list: unknown): Challenge[] {
  if (!Array.isArray(list) || list.length === 0) throw urlError(ERROR_MESSAGES.linkWithoutChallenges)
  if (list.length > MAX_LINK_CHALLENGES) {
    throw urlError(`A sign-in link carries at most ${MAX_LINK_CHALLENGES} challenges, this one ${list.length}`)
  }
  return list.map((item: unknown) => {
    const challenge = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
    const { id, type, authentication_method: method, options } = challenge
    if (type !== 'nonce') {
      throw urlError(`A sign-in link may carry only 'nonce' challenges, this one carries '${String(type).slice(0, 40)}'`)
    }
    const nonce = (options as Record<string, unknown> | undefined)?.challenge
    if (typeof id !== 'string' || id === '' || typeof nonce !== 'string' || nonce === '') {
      throw urlError("A 'nonce' challenge in a sign-in link needs a string id and options.challenge")
    }
    if (method !== undefined && (typeof method !== 'string' || !LINK_METHODS.includes(method))) {
      throw urlError(`A sign-in link answers an e-mail or SMS link, not '${String(method).slice(0, 40)}'`)
    }
    return { id, type, authentication_method: method, options: { challenge: nonce } }
  })
}

/** Decode the `challenges` parameter (base64url JSON) and check it. */
export function decodeLinkChallenges(encoded: string): Challenge[] {
  if (encoded.length > MAX_LINK_PARAM_LENGTH) {
    throw urlError(`The 'challenges' URL parameter is longer than ${MAX_LINK_PARAM_LENGTH} characters`)
  }
  let list: unknown
  try {
    list = JSON.parse(base64urlToText(encoded))
  } catch (cause) {
    throw urlError("The 'challenges' URL parameter is not a base64url-encoded challenge list", cause)
  }
  return readLinkChallenges(list)
}
