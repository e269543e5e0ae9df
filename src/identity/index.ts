/**
 * The headless identity SDK: framework-free, with every platform edge passed in as a port.
 *
 * ```ts
 * const client = createIdentityClient({ oid: 'org-docs', baseURL: 'http://127.0.0.1:8787' }, { fetch })
 * await client.start()
 * const flow = client.identify({ type: 'email_address', value: 'ada@example.test' }, { method: 'otp_via_email' })
 * flow.subscribe((state) => { if (state.prompt?.kind === 'otp') flow.submitOtp(codeFromTheUser) })
 * const user = await flow.done()
 * ```
 */

export { createIdentityClient } from './client.js'
export type { IdentityClient, OrgSwitchingState, SdkState } from './client.js'
export type { LoginFlow, FlowConfig, FlowState, FlowStatus } from './login-flow.js'
export type { Prompt } from './challenges/context.js'
export type { IdentityOptions, CookieOptions, TokenStorageKind } from './options.js'
export type { Ports, FetchLike, Clock, StorageLike, CookieJar, CryptoLike, WindowLike, PopupLike, CredentialsLike, Logger } from './ports.js'
export { EVENT_NAMES } from './events.js'
export type { EventName, EventPayloads, EventHandler } from './events.js'
export { IdentityError, isIdentityError, ERROR_MESSAGES } from './errors.js'
export type { ErrorCode, FailedPasswordRule } from './errors.js'
export { createUser, decodeTokenPayload } from './user.js'
export type { User, Authentication } from './user.js'
export { checkPasswordRules } from './password-rules.js'
export { methodsForHandleType, assertHandleFitsFactor } from './handles-and-factors.js'
export { SDK_VERSION } from './constants.js'
export type {
  Handle,
  HandleType,
  Factor,
  FactorMethod,
  Challenge,
  ChallengeType,
  PasswordValidationRules,
  TokenValidation,
} from './types.js'
