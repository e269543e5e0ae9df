/** The organization-switching variant, the cookie-consent dialog, the group gate and mount(). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Handle } from '../../src/identity/index.js'
import { CookieConsent, type ConsentLevel } from '../../src/widget/CookieConsent.js'
import { GroupGate } from '../../src/widget/GroupGate.js'
import { LoginForm, type LoginFormProps } from '../../src/widget/LoginForm.js'
import { OrganizationSwitchForm } from '../../src/widget/OrganizationSwitchForm.js'
import { prompted } from '../identity/helpers.js'
import { click, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush, waitFor } from './dom.js'
import { getByLabel, getByRole, hasText, queryAllByRole, queryByLabel } from './queries.js'
import { freshEmail, openWorld, PROVIDER, type World } from './world.js'

/** Signs `email` in through the SDK (no widget), with the code from the outbox. */
async function signInDirectly(world: World, email: string) {
  const flow = world.client.identify({ type: 'email_address', value: email }, { method: 'otp_via_email' })
  await prompted(flow, 'otp')
  flow.submitOtp((await world.lastMessage(email)).otp!)
  return flow.done()
}

const fixture = {
  organizations: [{ id: 'org-docs' }, { id: 'org-team', parentId: 'org-docs' }, { id: 'org-secure', parentId: 'org-docs', policy: { switchFactor: 'otp_via_email' as const } }],
}

const switching = suite<{ world: World }>('Organization switching')
switching.after.each(async (context) => context.world?.close())

switching('no initial screen: a plain switch ends in success', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  await signInDirectly(world, freshEmail())
  const users: unknown[] = []
  await world.render(<OrganizationSwitchForm client={world.client} oid="org-team" ports={{ clock: world.clockPort }} onSuccess={(user) => users.push(user)} />)
  await world.title('You are now authenticated!')
  assert.not.ok(hasText(world.root, 'Welcome to the product'))
  await world.until(() => users.length === 1)
  assert.is(world.client.user?.oid, 'org-team')
})

switching('an organization that asks for a code: the OTP view names the address; Back starts over', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  const email = freshEmail()
  await signInDirectly(world, email)
  await world.render(<OrganizationSwitchForm client={world.client} oid="org-secure" ports={{ clock: world.clockPort }} />)
  await world.until(() => hasText(world.root, `We have sent a code to ${email}. Enter it below.`))
  click(getByRole(world.root, 'button', 'Back'))
  await world.until(() => world.emulator.outbox(email).length === 3)
  await world.until(() => queryByLabel(world.root, 'Digit 1 of 6') !== undefined)
  await flush()
  type(getByLabel(world.root, 'Digit 1 of 6'), world.emulator.lastMessage(email)!.otp!)
  await world.title('You are now authenticated!')
  assert.is(world.client.user?.oid, 'org-secure')
})

switching('without a signed-in user: the generic error; Try again starts over', async (context) => {
  const world = (context.world = await openWorld({ fixture }))
  await world.render(<OrganizationSwitchForm client={world.client} oid="org-team" ports={{ clock: world.clockPort }} />)
  await world.title('Something went wrong...')
  click(getByRole(world.root, 'button', 'Try again'))
  await world.title('Something went wrong...')
})

const consent = suite<{ world: World }>('Cookie consent')
consent.after.each(async (context) => context.world?.close())

consent('accept all, necessary only, or choose per category (necessary always on)', async (context) => {
  const world = (context.world = await openWorld())
  const saved: ConsentLevel[][] = []
  await world.render(<CookieConsent onSave={(levels) => saved.push(levels)} initial={['marketing']} ports={{ clock: world.clockPort }} />)
  const dialog = getByRole(world.root, 'dialog', 'Cookie preferences')
  assert.ok(dialog)
  click(getByRole(world.root, 'button', 'Accept all'))
  click(getByRole(world.root, 'button', 'Necessary only'))
  click(getByRole(world.root, 'button', 'Customize'))
  await flush()
  const boxes = ['Necessary', 'Analytics', 'Marketing', 'Retargeting', 'Tracking'].map((name) => getByLabel(world.root, name) as HTMLInputElement)
  assert.equal(boxes.map((box) => [box.checked, box.disabled]), [[true, true], [false, false], [true, false], [false, false], [false, false]])
  click(boxes[1]!)
  click(boxes[2]!)
  await flush()
  click(getByRole(world.root, 'button', 'Save preferences'))
  assert.equal(saved, [['necessary', 'analytics', 'marketing', 'retargeting', 'tracking'], ['necessary'], ['necessary', 'analytics']])
})

const gate = suite<{ world: World }>('Group gate')
gate.after.each(async (context) => context.world?.close())

gate('shows its children only to a user in the groups; follows sign-in and log-out', async (context) => {
  const world = (context.world = await openWorld())
  const email = freshEmail()
  const handle: Handle = { type: 'email_address', value: email }
  world.emulator.setGroups(handle, ['admins', 'editors'])
  await world.render(
    <>
      <h2>page</h2>
      <GroupGate client={world.client} belongsTo="admins" fallback={<p>no access</p>}>
        <p>admins only</p>
      </GroupGate>
      <GroupGate client={world.client} belongsTo={{ allOf: ['admins', 'owners'] }}>
        <p>owners</p>
      </GroupGate>
      <GroupGate client={world.client} belongsTo={{ anyOf: ['owners', 'editors'] }}>
        <p>editors or owners</p>
      </GroupGate>
    </>,
  )
  assert.ok(hasText(world.root, 'no access'))
  await signInDirectly(world, email)
  await waitFor(() => hasText(world.root, 'admins only'))
  assert.ok(hasText(world.root, 'editors or owners'))
  assert.not.ok(hasText(world.root, 'owners'))
  await world.client.logout()
  await waitFor(() => hasText(world.root, 'no access'))
})

const mounting = suite<{ world: World }>('mount()')
mounting.after.each(async (context) => context.world?.close())

mounting('renders a widget into an element, updates it, unmounts it', async (context) => {
  const world = (context.world = await openWorld())
  // Loaded only now: react-dom/client must find the DOM when it loads (see dom.ts).
  const { mount } = await import('../../src/widget/mount.js')
  const element = world.page.document.createElement('div')
  world.page.document.body.appendChild(element)
  const form = mount<LoginFormProps>(element, LoginForm, { client: world.client, ports: { clock: world.clockPort } })
  await waitFor(() => element.querySelector('h2')?.textContent === 'Welcome to the product')
  form.update({ client: world.client, ports: { clock: world.clockPort }, text: { 'initial.title': 'Hello' } })
  await waitFor(() => element.querySelector('h2')?.textContent === 'Hello')
  form.unmount()
  assert.is(element.innerHTML, '')
  assert.is(queryAllByRole(world.root, 'heading').length, 0)
  assert.is(PROVIDER, 'http://provider.test')
})

switching.run()
consent.run()
gate.run()
mounting.run()
