/** OTP by e-mail and SMS through the widget, against the emulator (spec 001 §2, §4, §5). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { webcrypto } from 'node:crypto'
import { trackedCrypto } from '../../harness/driver/tracked-crypto.js'
import type { CryptoLike } from '../../src/identity/index.js'
import { realWork } from '../identity/helpers.js'
import { click, pasteInto as paste, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush } from './dom.js'
import { alerts, getByLabel, getByRole, hasText, heading, queryAllByRole, queryByLabel, screenText } from './queries.js'
import { freshEmail, freshPhone, openWorld, type World } from './world.js'

const otp = suite<{ world: World }>('OTP by e-mail')
otp.after.each(async (context) => context.world?.close())

otp('wrong code, then the right one: the form resets with "Please enter a valid code", then success', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }] })
  const { root } = world
  assert.is(heading(root), 'Welcome to the product')
  assert.ok(hasText(root, 'Sign in to your account'))
  const email = freshEmail()
  type(getByLabel(root, 'Email address'), email)
  click(getByRole(root, 'button', 'Continue'))
  await world.title('Check your email')
  await world.until(() => hasText(root, `We have sent a code to ${email}. Enter it below.`))
  const { otp: code } = await world.lastMessage(email)
  const boxes = [...getByLabel(root, 'One-time code').querySelectorAll('input')] as HTMLInputElement[]
  assert.is(boxes.length, 6)
  type(boxes[0]!, code === '000000' ? '111111' : '000000')
  await world.until(() => alerts(root).includes('Please enter a valid code'))
  assert.equal(boxes.map((box) => box.value), ['', '', '', '', '', ''])
  type(boxes[0]!, code!)
  await world.title('You are now authenticated!')
  assert.ok(hasText(root, 'You can now close this page.'))
  assert.is(world.client.user?.authenticatedMethods[0], 'otp_via_email')
})

/** WebCrypto as on a busy machine: each digest takes `ms` of real time (tracked, as every digest is). */
const slowDigests = (ms: number) =>
  trackedCrypto(
    {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => webcrypto.getRandomValues(array as never) as T,
      randomUUID: () => webcrypto.randomUUID(),
      subtle: { digest: (algorithm: string, data: BufferSource) => new Promise((resolve) => setTimeout(resolve, ms)).then(() => webcrypto.subtle.digest(algorithm, data)) },
    },
    realWork,
  ) as unknown as CryptoLike

otp('on a busy machine the fake clock waits for real work: the code is sent before any fake time passes', async (context) => {
  const world = (context.world = await openWorld({ ports: { crypto: slowDigests(50) } }))
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }] })
  const email = freshEmail()
  type(getByLabel(world.root, 'Email address'), email)
  click(getByRole(world.root, 'button', 'Continue'))
  const clicked = world.clock.now
  await world.advanceUntil(() => world.emulator.outbox(email).length === 1)
  assert.is(world.clock.now - clicked, 0, 'fake time passed while the digest ran')
})

otp.run()

const sms = suite<{ world: World }>('OTP by SMS')
sms.after.each(async (context) => context.world?.close())

sms('the Phone tab, the country selector (US by default), a wrong code, then the right one', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }, { method: 'otp_via_sms' }] })
  const { root } = world
  assert.equal(queryAllByRole(root, 'tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]), [['Email', 'true'], ['Phone', 'false']])
  click(getByRole(root, 'tab', 'Phone'))
  await flush()
  assert.is(getByRole(root, 'tab', 'Phone').getAttribute('aria-selected'), 'true')
  assert.is(getByLabel(root, 'Country').textContent, '🇺🇸United States+1')
  const number = freshPhone()
  type(getByLabel(root, 'Phone number'), number)
  click(getByRole(root, 'button', 'Continue'))
  await world.title('Check your phone')
  await world.until(() => hasText(root, `We have sent a code to +1${number}. Enter it below.`))
  const { otp: code } = await world.lastMessage(`+1${number}`)
  const first = getByLabel(root, 'Digit 1 of 6')
  paste(first, code === '123456' ? '654321' : '123456')
  await world.until(() => alerts(root).includes('Please enter a valid code'))
  paste(getByLabel(root, 'Digit 1 of 6'), code!)
  await world.title('You are now authenticated!')
  assert.is(world.client.user?.authentications[0]?.handle?.value, `+1${number}`)
})

