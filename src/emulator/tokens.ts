/**
 * User tokens: ES256 JWTs with the provider's claims (TokenClaims), a JWKS, validation
 * (signature, algorithm, issuer, expiry on the emulator's clock, revocation) and revocation.
 */
import { SignJWT, calculateJwkThumbprint, decodeJwt, errors, exportJWK, generateKeyPair, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { randomId } from './ids.js'
import type { FactorMethod, Handle } from './types.js'

export interface Authentication {
  handle?: Handle
  method: FactorMethod
  timestamp: string
}

export interface UserClaims {
  oid: string
  person_id: string
  person_type: 'regular' | 'anonymous'
  first_token: boolean
  authenticated_methods: FactorMethod[]
  authentications: Authentication[]
  groups: string[]
  prev_token_id?: string
  prev_anonymous_person_id?: string
}

export interface TokenClaims extends UserClaims, JWTPayload {}

export type InvalidityReason = 'invalid_token_content' | 'expired' | 'invalid_issuer' | 'not_enough_factors' | 'person_not_active'

export type TokenCheck =
  | { valid: true; claims: TokenClaims; expiresAt: number }
  | { valid: false; reason: InvalidityReason; claims?: TokenClaims }

export class TokenService {
  private privateKey!: CryptoKey
  private publicKey!: CryptoKey
  private publicJwk!: JWK
  private readonly revoked = new Set<string>()
  readonly ready: Promise<void>

  constructor(
    readonly issuer: string,
    private readonly now: () => number,
  ) {
    this.ready = this.init()
  }

  private async init(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    this.privateKey = privateKey as CryptoKey
    this.publicKey = publicKey as CryptoKey
    const jwk = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(jwk)
    this.publicJwk = { ...jwk, kid, alg: 'ES256', use: 'sig' }
  }

  get jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] }
  }

  async mint(claims: UserClaims, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000)
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: this.publicJwk.kid! })
      .setIssuer(this.issuer)
      .setAudience(claims.oid)
      .setSubject(claims.person_id)
      .setJti(randomId('tok'))
      .setIssuedAt(iat)
      .setNotBefore(iat - 1)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.privateKey)
  }

  /** Verifies signature (ES256 with our key only), issuer and time; then revocation. */
  async check(token: string, { ignoreExpiry = false } = {}): Promise<TokenCheck> {
    if (typeof token !== 'string' || token.split('.').length !== 3) return { valid: false, reason: 'invalid_token_content' }
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ['ES256'],
        issuer: this.issuer,
        currentDate: new Date(this.now()),
        clockTolerance: ignoreExpiry ? 10 * 365 * 24 * 3600 : 0,
        requiredClaims: ['exp', 'jti', 'oid', 'person_id'],
      })
      const claims = payload as TokenClaims
      if (typeof claims.oid !== 'string' || typeof claims.person_id !== 'string') return { valid: false, reason: 'invalid_token_content' }
      if (this.revoked.has(claims.jti!)) return { valid: false, reason: 'invalid_token_content', claims }
      return { valid: true, claims, expiresAt: claims.exp! * 1000 }
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired', claims: safeDecode(token) }
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss') return { valid: false, reason: 'invalid_issuer' }
      return { valid: false, reason: 'invalid_token_content' }
    }
  }

  /** Revokes a token we signed (expired ones too); false if the token is not ours. */
  async revoke(token: string): Promise<boolean> {
    const result = await this.check(token, { ignoreExpiry: true })
    const jti = result.claims?.jti
    if (!jti) return false
    this.revoked.add(jti)
    return true
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti)
  }

  clearRevocations(): void {
    this.revoked.clear()
  }
}

function safeDecode(token: string): TokenClaims | undefined {
  try {
    return decodeJwt(token) as TokenClaims
  } catch {
    return undefined
  }
}
