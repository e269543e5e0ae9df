/**
 * The identity-provider emulator (issue 3, part B): a SlashID-compatible provider as a
 * `(Request) => Promise<Response>`, for tests, the harness and `docsgen provider`.
 * Contract: the provider's wire protocol, as the SDK in src/identity speaks it (docs/architecture.md).
 */
export { createProviderEmulator, type ProviderEmulator, type ProviderEmulatorOptions, type PersonView } from './emulator.js'
export { loadFixture, FixtureError } from './fixture.js'
export { DEFAULT_PASSWORD_RULES, checkPassword } from './password-rules.js'
export { totpCode, keyURI, TOTP_PERIOD, TOTP_DIGITS } from './totp.js'
export type { ActiveFault } from './faults.js'
export type { TokenClaims, Authentication } from './tokens.js'
export type {
  Clock,
  EmulatorFixture,
  FactorMethod,
  FaultRule,
  FixtureOrganization,
  FixturePerson,
  Handle,
  HandleType,
  OAuthClient,
  OrganizationPolicy,
  OutboxMessage,
  PasswordHasher,
  PasswordRule,
} from './types.js'
