/**
 * Which handle types and methods the initial screen offers for the configured factors
 *: a tab per handle type some factor accepts, a method selector when several
 * factors fit the chosen type, SSO factors as buttons below the divider.
 */
import { assertHandleFitsFactor, type Factor, type HandleType } from '../identity/index.js'
import type { FactorConfig } from './resolve-widget-config.js'

export const HANDLE_TYPE_ORDER: readonly HandleType[] = ['email_address', 'phone_number', 'username']

/** A well-formed handle of each type, to ask the SDK whether a factor accepts that type. */
const SAMPLE_VALUES: Readonly<Record<HandleType, string>> = {
  email_address: 'person@example.com',
  phone_number: '+15550100000',
  username: 'person',
}

/** The factor as the SDK takes it: the widget's own label and logo stay behind. */
export function sdkFactor({ label: _label, logo: _logo, ...factor }: FactorConfig): Factor {
  return factor
}

export function isSsoFactor(factor: FactorConfig): boolean {
  return factor.method === 'oidc' || factor.method === 'saml'
}

/** The SDK's own rule decides, so the widget never offers what the SDK would refuse. */
function fits(factor: FactorConfig, type: HandleType): boolean {
  try {
    assertHandleFitsFactor({ type, value: SAMPLE_VALUES[type] }, factor)
    return true
  } catch {
    return false
  }
}

/** The non-SSO factors that accept `type`; a passkey only where the browser supports it. */
export function methodsFor(factors: readonly FactorConfig[], type: HandleType, passkeySupported: boolean): FactorConfig[] {
  return factors.filter((factor) => !isSsoFactor(factor) && (factor.method !== 'webauthn' || passkeySupported) && fits(factor, type))
}

export function handleTypesFor(factors: readonly FactorConfig[], passkeySupported: boolean): HandleType[] {
  return HANDLE_TYPE_ORDER.filter((type) => methodsFor(factors, type, passkeySupported).length > 0)
}
