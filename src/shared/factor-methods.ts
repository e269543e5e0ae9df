/** The sign-in factor methods the provider offers, in the order the sign-in form lists them. */
export const factorMethods = ['webauthn', 'email_link', 'otp_via_email', 'sms_link', 'otp_via_sms', 'oidc', 'saml', 'password', 'totp'] as const

export type FactorMethod = (typeof factorMethods)[number]
