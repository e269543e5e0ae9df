/** Every error screen of spec 001 §8, reached through the emulator's policies and faults. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { EmulatorFixture } from '../../src/emulator/index.js'
import type { LoginFormProps } from '../../src/widget/LoginForm.js'
import { click, typeInto as type } from '../../harness/driver/dom-actions.js'
import { getByLabel, getByRole, hasText, heading, queryAllByRole } from './queries.js'
import { freshEmail, openWorld, type World } from './world.js'

const errors = suite<{ world: World }>('Error screens')
errors.after.each(async (context) => context.world?.close())

const otpByEmail = { factors: [{ method: 'otp_via_email' as const }] }
const org = (policy: NonNullable<EmulatorFixture['organizations']>[number]['policy']): EmulatorFixture => ({ organizations: [{ id: 'org-docs', policy }] })

async function signIn(world: World, email: string, props: Partial<LoginFormProps> = otpByEmail) {
  await world.render(undefined, props)
  type(getByLabel(world.root, 'Email address'), email)
  click(getByRole(world.root, 'button', 'Continue'))
}

/** The screen's buttons and links, by name. */
const actions = (world: World) => [...queryAllByRole(world.root, 'button'), ...queryAllByRole(world.root, 'link')].map((element) => element.textContent)

errors('the provider says "authentication has expired": "Log in expired", Try again sends a new code', async (context) => {
  const world = (context.world = await openWorld({ fixture: { faults: [{ path: '/attestation/v3', status: 403, message: 'authentication has expired', times: 1 }] } }))
  const email = freshEmail()
  await signIn(world, email)
  const { otp } = await world.lastMessage(email)
  await world.enterCode(otp!)
  await world.title('Log in expired')
  assert.ok(hasText(world.root, 'Your attempt to login took too long, try again to continue.'))
  assert.equal(actions(world), ['Try again'])
  click(getByRole(world.root, 'button', 'Try again'))
  await world.until(() => world.emulator.outbox(email).length === 2)
  await world.title('Check your email')
})

errors('too many wrong codes (429): "Too many attempts...", Try again', async (context) => {
  const world = (context.world = await openWorld({ fixture: org({ maxAttempts: 1 }) }))
  const email = freshEmail()
  await signIn(world, email)
  const { otp } = await world.lastMessage(email)
  const wrong = otp === '000000' ? '111111' : '000000'
  await world.enterCode(wrong)
  await world.until(() => hasText(world.root, 'Please enter a valid code'))
  type(getByLabel(world.root, 'Digit 1 of 6'), wrong)
  await world.title('Too many attempts...')
  assert.ok(hasText(world.root, 'Please wait a moment, then try again.'))
  assert.equal(actions(world), ['Try again'])
})

errors('self-registration off: "Cannot register" with the sign-up link and contact support', async (context) => {
  const world = (context.world = await openWorld({ fixture: org({ selfRegistration: false }) }))
  await signIn(world, freshEmail(), { ...otpByEmail, alternativeAuthURL: 'https://example.test/sign-up', supportURL: 'mailto:help@example.test' })
  await world.title('Cannot register')
  assert.ok(hasText(world.root, 'New accounts cannot sign up here.'))
  assert.equal(actions(world), ['Try again', 'Sign up', 'Contact support'])
  assert.is(getByRole(world.root, 'link', 'Sign up').getAttribute('href'), 'https://example.test/sign-up')
  assert.is(getByRole(world.root, 'link', 'Contact support').getAttribute('href'), 'mailto:help@example.test')
})

errors('self-registration off, alternativeAuthURL not a valid URL: no sign-up link', async (context) => {
  const world = (context.world = await openWorld({ fixture: org({ selfRegistration: false }) }))
  await signIn(world, freshEmail(), { ...otpByEmail, alternativeAuthURL: 'javascript:alert(1)' })
  await world.title('Cannot register')
  assert.equal(actions(world), ['Try again'])
})

errors('sign-up awaiting approval: "Awaiting approval" (grey icon), back to login with the address kept', async (context) => {
  const world = (context.world = await openWorld({ fixture: org({ approvalRequired: true }) }))
  const email = freshEmail()
  await signIn(world, email)
  const { otp } = await world.lastMessage(email)
  await world.enterCode(otp!)
  await world.title('Awaiting approval')
  assert.ok(hasText(world.root, 'Your account has been created and is waiting for approval by an administrator.'))
  assert.ok(world.root.querySelector('.sid-screen-icon--waiting'))
  assert.equal(actions(world), ['Go back to login'])
  click(getByRole(world.root, 'button', 'Go back to login'))
  await world.title('Welcome to the product')
  assert.is((getByLabel(world.root, 'Email address') as HTMLInputElement).value, email)
})

errors('sign-in awaiting approval ("Person … is inactive"): "Awaiting approval"', async (context) => {
  const world = (context.world = await openWorld({ fixture: { faults: [{ path: '/id/v2', status: 403, message: 'Person pid_123 is inactive' }] } }))
  await signIn(world, freshEmail())
  await world.title('Awaiting approval')
  assert.ok(hasText(world.root, 'Your account is waiting for approval by an administrator.'))
  assert.equal(actions(world), ['Go back to login'])
})

errors('a malformed e-mail address (400): "Invalid email address" naming it, back to login', async (context) => {
  const world = (context.world = await openWorld())
  await signIn(world, 'ada@example.c')
  await world.title('Invalid email address')
  assert.ok(hasText(world.root, 'ada@example.c is not a valid email address.'))
  click(getByRole(world.root, 'button', 'Go back to login'))
  await world.title('Welcome to the product')
})

errors('a malformed phone number (400): "Invalid phone number" naming it', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'otp_via_sms' }] })
  type(getByLabel(world.root, 'Phone number'), '12')
  click(getByRole(world.root, 'button', 'Continue'))
  await world.title('Invalid phone number')
  assert.ok(hasText(world.root, '+112 is not a valid phone number.'))
  assert.equal(actions(world), ['Go back to login'])
})

errors('any other provider error (500): "Something went wrong...", Try again succeeds', async (context) => {
  const world = (context.world = await openWorld({ fixture: { faults: [{ path: '/id/v2', status: 500, message: 'boom', times: 1 }] } }))
  await signIn(world, freshEmail(), { ...otpByEmail, supportURL: 'https://example.test/help' })
  await world.title('Something went wrong...')
  assert.ok(hasText(world.root, 'An error occurred while signing you in. Please try again.'))
  assert.equal(actions(world), ['Try again', 'Contact support'])
  click(getByRole(world.root, 'button', 'Try again'))
  await world.title('Check your email')
  assert.is(heading(world.root), 'Check your email')
})


errors.run()
