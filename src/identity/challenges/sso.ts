/**
 * `oidc` and `saml`: open the provider's URL in a 400×600 popup (default) or navigate to it
 * (redirect mode). They yield no token: the `proxy` challenge that follows delivers it.
 */

import { POPUP_HEIGHT, POPUP_WIDTH } from '../constants.js'
import { ERROR_MESSAGES, IdentityError } from '../errors.js'
import { isHttpURL } from '../options.js'
import type { ChallengeHandler } from './context.js'

const handleSSO =
  (urlOption: 'auth_code_url' | 'start_authentication_url'): ChallengeHandler =>
  async (challenge, context) => {
    const { events } = context
    const fail = (error: IdentityError): never => {
      events.publish('oauthFlowFailed', { error })
      throw error
    }
    const uxMode = context.factor.options?.ux_mode ?? 'popup'
    if (uxMode !== 'popup' && uxMode !== 'redirect') {
      fail(new IdentityError('invalidActionError', `unsupported ux_mode '${String(uxMode)}', use 'popup' or 'redirect'`))
    }
    const url = challenge.options?.[urlOption]
    if (!isHttpURL(url)) return fail(new IdentityError('invalidActionError', ERROR_MESSAGES.badOAuthURL))
    const window = context.ports.window
    if (!window) return fail(new IdentityError('invalidActionError', ERROR_MESSAGES.cannotOpenWindow))
    events.publish('oauthFlowStarted', { url })
    if (uxMode === 'redirect') {
      window.location.assign(url)
      return undefined
    }
    const popup = window.open?.(url, 'slashid_sso', `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`) ?? null
    if (!popup) {
      const error = new IdentityError('popupBlocked', ERROR_MESSAGES.popupBlocked)
      events.publish('popupFailed', { error })
      return fail(error)
    }
    context.popup = popup
    return undefined
  }

export const handleOidc = handleSSO('auth_code_url')
export const handleSaml = handleSSO('start_authentication_url')
