/**
 * The login widget: React components over the headless identity SDK.
 *
 * ```tsx
 * const client = createIdentityClient({ oid: 'org-docs', baseURL: 'http://127.0.0.1:8787' })
 * await client.start()
 * mount(document.querySelector('#login')!, LoginForm, { client, factors: [{ method: 'otp_via_email' }], onSuccess })
 * ```
 */

export { LoginForm } from './LoginForm.js'
export type { LoginFormProps } from './LoginForm.js'
export { OrganizationSwitchForm } from './OrganizationSwitchForm.js'
export type { OrganizationSwitchFormProps } from './OrganizationSwitchForm.js'
export { CookieConsent, CONSENT_LEVELS } from './CookieConsent.js'
export type { CookieConsentProps, ConsentLevel } from './CookieConsent.js'
export { GroupGate } from './GroupGate.js'
export type { GroupGateProps } from './GroupGate.js'
export { groupsMatch } from './groups-match.js'
export type { GroupPredicate } from './groups-match.js'
export { mount } from './mount.js'
export type { MountedWidget } from './mount.js'
export { DEFAULT_TEXT } from './default-text.js'
export type { TextKey, TextOverrides } from './default-text.js'
export { resolveWidgetConfig, WidgetConfigError, DEFAULT_FACTORS } from './resolve-widget-config.js'
export type { WidgetConfig, ResolvedWidgetConfig, FactorConfig } from './resolve-widget-config.js'
export type { ThemeVariables, ThemeMode, ThemeColor, ThemeFont } from './resolve-theme.js'
export type { WidgetPorts, ClipboardLike } from './widget-context.js'
export { COUNTRIES, PREFERRED_COUNTRY_CODES } from './countries.js'
export type { Country } from './countries.js'
