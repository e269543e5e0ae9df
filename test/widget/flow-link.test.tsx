/** E-mail and SMS links through the widget: the SDK polls while the person follows the link. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { click, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush } from './dom.js'
import { getByLabel, getByRole, hasText, heading } from './queries.js'
import { freshEmail, freshPhone, openWorld, type World } from './world.js'

const link = suite<{ world: World }>('Sign-in links')
link.after.each(async (context) => context.world?.close())

link('e-mail link with the default factors: waiting while polling, the link is followed, success', async (context) => {
  const world = (context.world = await openWorld())
  await world.render()
  const { root } = world
  // No passkey in this environment, so only the e-mail link applies: no tabs, no method selector.
  assert.not.ok(root.querySelector('[role=tablist]'))
  assert.not.ok(root.querySelector('[role=combobox]'))
  const email = freshEmail()
  type(getByLabel(root, 'Email address'), email)
  click(getByRole(root, 'button', 'Continue'))
  await world.title('Check your email')
  await world.until(() => hasText(root, 'Waiting for you to follow the link…'))
  assert.ok(hasText(root, `We have sent a sign-in link to ${email}. Follow it to continue.`))
  await world.advance(3000)
  const polls = world.calls.filter((call) => call.startsWith('GET /challenge/')).length
  assert.ok(polls >= 2, `polled ${polls} times`)
  const message = await world.lastMessage(email)
  assert.is((await world.emulator.fetch(new Request(message.link!))).status, 200)
  await world.advance(1000)
  await world.title('You are now authenticated!')
  assert.is(world.client.user?.authenticatedMethods[0], 'email_link')
})

link('SMS link; Cancel goes back to the initial screen and stops polling', async (context) => {
  const world = (context.world = await openWorld())
  await world.render(undefined, { factors: [{ method: 'sms_link' }] })
  const { root } = world
  const number = freshPhone()
  type(getByLabel(root, 'Phone number'), number)
  click(getByRole(root, 'button', 'Continue'))
  await world.title('Check your phone')
  await world.until(() => hasText(root, `We have sent a sign-in link to +1${number}. Follow it to continue.`))
  assert.ok(hasText(root, 'Didn’t receive the text message?'))
  click(getByRole(root, 'button', 'Cancel'))
  await world.title('Welcome to the product')
  const polls = world.calls.length
  await world.advance(5000)
  assert.is(world.calls.length, polls, 'no more polling')
  assert.is((getByLabel(root, 'Phone number') as HTMLInputElement).value, number)
})

link('a link that is never followed ends in "Log in expired" (the SDK poll deadline); Try again sends a new link', async (context) => {
  const world = (context.world = await openWorld({ client: { pollTimeoutMs: 20_000 } }))
  await world.render()
  const { root } = world
  const email = freshEmail()
  type(getByLabel(root, 'Email address'), email)
  click(getByRole(root, 'button', 'Continue'))
  await world.until(() => hasText(root, 'Waiting for you to follow the link…'))
  await world.advance(22_000)
  await world.title('Log in expired')
  assert.ok(hasText(root, 'Your attempt to login took too long, try again to continue.'))
  click(getByRole(root, 'button', 'Try again'))
  await flush()
  await world.until(() => world.emulator.outbox(email).length === 2)
  await world.title('Check your email')
  assert.is(heading(root), 'Check your email')
})

link.run()
