/** The widgets of spec 001 §2, through the DOM: OTP input, country selector, dropdown, tabs, accordion, copy, countdown, buttons. */
import { useState } from 'react'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Accordion } from '../../src/widget/widgets/Accordion.js'
import { Button } from '../../src/widget/widgets/Button.js'
import { Card } from '../../src/widget/widgets/Card.js'
import { Countdown } from '../../src/widget/widgets/Countdown.js'
import { CountrySelect } from '../../src/widget/widgets/CountrySelect.js'
import { Divider } from '../../src/widget/widgets/Divider.js'
import { Dropdown } from '../../src/widget/widgets/Dropdown.js'
import { OtpInput } from '../../src/widget/widgets/OtpInput.js'
import { ReadOnlyField } from '../../src/widget/widgets/ReadOnlyField.js'
import { Tabs } from '../../src/widget/widgets/Tabs.js'
import { click, pasteInto as paste, pressKey as press, typeInto as type } from '../../harness/driver/dom-actions.js'
import { flush, waitFor, type Page } from './dom.js'
import { accessibleName, getByLabel, getByRole, hasText, queryAllByRole } from './queries.js'
import { renderInWidget } from './render.js'

type Context = { page?: Page }
const closing = (name: string) => {
  const group = suite<Context>(name)
  group.after.each(async (context) => context.page?.close())
  return group
}

function Otp({ numeric, length }: { numeric?: boolean; length?: number }) {
  const [value, setValue] = useState('')
  return (
    <>
      <OtpInput label="Code" value={value} onChange={setValue} {...(numeric === undefined ? {} : { numeric })} {...(length === undefined ? {} : { length })} />
      <output>{value}</output>
    </>
  )
}

const otp = closing('OtpInput')
const value = (root: Element) => root.querySelector('output')!.textContent

otp('4 boxes by default, each labelled; typing moves on, digits only', async (context) => {
  const { page, root } = await renderInWidget(<Otp />)
  context.page = page
  const boxes = [...getByLabel(root, 'Code').querySelectorAll('input')] as HTMLInputElement[]
  assert.equal(boxes.map((box) => accessibleName(box)), ['Digit 1 of 4', 'Digit 2 of 4', 'Digit 3 of 4', 'Digit 4 of 4'])
  assert.is(boxes[0]!.getAttribute('autocomplete'), 'one-time-code')
  assert.is(boxes[0]!.getAttribute('inputmode'), 'numeric')
  type(boxes[0]!, '7')
  await flush()
  assert.is(value(root), '7')
  assert.ok(page.document.activeElement === boxes[1])
  type(boxes[1]!, 'x')
  await flush()
  assert.is(value(root), '7', 'a letter is ignored')
  type(boxes[3]!, '5')
  await flush()
  assert.is(value(root), '75', 'no gaps: a later box fills the first empty one')
})

otp('a paste fills from the current box and is cut to the box count', async (context) => {
  const { page, root } = await renderInWidget(<Otp />)
  context.page = page
  paste(getByLabel(root, 'Digit 1 of 4'), ' 98-76-54 ')
  await flush()
  assert.is(value(root), '9876')
  assert.ok(page.document.activeElement === getByLabel(root, 'Digit 4 of 4'))
  paste(getByLabel(root, 'Digit 3 of 4'), '1')
  await flush()
  assert.is(value(root), '9816')
  paste(getByLabel(root, 'Digit 1 of 4'), 'abc')
  await flush()
  assert.is(value(root), '9816', 'nothing to paste without digits')
})

otp('arrows, Home and End move; Backspace on an empty box deletes back; clearing a box removes its character', async (context) => {
  const { page, root } = await renderInWidget(<Otp />)
  context.page = page
  const box = (n: number) => getByLabel(root, `Digit ${n} of 4`)
  paste(box(1), '123')
  await flush()
  assert.ok(page.document.activeElement === box(4))
  press(box(4), 'ArrowLeft')
  assert.ok(page.document.activeElement === box(3))
  press(box(3), 'Home')
  assert.ok(page.document.activeElement === box(1))
  press(box(1), 'ArrowRight')
  assert.ok(page.document.activeElement === box(2))
  press(box(2), 'End')
  assert.ok(page.document.activeElement === box(4))
  press(box(4), 'Backspace')
  await flush()
  assert.is(value(root), '12')
  assert.ok(page.document.activeElement === box(3))
  type(box(1), '')
  await flush()
  assert.is(value(root), '2')
})

otp('numeric off: letters are kept, spaces dropped', async (context) => {
  const { page, root } = await renderInWidget(<Otp numeric={false} length={6} />)
  context.page = page
  paste(getByLabel(root, 'Digit 1 of 6'), 'ab cd-ef')
  await flush()
  assert.is(value(root), 'abcd-e')
  assert.is(getByLabel(root, 'Digit 1 of 6').getAttribute('inputmode'), 'text')
})

