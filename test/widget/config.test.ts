/** Widget configuration and theme validation (spec 001 §3, §5): defaults, and every bad value named by its key. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_TEXT } from '../../src/widget/default-text.js'
import { resolveTheme } from '../../src/widget/resolve-theme.js'
import { DEFAULT_FACTORS, WidgetConfigError, resolveWidgetConfig, type WidgetConfig } from '../../src/widget/resolve-widget-config.js'

const problems = (config: unknown): readonly string[] => {
  try {
    resolveWidgetConfig(config as WidgetConfig)
  } catch (error) {
    assert.instance(error, WidgetConfigError)
    return (error as WidgetConfigError).problems
  }
  throw new Error('expected a WidgetConfigError')
}

const config = suite('Widget configuration')

config('defaults of spec 001 §3', () => {
  const resolved = resolveWidgetConfig()
  assert.equal(resolved.factors, [{ method: 'webauthn' }, { method: 'email_link' }])
  assert.ok(resolved.factors === DEFAULT_FACTORS)
  assert.equal(
    [resolved.storeLastHandle, resolved.storeLastFactor, resolved.showBanner, resolved.defaultCountryCode, resolved.supportURL, resolved.alternativeAuthURL],
    [false, false, true, 'US', undefined, undefined],
  )
  assert.equal(resolved.theme, { mode: 'auto', cssVariables: {} })
  assert.ok(Object.isFrozen(resolved))
})

config('good values are kept; alternativeAuthURL only when it is a valid http(s) URL', () => {
  const resolved = resolveWidgetConfig({
    factors: [{ method: 'oidc', options: { provider: 'google', client_id: 'abc' }, label: 'Google Workspace', logo: '/img/g.svg' }],
    text: { 'initial.title': 'Hello' },
    logo: 'https://example.test/logo.png',
    storeLastHandle: true,
    storeLastFactor: true,
    showBanner: false,
    defaultCountryCode: 'gb',
    supportURL: 'https://example.test/help',
    alternativeAuthURL: 'https://example.test/sign-up',
  })
  assert.is(resolved.defaultCountryCode, 'GB')
  assert.is(resolved.alternativeAuthURL, 'https://example.test/sign-up')
  assert.is(resolved.text['initial.title'], 'Hello')
  for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://example.test/']) {
    assert.is(resolveWidgetConfig({ alternativeAuthURL: bad }).alternativeAuthURL, undefined, bad)
  }
})

config('every problem, named by its key, in one error', () => {
  const found = problems({
    factor: [],
    factors: [{ method: 'sms' }, 'email_link', { method: 'password', options: 1, allowedHandleTypes: ['nickname'], label: 2, logo: 'javascript:alert(1)' }],
    text: { 'initial.titel': 'x', 'initial.title': 3 },
    logo: '//evil.test/logo.png',
    storeLastHandle: 'yes',
    showBanner: 0,
    defaultCountryCode: 'XX',
    supportURL: 'javascript:alert(1)',
    theme: { colors: { primary: 'red' } },
  })
  assert.equal(found, [
    'factor is not a widget option; use one of factors, text, logo, storeLastHandle, storeLastFactor, showBanner, defaultCountryCode, supportURL, alternativeAuthURL, theme',
    'factors[0].method must be one of webauthn, email_link, otp_via_email, sms_link, otp_via_sms, oidc, saml, password, totp, got "sms"',
    'factors[1] must be an object with a method, got "email_link"',
    'factors[2].options must be an object, got 1',
    'factors[2].allowedHandleTypes must be a list of email_address, phone_number, username, got ["nickname"]',
    'factors[2].label must be a string, got 2',
    'factors[2].logo must be an http(s) URL, a path starting with / or a data:image URL, got "javascript:alert(1)"',
    'text["initial.titel"] is not a text key of the widget',
    'text["initial.title"] must be a string, got 3',
    'logo must be an http(s) URL, a path starting with / or a data:image URL, got "//evil.test/logo.png"',
    'defaultCountryCode must be an ISO country code such as "US" or "GB", got "XX"',
    'supportURL must be an http, https or mailto URL, got "javascript:alert(1)"',
    'storeLastHandle must be true or false, got "yes"',
    'showBanner must be true or false, got 0',
    'theme.colors.primary must be a hex colour (#abc or #aabbcc) or rgba(…), got "red"',
  ])
  assert.equal(problems({ factors: [] }), ['factors must be a non-empty list of factors, got []'])
  assert.equal(problems({ text: 'hello' }), ['text must be an object of texts by key, got "hello"'])
})

config('the error message lists the problems', () => {
  try {
    resolveWidgetConfig({ showBanner: 'no' as unknown as boolean, defaultCountryCode: 'ZZ' })
    assert.unreachable()
  } catch (error) {
    assert.is(
      (error as Error).message,
      'Invalid login widget configuration:\n  - defaultCountryCode must be an ISO country code such as "US" or "GB", got "ZZ"\n  - showBanner must be true or false, got "no"',
    )
    assert.is((error as Error).name, 'WidgetConfigError')
  }
})

const theme = suite('Theme')

theme('colours (hex 3 or 6 digits, rgba), sizes in px, fonts Open Sans / Inter / sans-serif become CSS variables', () => {
  const { theme: resolved, problems: found } = resolveTheme({
    mode: 'dark',
    colors: { primary: '#abc', background: '#AABBCC', foreground: 'rgba(0, 0, 0, 0.87)', border: 'rgba(255,255,255,1)' },
    fontFamily: 'Open Sans',
    borderWidth: '1px',
    borderRadius: '0.5px',
    logoWidth: '64px',
  })
  assert.equal(found, [])
  assert.is(resolved.mode, 'dark')
  assert.equal(resolved.cssVariables, {
    '--sid-color-primary': '#abc',
    '--sid-color-background': '#AABBCC',
    '--sid-color-foreground': 'rgba(0, 0, 0, 0.87)',
    '--sid-color-border': 'rgba(255,255,255,1)',
    '--sid-font-family': '"Open Sans", sans-serif',
    '--sid-border-width': '1px',
    '--sid-border-radius': '0.5px',
    '--sid-logo-width': '64px',
  })
  assert.is(resolveTheme({ fontFamily: 'sans-serif' }).theme.cssVariables['--sid-font-family'], 'sans-serif')
  assert.is(resolveTheme({ mode: 'light' }).theme.mode, 'light')
})

theme('each bad value is a clear error naming its key', () => {
  const { problems: found } = resolveTheme({
    mode: 'blue',
    colors: { primary: 'red', error: '#abcd', surface: 'rgba(300, 0, 0, 1)', success: 'rgb(0, 0, 0)', accent: '#fff' },
    fontFamily: 'Comic Sans MS',
    borderRadius: '1rem',
    logoWidth: 48,
    shadow: 'none',
  })
  assert.equal(found, [
    'theme.mode must be "light", "dark" or "auto", got "blue"',
    'theme.colors.primary must be a hex colour (#abc or #aabbcc) or rgba(…), got "red"',
    'theme.colors.error must be a hex colour (#abc or #aabbcc) or rgba(…), got "#abcd"',
    'theme.colors.surface must be a hex colour (#abc or #aabbcc) or rgba(…), got "rgba(300, 0, 0, 1)"',
    'theme.colors.success must be a hex colour (#abc or #aabbcc) or rgba(…), got "rgb(0, 0, 0)"',
    'theme.colors.accent is not a theme colour; use one of primary, primaryHover, onPrimary, background, surface, foreground, mutedForeground, border, error, success, focus',
    'theme.fontFamily must be one of "Open Sans", "Inter" or "sans-serif", got "Comic Sans MS"',
    'theme.borderRadius must be a size in px (e.g. "8px"), got "1rem"',
    'theme.logoWidth must be a size in px (e.g. "8px"), got 48',
    'theme.shadow is not a theme variable; use one of mode, colors, fontFamily, borderWidth, borderRadius, buttonBorderRadius, inputBorderRadius, logoWidth',
  ])
  assert.equal(resolveTheme('dark').problems, ['theme must be an object of theme variables, got "dark"'])
  assert.equal(resolveTheme({ colors: '#fff' }).problems, ['theme.colors must be an object of colours, got "#fff"'])
  assert.equal(resolveTheme({ colors: { primary: 'red;}body{display:none' } }).theme.cssVariables, {}, 'nothing unchecked reaches the style')
})

const text = suite('Default texts')

text('the spec’s own wording, verbatim', () => {
  const spec: Partial<Record<keyof typeof DEFAULT_TEXT, string>> = {
    'initial.title': 'Welcome to the product',
    'initial.subtitle': 'Sign in to your account',
    'initial.submit': 'Continue',
    'initial.divider': 'or',
    'success.title': 'You are now authenticated!',
    'success.subtitle': 'You can now close this page.',
    'error.title': 'Something went wrong...',
    'error.retry': 'Try again',
    'error.back': 'Go back to login',
    'error.title.timeout': 'Log in expired',
    'error.subtitle.timeout': 'Your attempt to login took too long, try again to continue.',
    'error.title.rateLimit': 'Too many attempts...',
    'error.title.recoverNonReachableHandleType': 'Cannot reset password',
    'error.title.selfRegistrationNotAllowed': 'Cannot register',
    'error.title.awaitingApproval': 'Awaiting approval',
    'validationError.email': 'Please enter your email address.',
    'validationError.phoneNumber': 'Please enter your phone number.',
    'validationError.username': 'Please enter a valid username.',
    'validationError.otp': 'Please enter the OTP code.',
    'validationError.otpRejected': 'Please enter a valid code',
    'validationError.password': 'Password is required',
    'validationError.passwordConfirm': 'Passwords should match',
    'validationError.incorrectPassword': 'Incorrect handle or password',
    'validationError.password.length': '8-256 characters required',
    'validationError.password.sequence': 'Illegal sequence: {user_content}',
  }
  for (const [key, value] of Object.entries(spec)) assert.is(DEFAULT_TEXT[key as keyof typeof DEFAULT_TEXT], value, key)
})

config.run()
theme.run()
text.run()
