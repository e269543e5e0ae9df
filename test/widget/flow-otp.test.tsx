/** OTP by e-mail and SMS through the widget, against the emulator (spec 001 §2, §4, §5). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { click, type } from './actions.js'
import { flush } from './dom.js'
import { alerts, getByLabel, getByRole, hasText, heading } from './queries.js'
import { freshEmail, openWorld, type World } from './world.js'

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

otp.run()
