/** The emulator's records: organizations, persons, challenges, authorization codes and hosted logins. */
import { FAILURES_BEFORE_LOCKOUT, LOCKOUT_SECONDS, MAX_LOCKOUT_SECONDS } from './lockouts.js'
import { DEFAULT_PASSWORD_RULES } from './password-rules.js'
import type { TokenClaims } from './tokens.js'
import type { FactorMethod, Handle, OrganizationPolicy, OutboxMessage, PasswordRule } from './types.js'
import type { ChallengeType } from '../shared/challenge-type.js'

export interface Org {
  id: string
  name: string
  parentId?: string
  tenantName?: string
  policy: OrganizationPolicy
}

export interface Person {
  id: string
  orgId: string
  type: 'regular' | 'anonymous'
  active: boolean
  region: string
  handles: Handle[]
  groups: string[]
  attributes: Record<string, Record<string, unknown>>
  passwordHash?: string
  totp?: { secret: string; recoveryCodes: string[]; lastStep?: number }
  consents: { consent_level: string; created_at: string }[]
  /** Keys of handles nobody has proven (a code or link) yet: added by a password/TOTP sign-up or the simulated IdP. */
  unproven: Set<string>
  tokensIssued: number
  createdAt: number
}

/** The challenge types the emulator issues. */
export type ChallengeKind = Extract<ChallengeType, 'otp' | 'nonce' | 'proxy' | 'totp_register' | 'totp_verify' | 'password_set' | 'password_verify' | 'password_reset' | 'oidc' | 'saml'>

export interface ChallengeRecord {
  id: string
  type: ChallengeKind
  orgId: string
  method: FactorMethod
  purpose: OutboxMessage['purpose']
  handle?: Handle
  /** The person it authenticates, when known at start (existing person or step-up). */
  personId?: string
  /** Claims of the bearer token at start (step-up, anonymous upgrade). */
  bearer?: TokenClaims
  createdAt: number
  expiresAt: number
  attempts: number
  status: 'open' | 'done'
  otp?: string
  nonce?: string
  totpSecret?: string
  recoveryCodes?: string[]
  /** nonce → the proxy challenge it completes. */
  proxyFor?: string
  /** password_reset → the proxy challenge that must be completed first. */
  requires?: string
  /** proxy result. */
  token?: string
  /** proxy failure (e.g. the person turned out to need approval). */
  error?: { status: number; message: string }
  linkSecret?: string
  redirectTarget?: string
  /** The simulated IdP: the code it sent to the chosen address (existing persons and step-ups), and whether it was entered. */
  idpCode?: { handle: Handle; otp: string }
  idpCodeVerified?: boolean
  /** The successful answer: its data as canonical JSON, when, and the token (shared with parallel retries). */
  answer?: { key: string; at: number; token: Promise<string> }
}

export interface AuthCode {
  code: string
  clientId: string
  redirectUri: string
  codeChallenge: string
  orgId: string
  token: string
  expiresAt: number
  used: boolean
}

export interface HostedLogin {
  id: string
  clientId: string
  orgId: string
  redirectUri: string
  state: string
  codeChallenge: string
  handle?: Handle
  otp?: string
  attempts: number
  expiresAt: number
}

export const DEFAULT_POLICY: Required<Omit<OrganizationPolicy, 'allowedHandlePatterns' | 'factors' | 'landingURL' | 'switchFactor'>> = {
  selfRegistration: true,
  approvalRequired: false,
  anonymousUsers: true,
  passwordRules: DEFAULT_PASSWORD_RULES as PasswordRule[],
  tokenTtlSeconds: 3600,
  challengeTtlSeconds: 600,
  maxAttempts: 5,
  maxSendsPerMinute: 60,
  failuresBeforeLockout: FAILURES_BEFORE_LOCKOUT,
  lockoutSeconds: LOCKOUT_SECONDS,
  maxLockoutSeconds: MAX_LOCKOUT_SECONDS,
  linkStyle: 'emulator',
  strictEnrollment: false,
}

export type PolicyKey = keyof typeof DEFAULT_POLICY

/** A new challenge's fields: what `newChallenge` does not fill in itself. */
export type ChallengeFields = Omit<ChallengeRecord, 'id' | 'createdAt' | 'expiresAt' | 'attempts' | 'status'>

/** The fields every challenge of one flow shares (all but its type). */
export type FlowFields = Omit<ChallengeFields, 'type'>

/** Runs on the person once a challenge completes (sets a password or an authenticator). */
export type Setup = (person: Person) => Promise<void> | void


export const isoSeconds = (ms: number): string => new Date(ms).toISOString()

export interface PersonView {
  person_id: string
  org_id: string
  person_type: 'regular' | 'anonymous'
  active: boolean
  handles: Handle[]
  groups: string[]
  has_password: boolean
  has_totp: boolean
}