function Country({ initial = 'US' }: { initial?: string }) {
  const [code, setCode] = useState(initial)
  return (
    <>
      <CountrySelect label="Country" value={code} onChange={setCode} />
      <output>{code}</output>
    </>
  )
}

const country = closing('Country selector')

country('the control shows flag and dial code; the list has the preferred countries first', async (context) => {
  const { page, root } = await renderInWidget(<Country />)
  context.page = page
  const control = getByLabel(root, 'Country')
  assert.is(control.getAttribute('role'), 'combobox')
  assert.is(control.textContent, '🇺🇸United States+1')
  assert.is(control.getAttribute('aria-expanded'), 'false')
  click(control)
  await flush()
  assert.is(control.getAttribute('aria-expanded'), 'true')
  const options = queryAllByRole(root, 'option')
  assert.equal(options.slice(0, 6).map((option) => option.textContent), ['🇦🇺Australia+61', '🇮🇳India+91', '🇦🇪United Arab Emirates+971', '🇬🇧United Kingdom+44', '🇺🇸United States+1', '🇦🇫Afghanistan+93'])
  assert.is(options.filter((option) => option.getAttribute('aria-selected') === 'true').length, 1)
  assert.is(control.getAttribute('aria-activedescendant'), options[4]!.id, 'the selected country is active')
  click(options.find((option) => option.textContent === '🇫🇷France+33')!)
  await flush()
  assert.is(value(root), 'FR')
  assert.is(control.getAttribute('aria-expanded'), 'false')
})

country('keyboard: arrows, Enter, Escape; typeahead by name, reset after 1 second of the clock', async (context) => {
  const { page, root, clock } = await renderInWidget(<Country />)
  context.page = page
  const control = getByLabel(root, 'Country')
  const active = () => page.document.getElementById(control.getAttribute('aria-activedescendant') ?? '')?.textContent
  press(control, 'ArrowDown')
  await flush()
  assert.is(active(), '🇺🇸United States+1')
  press(control, 'ArrowUp')
  await flush()
  assert.is(active(), '🇬🇧United Kingdom+44')
  press(control, 'Enter')
  await flush()
  assert.is(value(root), 'GB')
  press(control, 'S')
  press(control, 'w')
  await flush()
  assert.is(active(), '🇸🇪Sweden+46')
  press(control, 'i')
  await flush()
  assert.is(active(), '🇨🇭Switzerland+41')
  clock.tick(1000)
  press(control, 'n')
  await flush()
  assert.is(active(), '🇳🇦Namibia+264', 'a new search after the pause')
  press(control, 'Escape')
  await flush()
  assert.is(control.getAttribute('aria-expanded'), 'false')
  assert.is(value(root), 'GB', 'Escape keeps the value')
  press(control, 'End')
  await flush()
  press(control, 'Tab')
  await flush()
  assert.is(value(root), 'ZW', 'Tab chooses the active option')
})

const dropdown = closing('Dropdown')

dropdown('label, placeholder, items; an empty item value is refused', async (context) => {
  const chosen: string[] = []
  const { page, root } = await renderInWidget(
    <Dropdown label="Fruit" placeholder="Choose a fruit" value={undefined} onChange={(v) => chosen.push(v)} items={[{ value: 'apple', text: 'Apple', label: 'Apple' }, { value: 'pear', text: 'Pear', label: 'Pear' }]} />,
  )
  context.page = page
  const control = getByLabel(root, 'Fruit')
  assert.is(control.textContent, 'Choose a fruit')
  press(control, ' ')
  await flush()
  press(control, 'PageDown')
  await flush()
  press(control, ' ')
  await flush()
  assert.equal(chosen, ['pear'])
  assert.throws(() => Dropdown({ label: 'Bad', value: undefined, onChange: () => {}, items: [{ value: '', text: 'Empty', label: 'Empty' }] }), /Dropdown "Bad": item "Empty" has an empty value/)
})

const tabs = closing('Tabs')

function TabsHarness() {
  const [selected, setSelected] = useState<string | undefined>(undefined)
  return (
    <Tabs label="Sign in with" selected={selected} onSelect={setSelected} tabs={[{ id: 'a', label: 'Email' }, { id: 'b', label: 'Phone' }, { id: 'c', label: 'Username' }]}>
      <p>panel {selected ?? 'default'}</p>
    </Tabs>
  )
}

tabs('the first tab by default; arrows wrap, Home and End; one tab stop; the panel is labelled by its tab', async (context) => {
  const { page, root } = await renderInWidget(<TabsHarness />)
  context.page = page
  const tab = (name: string) => getByRole(root, 'tab', name)
  assert.is(tab('Email').getAttribute('aria-selected'), 'true')
  assert.equal(queryAllByRole(root, 'tab').map((element) => element.tabIndex), [0, -1, -1])
  assert.is(accessibleName(getByRole(root, 'tabpanel')), 'Email')
  press(tab('Email'), 'ArrowLeft')
  await flush()
  assert.is(tab('Username').getAttribute('aria-selected'), 'true')
  assert.ok(page.document.activeElement === tab('Username'))
  press(tab('Username'), 'ArrowRight')
  await flush()
  assert.is(tab('Email').getAttribute('aria-selected'), 'true')
  press(tab('Email'), 'End')
  await flush()
  press(tab('Username'), 'Home')
  await flush()
  press(tab('Email'), 'x')
  assert.ok(hasText(root, 'panel a'))
})

