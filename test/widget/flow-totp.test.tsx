/** Authenticator app through the widget: register, recovery codes, verify, a recovery code. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LoginForm } from '../../src/widget/LoginForm.js'
import { totpFromKeyURI } from '../integration/helpers.js'
import { click, pasteInto as paste, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush } from './dom.js'
import { alerts, getByLabel, getByRole, hasText, heading, queryAllByRole } from './queries.js'
import { freshEmail, openWorld, type World } from './world.js'

const totp = suite<{ world: World }>('TOTP')
totp.after.each(async (context) => context.world?.close())

async function start(world: World, email: string, key: string) {
  await world.render(<LoginForm key={key} client={world.client} ports={{ clock: world.clockPort, storage: world.storage }} factors={[{ method: 'totp' }]} />)
  type(getByLabel(world.root, 'Email address'), email)
  click(getByRole(world.root, 'button', 'Continue'))
}

totp('register (QR code, set-up URI, wrong code), save the recovery codes, then verify with the app and with a recovery code', async (context) => {
  const world = (context.world = await openWorld())
  const { root } = world
  const email = freshEmail()
  await start(world, email, 'first')
  await world.title('Set up your authenticator app')
  assert.ok(hasText(root, 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.'))
  const qr = getByRole(root, 'img', 'QR code for your authenticator app') as HTMLImageElement
  assert.match(qr.getAttribute('src')!, /^data:image\/png;base64,iVBOR/)
  const uri = (getByLabel(root, 'Or add this set-up key to your app') as HTMLInputElement).value
  assert.match(uri, /^otpauth:\/\/totp\//)
  assert.is(queryAllByRole(root, 'button', 'Use a recovery code').length, 0, 'no recovery codes before registering')
  click(getByRole(root, 'button', 'Continue'))
  await flush()
  assert.is(heading(root), 'Set up your authenticator app')
  assert.ok(hasText(root, 'Open your authenticator app and enter the 6-digit code it shows.'))
  assert.is(queryAllByRole(root, 'button', 'Use a recovery code').length, 0, 'no toggle right after registering')
  const code = totpFromKeyURI(uri, world.clock.now)
  paste(getByLabel(root, 'Digit 1 of 6'), code === '000000' ? '111111' : '000000')
  await world.until(() => alerts(root).includes('Please enter a valid code'))
  paste(getByLabel(root, 'Digit 1 of 6'), code)
  await world.title('Save your recovery codes')
  assert.ok(hasText(root, 'If you lose your authenticator app, each of these codes lets you log in once. Keep them somewhere safe.'))
  const codes = [...getByRole(root, 'list', 'Recovery codes').querySelectorAll('li')].map((item) => item.textContent!)
  assert.is(codes.length, 10)
  const download = getByRole(root, 'link', 'Download')
  assert.is(download.getAttribute('download'), 'recovery-codes.txt')
  assert.is(decodeURIComponent(download.getAttribute('href')!.replace('data:text/plain;charset=utf-8,', '')), codes.map((c) => `${c}\n`).join(''))
  const confirm = getByRole(root, 'button', 'Continue') as HTMLButtonElement
  assert.ok(confirm.disabled, 'the codes must be confirmed')
  click(getByLabel(root, 'I have saved my recovery codes'))
  await flush()
  click(getByRole(root, 'button', 'Continue'))
  await world.title('You are now authenticated!')

  // Later: the authenticator's next code, then (another time) a recovery code.
  await world.advance(30_000)
  await start(world, email, 'second')
  await world.title('Enter your authenticator code')
  paste(getByLabel(root, 'Digit 1 of 6'), totpFromKeyURI(uri, world.clock.now))
  await world.title('You are now authenticated!')

  await start(world, email, 'third')
  await world.title('Enter your authenticator code')
  click(getByRole(root, 'button', 'Use a recovery code'))
  await flush()
  assert.is(heading(root), 'Enter a recovery code')
  assert.ok(hasText(root, 'Enter one of the recovery codes you saved when you set up your authenticator app.'))
  click(getByRole(root, 'button', 'Verify'))
  await flush()
  assert.equal(alerts(root), ['Please enter a recovery code.'])
  type(getByLabel(root, 'Recovery code'), 'aaaaa-bbbbb')
  click(getByRole(root, 'button', 'Verify'))
  await world.until(() => alerts(root).includes('Please enter a valid code'))
  assert.is(heading(root), 'Enter a recovery code', 'a wrong code stays in recovery mode')
  type(getByLabel(root, 'Recovery code'), codes[3]!)
  click(getByRole(root, 'button', 'Verify'))
  await world.title('You are now authenticated!')
})

totp('the recovery mode toggles back to the authenticator code', async (context) => {
  const world = (context.world = await openWorld({
    fixture: { organizations: [{ id: 'org-docs' }], persons: [{ email: 'totp@example.test', totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodes: ['aaaaa-11111'] }] },
  }))
  await start(world, 'totp@example.test', 'one')
  await world.title('Enter your authenticator code')
  click(getByRole(world.root, 'button', 'Use a recovery code'))
  await flush()
  click(getByRole(world.root, 'button', 'Use your authenticator app'))
  await flush()
  assert.is(heading(world.root), 'Enter your authenticator code')
  assert.ok(getByLabel(world.root, 'Authenticator code'))
})

totp.run()
