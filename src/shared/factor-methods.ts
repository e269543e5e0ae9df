/** The sign-in factor methods of spec 001 §3, in the spec's order. */
export const factorMethods = ['webauthn', 'email_link', 'otp_via_email', 'sms_link', 'otp_via_sms', 'oidc', 'saml', 'password', 'totp'] as const

export type FactorMethod = (typeof factorMethods)[number]