const accordion = closing('Accordion')
const items = [
  { id: 'one', title: 'One', content: <p>first</p> },
  { id: 'two', title: 'Two', content: <p>second</p> },
]

accordion('single: opening one closes the other; multiple: each on its own', async (context) => {
  const { page, root, rerender } = await renderInWidget(<Accordion type="single" items={items} defaultOpen={['one', 'two']} />)
  context.page = page
  const expanded = () => queryAllByRole(root, 'button').map((button) => button.getAttribute('aria-expanded'))
  assert.equal(expanded(), ['true', 'false'])
  assert.is(accessibleName(getByRole(root, 'region')), 'One')
  click(getByRole(root, 'button', 'Two'))
  await flush()
  assert.equal(expanded(), ['false', 'true'])
  click(getByRole(root, 'button', 'Two'))
  await flush()
  assert.equal(expanded(), ['false', 'false'])
  rerender(<Accordion key="multiple" type="multiple" items={items} />)
  await flush()
  click(getByRole(root, 'button', 'One'))
  click(getByRole(root, 'button', 'Two'))
  await flush()
  assert.equal(expanded(), ['true', 'true'])
})

const copy = closing('Read-only field with copy')

copy('copies the value and shows the check icon for 2 seconds', async (context) => {
  const copied: string[] = []
  const clipboard = { writeText: async (text: string) => void copied.push(text) }
  const { page, root, clock } = await renderInWidget(<ReadOnlyField label="Key" value="otpauth://totp/x" />, { ports: { clipboard } })
  context.page = page
  assert.ok((getByLabel(root, 'Key') as HTMLInputElement).readOnly)
  click(getByRole(root, 'button', 'Copy'))
  await waitFor(() => queryAllByRole(root, 'button', 'Copied').length === 1)
  assert.equal(copied, ['otpauth://totp/x'])
  await flush()
  clock.tick(1999)
  await flush()
  assert.is(queryAllByRole(root, 'button', 'Copied').length, 1)
  clock.tick(1)
  await flush()
  assert.is(queryAllByRole(root, 'button', 'Copy').length, 1)
})

copy('no clipboard, or copyable off: no copy button', async (context) => {
  const { page, root } = await renderInWidget(<ReadOnlyField label="Key" value="v" copyable={false} />, { ports: { clipboard: { writeText: async () => {} } } })
  context.page = page
  assert.is(queryAllByRole(root, 'button').length, 0)
})

const misc = closing('Countdown, buttons, divider, card')

misc('the countdown shows the seconds left, then its children', async (context) => {
  const { page, root, clock } = await renderInWidget(<Countdown seconds={2} fallback={(left) => <span>wait {left}</span>}><span>go</span></Countdown>)
  context.page = page
  assert.ok(hasText(root, 'wait 2'))
  clock.tick(999)
  await flush()
  assert.ok(hasText(root, 'wait 2'))
  clock.tick(1)
  await waitFor(() => hasText(root, 'wait 1'))
  clock.tick(1000)
  await waitFor(() => hasText(root, 'go'))
})

misc('button variants, the loading spinner, divider and card', async (context) => {
  const { page, root } = await renderInWidget(
    <Card>
      {(['primary', 'secondary', 'neutral', 'ghost', 'link', 'back'] as const).map((variant) => (
        <Button key={variant} variant={variant}>
          {variant}
        </Button>
      ))}
      <Button loading>busy</Button>
      <Divider>or</Divider>
      <Divider />
    </Card>,
  )
  context.page = page
  const buttons = queryAllByRole(root, 'button')
  assert.equal(buttons.map((button) => button.className), [
    'sid-button sid-button--primary',
    'sid-button sid-button--secondary',
    'sid-button sid-button--neutral',
    'sid-button sid-button--ghost',
    'sid-button sid-button--link',
    'sid-button sid-button--back',
    'sid-button sid-button--primary',
  ])
  const busy = getByRole(root, 'button', 'busy') as HTMLButtonElement
  assert.ok(busy.disabled)
  assert.is(busy.getAttribute('aria-busy'), 'true')
  assert.ok(busy.querySelector('.sid-spinner[aria-hidden=true]'))
  assert.ok(getByRole(root, 'button', 'back').querySelector('svg[aria-hidden=true]'))
  assert.is(root.querySelectorAll('.sid-divider').length, 2)
  assert.ok(hasText(root, 'or'))
  assert.ok(root.querySelector('.sid-card'))
})

otp.run()
country.run()
dropdown.run()
tabs.run()
accordion.run()
copy.run()
misc.run()
