/** Display names of the OIDC providers the provider supports, for 'Sign in with {provider}'. */
export const SSO_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  gitlab: 'GitLab',
  line: 'LINE',
  bitbucket: 'Bitbucket',
  azuread: 'Microsoft',
  okta: 'Okta',
  apple: 'Apple',
}

/** The provider's display name; SAML and unknown providers are plain 'SSO'. */
export function ssoProviderName(options: Readonly<Record<string, unknown>> | undefined): string {
  const provider = options?.provider
  return typeof provider === 'string' && Object.hasOwn(SSO_PROVIDER_NAMES, provider) ? SSO_PROVIDER_NAMES[provider]! : 'SSO'
}
