/**
 * The widget's configuration, checked once, key by key, with the spec's defaults.
 * Every problem is collected and reported together in one WidgetConfigError.
 */
import type { Factor, HandleType } from '../identity/index.js'
import { factorMethods } from '../shared/factor-methods.js'
import { DEFAULT_TEXT, type TextOverrides } from './default-text.js'
import { DEFAULT_COUNTRY_CODE, findCountry } from './countries.js'
import { resolveTheme, type ResolvedTheme, type ThemeVariables } from './resolve-theme.js'

/** A factor of the widget: an SSO entry (oidc, saml) may carry a button label and a logo URL. */
export interface FactorConfig extends Factor {
  readonly label?: string
  readonly logo?: string
}

export interface WidgetConfig {
  /** Default: webauthn (offered only where the browser supports it), then email_link. */
  readonly factors?: readonly FactorConfig[]
  /** Overrides of the default texts, by key. */
  readonly text?: TextOverrides
  /** URL of the logo above the title. */
  readonly logo?: string
  /** Remember the last handle used and pre-fill it (default false). */
  readonly storeLastHandle?: boolean
  /** Remember the last factor per organization and pre-select it (default false). */
  readonly storeLastFactor?: boolean
  /** The footer brand banner (default true). */
  readonly showBanner?: boolean
  /** ISO code of the phone input's initial country (default US). */
  readonly defaultCountryCode?: string
  /** A 'Contact support' link on error screens (http, https or mailto). */
  readonly supportURL?: string
  /** A sign-up link on the 'Cannot register' screen; only used when it is a valid http(s) URL. */
  readonly alternativeAuthURL?: string
  readonly theme?: ThemeVariables
}

export interface ResolvedWidgetConfig {
  readonly factors: readonly FactorConfig[]
  readonly text: TextOverrides
  readonly logo: string | undefined
  readonly storeLastHandle: boolean
  readonly storeLastFactor: boolean
  readonly showBanner: boolean
  readonly defaultCountryCode: string
  readonly supportURL: string | undefined
  readonly alternativeAuthURL: string | undefined
  readonly theme: ResolvedTheme
}

export const DEFAULT_FACTORS: readonly FactorConfig[] = Object.freeze([{ method: 'webauthn' }, { method: 'email_link' }])

/** Every option, in a fixed order (also what a memoised configuration depends on). */
export const WIDGET_OPTION_KEYS = [
  'factors',
  'text',
  'logo',
  'storeLastHandle',
  'storeLastFactor',
  'showBanner',
  'defaultCountryCode',
  'supportURL',
  'alternativeAuthURL',
  'theme',
] as const
const HANDLE_TYPES: readonly HandleType[] = ['email_address', 'phone_number', 'username']

