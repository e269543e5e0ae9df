/** One handler per challenge type. */

import type { ChallengeHandler } from './context.js'
import { handleAuthnContextUpdate, handleUiCustomization } from './context-update.js'
import { handleNonce } from './nonce.js'
import { handleOtp } from './otp.js'
import { handlePasswordReset, handlePasswordSet, handlePasswordVerify } from './password.js'
import { handleProxy } from './proxy.js'
import { handleOidc, handleSaml } from './sso.js'
import { handleTotpRegister, handleTotpVerify } from './totp.js'
import { handleWebauthnCreate, handleWebauthnGet } from './webauthn.js'

export const CHALLENGE_HANDLERS: Readonly<Record<string, ChallengeHandler>> = {
  otp: handleOtp,
  nonce: handleNonce,
  proxy: handleProxy,
  totp_register: handleTotpRegister,
  totp_verify: handleTotpVerify,
  password_set: handlePasswordSet,
  password_verify: handlePasswordVerify,
  password_reset: handlePasswordReset,
  webauthn_create: handleWebauthnCreate,
  webauthn_get: handleWebauthnGet,
  oidc: handleOidc,
  saml: handleSaml,
  authn_context_update: handleAuthnContextUpdate,
  ui_customization: handleUiCustomization,
}

export type { ChallengeContext, ChallengeHandler, FailureReason, Prompt } from './context.js'
