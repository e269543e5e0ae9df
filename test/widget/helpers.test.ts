/** The widget's plain modules: texts, countries, rule messages, handle options, memory, drafts, gates, errors. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_PASSWORD_RULES } from '../../src/emulator/index.js'
import { checkPasswordRules, IdentityError } from '../../src/identity/index.js'
import { COUNTRIES, COUNTRIES_FOR_SELECTOR, findCountry, flagOf } from '../../src/widget/countries.js'
import { errorScreenContent } from '../../src/widget/error-screen-content.js'
import { groupsMatch } from '../../src/widget/groups-match.js'
import { handleTypesFor, methodsFor, sdkFactor } from '../../src/widget/handle-options.js'
import { LAST_FACTOR_KEY, LAST_HANDLE_KEY, readLastFactor, readLastHandle, writeLastFactor, writeLastHandle } from '../../src/widget/last-used.js'
import { draftFactor, draftHandle, draftProblem, initialDraft, splitPhone } from '../../src/widget/login-draft.js'
import { passwordRuleMessage } from '../../src/widget/password-rule-message.js'
import { resolveWidgetConfig } from '../../src/widget/resolve-widget-config.js'
import { createTranslate, handleValues, interpolate } from '../../src/widget/text.js'
import { memoryStorage } from '../identity/helpers.js'

const text = suite('Texts')

text('interpolation fills known placeholders and leaves the others; overrides win', () => {
  assert.is(interpolate('Hi {email}, {user_content} and {missing}', { email: 'a@b.c', user_content: 0 }), 'Hi a@b.c, 0 and {missing}')
  assert.is(interpolate('{toString}', {}), '{toString}')
  const t = createTranslate({ 'initial.title': 'Hello {email}' })
  assert.is(t('initial.title', { email: 'x@y.z' }), 'Hello x@y.z')
  assert.is(t('initial.subtitle'), 'Sign in to your account')
  assert.equal(handleValues({ type: 'phone_number', value: '+44123' }), { phone: '+44123' })
  assert.equal(handleValues({ type: 'username', value: 'ada' }), { username: 'ada' })
  assert.equal(handleValues(undefined), {})
})

const countries = suite('Countries')

countries('codes are unique ISO codes with a dial code; preferred countries first, in the spec’s order', () => {
  assert.ok(COUNTRIES.length > 230)
  assert.is(new Set(COUNTRIES.map((country) => country.code)).size, COUNTRIES.length)
  for (const country of COUNTRIES) {
    assert.match(country.code, /^[A-Z]{2}$/)
    assert.match(country.dialCode, /^\+[1-9]\d{0,3}$/)
  }
  assert.equal(COUNTRIES_FOR_SELECTOR.slice(0, 5).map((country) => country.name), ['Australia', 'India', 'United Arab Emirates', 'United Kingdom', 'United States'])
  assert.is(COUNTRIES_FOR_SELECTOR.length, COUNTRIES.length)
  assert.is(flagOf('gb'), '🇬🇧')
  assert.is(findCountry('de')?.dialCode, '+49')
  assert.is(findCountry('XX'), undefined)
})

const rules = suite('Password rule messages')

rules('keyed by the first failed rule; sequences quote the matched text', () => {
  const all = { regular_expressions: DEFAULT_PASSWORD_RULES }
  const message = (password: string) => passwordRuleMessage(checkPasswordRules(password, all), all, password)
  assert.equal(message('Zebra-qrst-Quill'), { key: 'validationError.password.sequence', values: { user_content: 'qrst' } })
  assert.equal(message('abc'), { key: 'validationError.password.length' })
  assert.is(message('Velvet-Otter-Lamp'), undefined)
  assert.equal(passwordRuleMessage([{ name: 'numeric_subsequences_ascending', matchType: 'must_not_match', regexp: 'x' }], undefined, '1234'), {
    key: 'validationError.password.sequence',
    values: { user_content: '' },
  })
  const broken = { regular_expressions: [{ name: 'bad_sequence', pattern: '(', match_type: 'must_not_match' as const }] }
  assert.equal(passwordRuleMessage([{ name: 'bad_sequence', matchType: 'must_not_match', regexp: '(' }], broken, 'x')?.values, { user_content: '' })
  assert.equal(passwordRuleMessage([{ name: 'house_rule', matchType: 'must_match', regexp: 'x' }], undefined, 'x'), { key: 'validationError.password.other' })
})

const options = suite('Handle types and methods')

options('types and methods follow the SDK’s handle rules; passkeys only where supported; SSO apart', () => {
  const factors = [{ method: 'webauthn' as const }, { method: 'email_link' as const }, { method: 'oidc' as const, label: 'SSO', logo: '/x.png' }]
  assert.equal(handleTypesFor(factors, false), ['email_address'])
  assert.equal(methodsFor(factors, 'email_address', true).map((factor) => factor.method), ['webauthn', 'email_link'])
  assert.equal(methodsFor(factors, 'email_address', false).map((factor) => factor.method), ['email_link'])
  assert.equal(handleTypesFor([{ method: 'webauthn' }], false), [])
  assert.equal(handleTypesFor([{ method: 'password' }], false), ['email_address', 'phone_number'])
  assert.equal(handleTypesFor([{ method: 'password', allowedHandleTypes: ['username'] }], false), ['username'])
  assert.equal(sdkFactor(factors[2]!), { method: 'oidc' })
})

const memory = suite('Last handle and factor')

memory('round-trips; garbage, unknown values and a throwing storage remember nothing', () => {
  const storage = memoryStorage()
  writeLastHandle(storage, { type: 'phone_number', value: '+15550100' })
  assert.equal(readLastHandle(storage), { type: 'phone_number', value: '+15550100' })
  writeLastFactor(storage, 'org-a', 'password')
  writeLastFactor(storage, 'org-b', 'totp')
  assert.equal([readLastFactor(storage, 'org-a'), readLastFactor(storage, 'org-b'), readLastFactor(storage, 'org-c')], ['password', 'totp', undefined])
  for (const junk of ['{', '"text"', 'null', '{"type":"fax","value":"1"}', '{"type":"username","value":3}']) {
    storage.setItem(LAST_HANDLE_KEY, junk)
    assert.is(readLastHandle(storage), undefined, junk)
  }
  for (const junk of ['[]', '{"org-a":"carrier-pigeon"}', '{"__proto__":"password"}']) {
    storage.setItem(LAST_FACTOR_KEY, junk)
    assert.is(readLastFactor(storage, 'org-a'), undefined, junk)
  }
  const throwing = { getItem: () => { throw new Error('blocked') }, setItem: () => { throw new Error('full') }, removeItem: () => {} }
  writeLastHandle(throwing, { type: 'email_address', value: 'a@b.c' })
  assert.is(readLastHandle(throwing), undefined)
  assert.is(readLastHandle(undefined), undefined)
})

const drafts = suite('Login drafts')

drafts('the initial draft restores the remembered handle and factor; phones are split by dial code', () => {
  const storage = memoryStorage()
  const config = resolveWidgetConfig({ factors: [{ method: 'otp_via_email' }, { method: 'sms_link' }, { method: 'password' }], storeLastHandle: true, storeLastFactor: true, defaultCountryCode: 'CA' })
  assert.equal(initialDraft(config, storage, 'org', false), { type: 'email_address', email: '', phone: '', country: 'CA', username: '', method: undefined })
  writeLastHandle(storage, { type: 'phone_number', value: '+15550100000' })
  writeLastFactor(storage, 'org', 'password')
  assert.equal(initialDraft(config, storage, 'org', false), { type: 'phone_number', email: '', phone: '5550100000', country: 'CA', username: '', method: 'password' })
  assert.equal(splitPhone('+447700900123', 'US'), { country: 'GB', phone: '7700900123' })
  assert.equal(splitPhone('+12425551234', 'CA'), { country: 'CA', phone: '2425551234' }, 'the default country wins when it fits')
  assert.equal(splitPhone('+12425551234', 'FR'), { country: 'BS', phone: '5551234' }, 'else the longest dial code')
  assert.is(splitPhone('+0', 'US'), undefined)
  const usernames = resolveWidgetConfig({ factors: [{ method: 'password', allowedHandleTypes: ['username'] }], storeLastHandle: true })
  writeLastHandle(storage, { type: 'username', value: 'lovelace' })
  assert.equal(initialDraft(usernames, storage, undefined, false).username, 'lovelace')
  writeLastHandle(storage, { type: 'email_address', value: 'a@b.c' })
  assert.is(initialDraft(usernames, storage, undefined, false).type, 'username', 'a remembered type that no longer applies is ignored')
})

drafts('handle, problem and factor of a draft', () => {
  const config = resolveWidgetConfig({ factors: [{ method: 'email_link' }, { method: 'password' }] })
  const base = initialDraft(config, undefined, undefined, false)
  assert.equal(draftHandle({ ...base, email: ' a@b.co ' }), { type: 'email_address', value: 'a@b.co' })
  assert.equal(draftHandle({ ...base, type: 'phone_number', country: 'GB', phone: '07700 900-123' }), { type: 'phone_number', value: '+4407700900123' })
  assert.equal(draftHandle({ ...base, type: 'username', username: ' ada ' }), { type: 'username', value: 'ada' })
  assert.is(draftHandle({ ...base, type: undefined }), undefined)
  assert.is(draftProblem({ ...base, email: 'a@b' }), 'validationError.email')
  assert.is(draftProblem({ ...base, email: 'A@B.CO' }), undefined)
  assert.is(draftProblem({ ...base, type: 'phone_number', phone: ' - ' }), 'validationError.phoneNumber')
  assert.is(draftProblem({ ...base, type: undefined }), undefined)
  assert.is(draftFactor({ ...base, method: 'password' }, config, false)?.method, 'password')
  assert.is(draftFactor({ ...base, method: 'totp' }, config, false)?.method, 'email_link', 'a method that no longer applies falls back to the first')
  assert.is(draftFactor({ ...base, type: undefined }, config, false), undefined)
})

const gates = suite('Group predicates')

gates('a group, any of, all of, a predicate; no user never matches', () => {
  assert.ok(groupsMatch(['a', 'b'], 'a'))
  assert.not.ok(groupsMatch(['a'], 'b'))
  assert.ok(groupsMatch(['a'], { anyOf: ['b', 'a'] }))
  assert.not.ok(groupsMatch(['a'], { anyOf: [] }))
  assert.ok(groupsMatch(['a', 'b'], { allOf: ['a', 'b'] }))
  assert.not.ok(groupsMatch(['a'], { allOf: ['a', 'b'] }))
  assert.ok(groupsMatch(['x'], (groups) => groups.length === 1))
  assert.not.ok(groupsMatch(undefined, () => true))
})

const errors = suite('Error screens by error')

errors('the named errors of spec 001 §8; anything else is the generic screen that retries', () => {
  const content = (code: IdentityError['code']) => errorScreenContent(new IdentityError(code, 'x'))
  assert.equal(content('unknown'), { title: 'error.title', subtitle: 'error.subtitle', action: 'retry', tone: 'error', signUp: false })
  assert.equal(errorScreenContent(undefined), content('unknown'))
  assert.equal([content('timeout').title, content('timeout').action], ['error.title.timeout', 'retry'])
  assert.equal([content('signInAwaitingApproval').tone, content('signInAwaitingApproval').action], ['waiting', 'reset'])
  assert.ok(content('selfRegistrationNotAllowed').signUp)
  assert.is(content('invalidPhoneNumberFormat').action, 'reset')
  assert.is(content('personExists').title, 'error.title')
})

text.run()
countries.run()
rules.run()
options.run()
memory.run()
drafts.run()
gates.run()
errors.run()