export class WidgetConfigError extends Error {
  readonly problems: readonly string[]
  constructor(problems: readonly string[]) {
    super(`Invalid login widget configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'WidgetConfigError'
    this.problems = problems
  }
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value)

function parseURL(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

export function isHttpURL(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const protocol = parseURL(value)?.protocol
  return protocol === 'http:' || protocol === 'https:'
}

/** An image URL: http(s), a site-relative path, or an inline image (never javascript:). */
function isImageURL(value: unknown): value is string {
  return typeof value === 'string' && (isHttpURL(value) || /^\/(?!\/)/.test(value) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);/.test(value))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkFactor(factor: unknown, where: string, problems: string[]): void {
  if (!isRecord(factor)) return void problems.push(`${where} must be an object with a method, got ${show(factor)}`)
  if (!(factorMethods as readonly unknown[]).includes(factor.method)) {
    problems.push(`${where}.method must be one of ${factorMethods.join(', ')}, got ${show(factor.method)}`)
  }
  if (factor.options !== undefined && !isRecord(factor.options)) problems.push(`${where}.options must be an object, got ${show(factor.options)}`)
  const allowed = factor.allowedHandleTypes
  if (allowed !== undefined && !(Array.isArray(allowed) && allowed.every((type) => HANDLE_TYPES.includes(type)))) {
    problems.push(`${where}.allowedHandleTypes must be a list of ${HANDLE_TYPES.join(', ')}, got ${show(allowed)}`)
  }
  if (factor.label !== undefined && typeof factor.label !== 'string') problems.push(`${where}.label must be a string, got ${show(factor.label)}`)
  if (factor.logo !== undefined && !isImageURL(factor.logo)) {
    problems.push(`${where}.logo must be an http(s) URL, a path starting with / or a data:image URL, got ${show(factor.logo)}`)
  }
}

function checkText(text: unknown, problems: string[]): void {
  if (!isRecord(text)) return void problems.push(`text must be an object of texts by key, got ${show(text)}`)
  for (const [key, value] of Object.entries(text)) {
    if (!Object.hasOwn(DEFAULT_TEXT, key)) problems.push(`text[${show(key)}] is not a text key of the widget`)
    else if (typeof value !== 'string') problems.push(`text[${show(key)}] must be a string, got ${show(value)}`)
  }
}

function booleanOption(config: Record<string, unknown>, key: string, fallback: boolean, problems: string[]): boolean {
  const value = config[key]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') problems.push(`${key} must be true or false, got ${show(value)}`)
  return value === true
}

export function resolveWidgetConfig(input: WidgetConfig = {}): ResolvedWidgetConfig {
  const problems: string[] = []
  const config = input as Record<string, unknown>
  for (const key of Object.keys(config)) {
    if (!(WIDGET_OPTION_KEYS as readonly string[]).includes(key)) problems.push(`${key} is not a widget option; use one of ${WIDGET_OPTION_KEYS.join(', ')}`)
  }
  const { factors, text, logo, defaultCountryCode, supportURL, alternativeAuthURL } = config
  if (factors !== undefined) {
    if (!Array.isArray(factors) || factors.length === 0) problems.push(`factors must be a non-empty list of factors, got ${show(factors)}`)
    else factors.forEach((factor, index) => checkFactor(factor, `factors[${index}]`, problems))
  }
  if (text !== undefined) checkText(text, problems)
  if (logo !== undefined && !isImageURL(logo)) problems.push(`logo must be an http(s) URL, a path starting with / or a data:image URL, got ${show(logo)}`)
  if (defaultCountryCode !== undefined && !(typeof defaultCountryCode === 'string' && findCountry(defaultCountryCode))) {
    problems.push(`defaultCountryCode must be an ISO country code such as "US" or "GB", got ${show(defaultCountryCode)}`)
  }
  const supportProtocol = typeof supportURL === 'string' ? parseURL(supportURL)?.protocol : undefined
  if (supportURL !== undefined && !['http:', 'https:', 'mailto:'].includes(supportProtocol ?? '')) {
    problems.push(`supportURL must be an http, https or mailto URL, got ${show(supportURL)}`)
  }
  const storeLastHandle = booleanOption(config, 'storeLastHandle', false, problems)
  const storeLastFactor = booleanOption(config, 'storeLastFactor', false, problems)
  const showBanner = booleanOption(config, 'showBanner', true, problems)
  const { theme, problems: themeProblems } = resolveTheme(config.theme)
  problems.push(...themeProblems)
  if (problems.length > 0) throw new WidgetConfigError(problems)
  return Object.freeze({
    factors: (factors as readonly FactorConfig[] | undefined) ?? DEFAULT_FACTORS,
    text: (text as TextOverrides | undefined) ?? {},
    logo: logo as string | undefined,
    storeLastHandle,
    storeLastFactor,
    showBanner,
    defaultCountryCode: typeof defaultCountryCode === 'string' ? defaultCountryCode.toUpperCase() : DEFAULT_COUNTRY_CODE,
    supportURL: supportURL as string | undefined,
    // Accepted only if it is a valid URL; anything else simply hides the link.
    alternativeAuthURL: isHttpURL(alternativeAuthURL) ? alternativeAuthURL : undefined,
    theme,
  })
}
