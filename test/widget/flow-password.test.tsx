/** Password set (each default rule failing, then passing), verify, wrong password and recovery through the widget. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { EmulatorFixture } from '../../src/emulator/index.js'
import { click, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush } from './dom.js'
import { alerts, getByLabel, getByRole, hasText, heading, queryAllByRole } from './queries.js'
import { freshEmail, openWorld, type World } from './world.js'

const GRACE = 'grace@example.test'
const fixture: EmulatorFixture = {
  organizations: [{ id: 'org-docs' }],
  persons: [
    { email: GRACE, password: 'Correct-Horse-7' },
    { username: 'lovelace', password: 'Analytical-Engine-1843' },
  ],
}
const passwordOnly = { factors: [{ method: 'password' as const }] }

async function startPassword(world: World, email: string) {
  await world.render(undefined, passwordOnly)
  type(getByLabel(world.root, 'Email address'), email)
  click(getByRole(world.root, 'button', 'Continue'))
}

/** Fill both fields and submit; resolves once the answer is shown (an alert, or another screen). */
async function setPassword(world: World, password: string, confirmation = password) {
  type(getByLabel(world.root, 'New password'), password)
  type(getByLabel(world.root, 'Confirm password'), confirmation)
  click(getByRole(world.root, 'button', 'Continue'))
  await world.until(() => alerts(world.root).length > 0 || heading(world.root) !== 'Create a password')
}

const set = suite<{ world: World }>('Set a password')
set.after.each(async (context) => context.world?.close())

set('each default rule failing shows its message, the form messages, then a good password signs in', async (context) => {
  const world = (context.world = await openWorld())
  await startPassword(world, freshEmail())
  await world.title('Create a password')
  assert.ok(hasText(world.root, 'Choose a password for your new account.'))
  const cases: Array<[string, string]> = [
    ['short1', '8-256 characters required'],
    ['MyPassword-Zebra', 'Must not contain the word “password”'],
    ['the-admin-zebra', 'Must not contain the word “admin”'],
    ['Super-User-Zebra', 'Must not contain the word “user”'],
    ['Zebra-abcd-Quill', 'Illegal sequence: abcd'],
    ['Zebra-DCBA-Quill', 'Illegal sequence: DCBA'],
    ['Zebra-1234-Quill', 'Illegal sequence: 1234'],
    ['Zebra-9876-Quill', 'Illegal sequence: 9876'],
    ['letmein123', 'This password is too common'],
  ]
  for (const [password, message] of cases) {
    await setPassword(world, password)
    assert.equal(alerts(world.root), [message], password)
    assert.is(heading(world.root), 'Create a password')
    assert.ok((getByRole(world.root, 'button', 'Continue') as HTMLButtonElement).disabled, 'Continue is disabled while the form is invalid')
    type(getByLabel(world.root, 'New password'), 'x')
    await flush()
    assert.equal(alerts(world.root), [], 'an edit clears the message')
  }
  await setPassword(world, 'Velvet-Otter-Lamp', 'Velvet-Otter-Lump')
  assert.equal(alerts(world.root), ['Passwords should match'])
  type(getByLabel(world.root, 'New password'), '')
  type(getByLabel(world.root, 'Confirm password'), '')
  click(getByRole(world.root, 'button', 'Continue'))
  await flush()
  assert.equal(alerts(world.root), ['Password is required'])
  await setPassword(world, 'Velvet-Otter-Lamp')
  await world.title('You are now authenticated!')
})

set('the show/hide toggle switches the field between hidden and plain text', async (context) => {
  const world = (context.world = await openWorld())
  await startPassword(world, freshEmail())
  await world.title('Create a password')
  const field = getByLabel(world.root, 'New password') as HTMLInputElement
  assert.is(field.type, 'password')
  click(queryAllByRole(world.root, 'button', 'Show password')[0]!)
  await flush()
  assert.is(field.type, 'text')
  assert.is(queryAllByRole(world.root, 'button', 'Hide password').length, 1)
})

const verify = suite<{ world: World }>('Verify a password')
verify.after.each(async (context) => context.world?.close())

verify('a wrong password: "Incorrect handle or password", then the right one', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  await startPassword(world, GRACE)
  await world.title('Enter your password')
  type(getByLabel(world.root, 'Password'), 'wrong-password-1')
  click(getByRole(world.root, 'button', 'Continue'))
  await world.until(() => alerts(world.root).length > 0)
  assert.equal(alerts(world.root), ['Incorrect handle or password'])
  assert.is((getByLabel(world.root, 'Password') as HTMLInputElement).value, '')
  type(getByLabel(world.root, 'Password'), 'Correct-Horse-7')
  click(getByRole(world.root, 'button', 'Continue'))
  await world.title('You are now authenticated!')
})

verify('forgot password: check your e-mail, Back returns to the password, then the reset link and a new password', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  await startPassword(world, GRACE)
  await world.title('Enter your password')
  click(getByRole(world.root, 'button', 'Forgot password?'))
  await world.title('Check your email')
  assert.ok(hasText(world.root, `We have sent a link to ${GRACE} to reset your password. Follow it to choose a new one.`))
  click(getByRole(world.root, 'button', 'Back to password'))
  await world.title('Enter your password')
  click(getByRole(world.root, 'button', 'Forgot password?'))
  await world.title('Check your email')
  await world.until(() => world.emulator.outbox(GRACE).filter((message) => message.purpose === 'password_reset').length === 2)
  const reset = world.emulator.lastMessage(GRACE)!
  assert.is((await world.emulator.fetch(new Request(reset.link!))).status, 200)
  await world.advance(1000)
  await world.title('Choose a new password')
  assert.ok(hasText(world.root, 'Enter a new password for your account.'))
  await setPassword(world, 'Brand-New-Walrus')
  await world.title('You are now authenticated!')
})

verify('forgot password with a username: "Cannot reset password", back to login', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  await world.render(undefined, { factors: [{ method: 'password', allowedHandleTypes: ['username'] }] })
  type(getByLabel(world.root, 'Username'), 'lovelace')
  click(getByRole(world.root, 'button', 'Continue'))
  await world.title('Enter your password')
  click(getByRole(world.root, 'button', 'Forgot password?'))
  await world.title('Cannot reset password')
  assert.ok(hasText(world.root, 'A password can only be reset with an email address or a phone number. Log in with one of them instead.'))
  click(getByRole(world.root, 'button', 'Go back to login'))
  await world.title('Welcome to the product')
  assert.is((getByLabel(world.root, 'Username') as HTMLInputElement).value, 'lovelace')
})

verify('recovery refused with "no password set" (403): "No password set", back to login', async (context) => {
  const world = (context.world = await openWorld({ fixture: { ...fixture, faults: [{ path: '/recover', status: 403, message: 'no password set' }] } }))
  await startPassword(world, GRACE)
  await world.title('Enter your password')
  click(getByRole(world.root, 'button', 'Forgot password?'))
  await world.title('No password set')
  assert.ok(hasText(world.root, 'This account has no password. Contact support, or log in with your email address or phone number.'))
  click(getByRole(world.root, 'button', 'Go back to login'))
  await world.title('Welcome to the product')
})

set.run()
verify.run()
