/**
 * What the person has entered on the initial screen, kept while they go back and forth between
 * screens: the handle type, one value per type, the phone country and the chosen method.
 */
import type { FactorMethod, Handle, HandleType, StorageLike } from '../identity/index.js'
import { COUNTRIES, findCountry } from './countries.js'
import type { TextKey } from './default-text.js'
import { checkEmail, checkPhone, checkUsername } from './field-validators.js'
import { handleTypesFor, methodsFor } from './handle-options.js'
import { readLastFactor, readLastHandle } from './last-used.js'
import type { ResolvedWidgetConfig } from './resolve-widget-config.js'

export interface LoginDraft {
  readonly type: HandleType | undefined
  readonly email: string
  /** The national number, without the dial code. */
  readonly phone: string
  /** ISO code of the phone number's country. */
  readonly country: string
  readonly username: string
  readonly method: FactorMethod | undefined
}

/**
 * Splits `+<dial code><number>`: the default country when its dial code fits, else the longest
 * fitting dial code, a preferred country first among those sharing it (+44: United Kingdom).
 */
export function splitPhone(value: string, defaultCountry: string): { country: string; phone: string } | undefined {
  const fits = (dialCode: string) => value.startsWith(dialCode)
  const preferred = findCountry(defaultCountry)
  const country =
    preferred && fits(preferred.dialCode)
      ? preferred
      : COUNTRIES.filter((candidate) => fits(candidate.dialCode)).sort((a, b) => b.dialCode.length - a.dialCode.length || Number(b.preferred) - Number(a.preferred))[0]
  return country ? { country: country.code, phone: value.slice(country.dialCode.length) } : undefined
}

export function initialDraft(config: ResolvedWidgetConfig, storage: StorageLike | undefined, oid: string | undefined, passkeySupported: boolean): LoginDraft {
  const types = handleTypesFor(config.factors, passkeySupported)
  let draft: LoginDraft = { type: types[0], email: '', phone: '', country: config.defaultCountryCode, username: '', method: undefined }
  const last = config.storeLastHandle ? readLastHandle(storage) : undefined
  if (last && types.includes(last.type)) {
    if (last.type === 'email_address') draft = { ...draft, type: last.type, email: last.value }
    if (last.type === 'username') draft = { ...draft, type: last.type, username: last.value }
    const phone = last.type === 'phone_number' ? splitPhone(last.value, config.defaultCountryCode) : undefined
    if (phone) draft = { ...draft, type: 'phone_number', ...phone }
  }
  if (config.storeLastFactor && oid !== undefined) draft = { ...draft, method: readLastFactor(storage, oid) }
  return draft
}

/** The handle the draft describes (undefined when no handle type applies). */
export function draftHandle(draft: LoginDraft): Handle | undefined {
  switch (draft.type) {
    case 'email_address':
      return { type: 'email_address', value: draft.email.trim() }
    case 'phone_number':
      return { type: 'phone_number', value: `${findCountry(draft.country)?.dialCode ?? ''}${draft.phone.replace(/\D/g, '')}` }
    case 'username':
      return { type: 'username', value: draft.username.trim() }
    default:
      return undefined
  }
}

/** The form message for the draft's handle, if it is not acceptable. */
export function draftProblem(draft: LoginDraft): TextKey | undefined {
  if (draft.type === 'email_address') return checkEmail(draft.email)
  if (draft.type === 'phone_number') return checkPhone(draft.phone)
  if (draft.type === 'username') return checkUsername(draft.username)
  return undefined
}

/** The factor the draft picks: the chosen method when it still applies, else the first that does. */
export function draftFactor(draft: LoginDraft, config: ResolvedWidgetConfig, passkeySupported: boolean) {
  if (!draft.type) return undefined
  const methods = methodsFor(config.factors, draft.type, passkeySupported)
  return methods.find((factor) => factor.method === draft.method) ?? methods[0]
}