const resend = suite<{ world: World }>('Resend after 30 seconds')
resend.after.each(async (context) => context.world?.close())

resend('the countdown reads "in N second(s)", Resend sends a new code (retrying variant), which signs in', async (context) => {
  // The second /id/v2 answers after a second of the fake clock, so the retrying variant can be seen.
  const world = (context.world = await openWorld({ fixture: { faults: [{ path: '/id/v2', skip: 1, delayMs: 1000 }] } }))
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }] })
  const { root } = world
  const email = freshEmail()
  type(getByLabel(root, 'Email address'), email)
  click(getByRole(root, 'button', 'Continue'))
  await world.until(() => hasText(root, 'Resend in 30 seconds'))
  assert.ok(hasText(root, 'Didn’t receive the email?'))
  assert.is(queryAllByRole(root, 'button', 'Resend').length, 0)
  await world.advance(29_000)
  assert.ok(hasText(root, 'Resend in 1 second'), screenText(root))
  await world.advance(1_000)
  const first = (await world.lastMessage(email)).otp
  click(getByRole(root, 'button', 'Resend'))
  await flush()
  assert.is(heading(root), 'Sending a new code')
  assert.ok(hasText(root, `We are sending a new code to ${email}.`))
  await world.advanceUntil(() => world.emulator.outbox(email).length === 2)
  await world.title('Check your email')
  const second = (await world.lastMessage(email)).otp!
  assert.is.not(second, undefined)
  assert.ok(first !== undefined)
  assert.ok(hasText(root, 'Resend in 30 seconds'), 'the countdown starts again')
  type(getByLabel(root, 'Digit 1 of 6'), second)
  await world.until(() => heading(root) === 'Verifying your code' || heading(root) === 'You are now authenticated!')
  await world.title('You are now authenticated!')
})

const form = suite<{ world: World }>('OTP form messages and Back')
form.after.each(async (context) => context.world?.close())

form('an empty or malformed e-mail: "Please enter your email address.", Continue disabled until the field is edited', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }] })
  const { root } = world
  const input = getByLabel(root, 'Email address')
  assert.ok(world.page.document.activeElement === input, 'focus starts in the first field')
  click(getByRole(root, 'button', 'Continue'))
  await flush()
  assert.equal(alerts(root), ['Please enter your email address.'])
  assert.is(input.getAttribute('aria-invalid'), 'true')
  assert.ok((getByRole(root, 'button', 'Continue') as HTMLButtonElement).disabled)
  type(input, 'ada@example')
  await flush()
  assert.equal(alerts(root), [])
  assert.not.ok((getByRole(root, 'button', 'Continue') as HTMLButtonElement).disabled)
  click(getByRole(root, 'button', 'Continue'))
  await flush()
  assert.equal(alerts(root), ['Please enter your email address.'])
  assert.equal(world.calls, [], 'nothing was sent')
})

form('Submit with too few digits: "Please enter the OTP code."; Back returns to the initial screen with the address kept', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'otp_via_email' }] })
  const { root } = world
  const email = freshEmail()
  type(getByLabel(root, 'Email address'), email)
  click(getByRole(root, 'button', 'Continue'))
  await world.until(() => queryByLabel(root, 'One-time code') !== undefined)
  await flush()
  assert.ok(world.page.document.activeElement === getByLabel(root, 'Digit 1 of 6'), 'focus moves to the first box')
  type(getByLabel(root, 'Digit 1 of 6'), '12')
  await flush()
  click(getByRole(root, 'button', 'Submit'))
  await flush()
  assert.equal(alerts(root), ['Please enter the OTP code.'])
  click(getByRole(root, 'button', 'Back'))
  await world.title('Welcome to the product')
  assert.is((getByLabel(root, 'Email address') as HTMLInputElement).value, email)
  assert.is(world.client.user, undefined)
})

form.run()
sms.run()
resend.run()
