/** The login form's initial screen and options: tabs, method selector, SSO, memory, logo, banner, texts, theme. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LoginForm } from '../../src/widget/LoginForm.js'
import { LAST_FACTOR_KEY, LAST_HANDLE_KEY } from '../../src/widget/last-used.js'
import { fakeWindow, ok, scriptedFetch } from '../identity/helpers.js'
import { click, pressKey as press, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush } from './dom.js'
import { accessibleName, getByLabel, getByRole, hasText, heading, queryAllByRole, queryByLabel } from './queries.js'
import { freshEmail, openWorld, type World } from './world.js'

const form = suite<{ world: World }>('Login form')
form.after.each(async (context) => context.world?.close())

form('logo, title, subtitle, the footer banner; showBanner false hides it; texts are overridable', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { logo: 'https://example.test/logo.svg' })
  const logo = getByRole(world.root, 'img', 'Logo') as HTMLImageElement
  assert.is(logo.getAttribute('src'), 'https://example.test/logo.svg')
  assert.ok(hasText(world.root, 'Secured by SlashID'))
  world.page.render(<LoginForm client={world.client} ports={{ clock: world.clockPort }} showBanner={false} text={{ 'initial.title': 'Welcome to Docs', 'initial.handle.email': 'Work email' }} />)
  await world.title('Welcome to Docs')
  assert.not.ok(hasText(world.root, 'Secured by SlashID'))
  assert.ok(getByLabel(world.root, 'Work email'))
  assert.is(queryAllByRole(world.root, 'img').length, 0)
})

form('a configuration problem throws a WidgetConfigError naming the key', async (context) => {
  const world = (context.world = await openWorld())
  const errors: unknown[] = []
  const original = console.error
  console.error = () => {}
  try {
    const { createRoot } = await import('react-dom/client')
    const root = createRoot(world.page.document.createElement('div'), { onUncaughtError: (error) => void errors.push(error) })
    root.render(<LoginForm client={world.client} theme={{ colors: { primary: 'red' } }} />)
    await world.until(() => errors.length > 0)
    root.unmount()
  } finally {
    console.error = original
  }
  assert.is((errors[0] as Error).message, 'Invalid login widget configuration:\n  - theme.colors.primary must be a hex colour (#abc or #aabbcc) or rgba(…), got "red"')
})

form('the theme: data-theme for light, dark or auto, and the variables on the root', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { theme: { mode: 'dark', colors: { primary: '#123456' }, borderRadius: '4px' } })
  const root = world.root.querySelector('.sid-root') as HTMLElement
  assert.is(root.getAttribute('data-theme'), 'dark')
  assert.is(root.style.getPropertyValue('--sid-color-primary'), '#123456')
  assert.is(root.style.getPropertyValue('--sid-border-radius'), '4px')
  assert.ok(world.page.document.head.querySelector('style[data-href="docsgen-login-widget"]'), 'the stylesheet is added to the head')
})

form('tabs per handle type (e-mail, phone, username); the method selector when several methods apply', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, {
    factors: [{ method: 'webauthn' }, { method: 'email_link' }, { method: 'otp_via_sms' }, { method: 'password', allowedHandleTypes: ['email_address', 'phone_number', 'username'] }],
    ports: { clock: world.clockPort, passkeySupported: true },
  })
  const { root } = world
  assert.equal(queryAllByRole(root, 'tab').map((tab) => tab.textContent), ['Email', 'Phone', 'Username'])
  assert.is(accessibleName(getByRole(root, 'tablist')), 'Sign in with')
  const method = getByLabel(root, 'Authentication method')
  assert.is(method.textContent, 'Passkey')
  click(method)
  await flush()
  assert.equal(queryAllByRole(root, 'option').map((option) => option.textContent), ['Passkey', 'Email link', 'Password'])
  click(getByRole(root, 'option', 'Password'))
  await flush()
  assert.is(getByLabel(root, 'Authentication method').textContent, 'Password')
  click(getByRole(root, 'tab', 'Phone'))
  await flush()
  assert.equal(
    (click(getByLabel(root, 'Authentication method')), await flush(), queryAllByRole(root, 'option').map((option) => option.textContent)),
    ['Code by SMS', 'Password'],
  )
  assert.is(getByLabel(root, 'Authentication method').textContent, 'Password', 'the chosen method is kept when it still applies')
  click(getByRole(root, 'tab', 'Username'))
  await flush()
  assert.ok(getByLabel(root, 'Username'))
  assert.not.ok(queryByLabel(root, 'Authentication method'), 'one method: no selector')
  click(getByRole(root, 'button', 'Continue'))
  await flush()
  assert.ok(hasText(root, 'Please enter a valid username.'))
  type(getByLabel(root, 'Username'), 'x'.repeat(129))
  click(getByRole(root, 'button', 'Continue'))
  await flush()
  assert.ok(hasText(root, 'Please enter a valid username.'), 'at most 128 characters')
  press(getByRole(root, 'tab', 'Username'), 'Home')
  await flush()
  assert.is(getByRole(root, 'tab', 'Email').getAttribute('aria-selected'), 'true')
})

form('an empty phone number: "Please enter your phone number."', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'sms_link' }], defaultCountryCode: 'GB' })
  assert.is(getByLabel(world.root, 'Country').textContent, '🇬🇧United Kingdom+44')
  click(getByRole(world.root, 'button', 'Continue'))
  await flush()
  assert.ok(hasText(world.root, 'Please enter your phone number.'))
})

form('storeLastHandle and storeLastFactor: remembered on success, pre-filled next time', async (context) => {
  const world = (context.world = await openWorld())
  const props = { factors: [{ method: 'email_link' as const }, { method: 'otp_via_email' as const }], storeLastHandle: true, storeLastFactor: true }
  await world.render(<LoginForm key="one" client={world.client} ports={{ clock: world.clockPort, storage: world.storage }} {...props} />)
  const email = freshEmail()
  type(getByLabel(world.root, 'Email address'), email)
  click(getByLabel(world.root, 'Authentication method'))
  await flush()
  click(getByRole(world.root, 'option', 'Code by email'))
  await flush()
  click(getByRole(world.root, 'button', 'Continue'))
  const { otp } = await world.lastMessage(email)
  await world.until(() => queryByLabel(world.root, 'Digit 1 of 6') !== undefined)
  type(getByLabel(world.root, 'Digit 1 of 6'), otp!)
  await world.title('You are now authenticated!')
  assert.equal(JSON.parse(world.storage.getItem(LAST_HANDLE_KEY)!), { type: 'email_address', value: email })
  assert.equal(JSON.parse(world.storage.getItem(LAST_FACTOR_KEY)!), { 'org-docs': 'otp_via_email' })
  await world.render(<LoginForm key="two" client={world.client} ports={{ clock: world.clockPort, storage: world.storage }} {...props} />)
  await world.title('Welcome to the product')
  assert.is((getByLabel(world.root, 'Email address') as HTMLInputElement).value, email)
  assert.is(getByLabel(world.root, 'Authentication method').textContent, 'Code by email')
})

form('SSO: buttons below the "or" divider; the popup, waiting, then success', async (context) => {
  const win = fakeWindow('http://localhost/docs/')
  const world = (context.world = await openWorld({ ports: { window: win.window } }))
  await world.render(undefined, {
    factors: [
      { method: 'email_link' },
      { method: 'oidc', options: { provider: 'google', client_id: 'g' } },
      { method: 'oidc', options: { provider: 'azuread', client_id: 'm' }, label: 'Company login', logo: '/logo.png' },
      { method: 'saml', options: { provider_credentials_id: 'p' } },
    ],
  })
  const { root } = world
  assert.ok(hasText(root, 'or'))
  assert.equal(
    queryAllByRole(root, 'button').map((button) => accessibleName(button)),
    ['Continue', 'Sign in with Google', 'Company login', 'Sign in with SSO'],
  )
  click(getByRole(root, 'button', 'Sign in with Google'))
  await world.title('Sign in with Google')
  assert.ok(hasText(root, 'Finish signing in in the window of your single sign-on provider.'))
  await world.until(() => win.opened.length === 1)
  assert.is(win.opened[0]!.features, 'popup,width=400,height=600')
  const idp = new URL(win.opened[0]!.url)
  idp.searchParams.set('email', 'sso@example.test')
  assert.is((await world.emulator.fetch(new Request(idp.href))).status, 200)
  await world.advance(1000)
  await world.title('You are now authenticated!')
  assert.is(world.client.user?.authentications.at(-1)?.handle?.value, 'sso@example.test')
})

form('a passkey (a scripted provider, as the emulator has none): the device prompt, Cancel back to the initial screen', async (context) => {
  const provider = scriptedFetch('http://provider.test')
  provider.on('POST /id/v2', ok([{ id: 'c1', type: 'webauthn_get', options: { challenge: 'AAAA', allowCredentials: [] } }]))
  const credentials = { create: () => new Promise<never>(() => {}), get: () => new Promise<never>(() => {}) }
  const world = (context.world = await openWorld({ ports: { fetch: provider.fetch, credentials } }))
  await world.render(undefined, { factors: [{ method: 'webauthn' }], ports: { clock: world.clockPort, passkeySupported: true } })
  type(getByLabel(world.root, 'Email address'), freshEmail())
  click(getByRole(world.root, 'button', 'Continue'))
  await world.title('Use your passkey')
  assert.ok(hasText(world.root, 'Follow the prompt of your browser or device to sign in with your passkey.'))
  click(getByRole(world.root, 'button', 'Cancel'))
  await world.title('Welcome to the product')
})

form('a dismissed passkey prompt: the generic error screen', async (context) => {
  const provider = scriptedFetch('http://provider.test')
  provider.on('POST /id/v2', ok([{ id: 'c1', type: 'webauthn_get', options: { challenge: 'AAAA' } }]))
  const dismissed = () => Promise.reject(Object.assign(new Error('dismissed'), { name: 'NotAllowedError' }))
  const world = (context.world = await openWorld({ ports: { fetch: provider.fetch, credentials: { create: dismissed, get: dismissed } } }))
  await world.render(undefined, { factors: [{ method: 'webauthn' }], ports: { clock: world.clockPort, passkeySupported: true } })
  type(getByLabel(world.root, 'Email address'), freshEmail())
  click(getByRole(world.root, 'button', 'Continue'))
  await world.title('Something went wrong...')
})

form.run()
