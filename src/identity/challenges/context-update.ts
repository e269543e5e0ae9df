/**
 * `authn_context_update` switches the active factor for the following challenges, and
 * `ui_customization` hands the redirect-page look to the app. Neither yields a token.
 */

import { IdentityError } from '../errors.js'
import type { Factor } from '../types.js'
import type { ChallengeHandler } from './context.js'

export const handleAuthnContextUpdate: ChallengeHandler = async (challenge, context) => {
  const targetOrgId = typeof challenge.options?.target_org_id === 'string' ? challenge.options.target_org_id : undefined
  const factor = challenge.options?.factor as Factor | undefined
  context.events.publish('authnContextUpdateChallengeReceivedEvent', { targetOrgId, factor })
  if (factor && typeof factor.method === 'string') context.factor = factor
  return undefined
}

export const handleUiCustomization: ChallengeHandler = async (challenge, context) => {
  const config = challenge.options?.authn_redirect_page_ui_config
  if (typeof config !== 'object' || config === null) {
    throw new IdentityError('apiResponseError', `The ui_customization challenge '${challenge.id}' has no authn_redirect_page_ui_config`)
  }
  context.events.publish('uiCustomizationReceived', config as Record<string, unknown>)
  return undefined
}
