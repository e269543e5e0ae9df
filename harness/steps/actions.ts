/** Steps a person takes: type, pick, click, paste, press, follow links, open tabs, go offline, let time pass. */
import type { World } from '../driver/browser-world.js'
import { pasteInto, pressKey, typeInto } from '../driver/dom-actions.js'
import { accessibleName, controlLabels, queryAllByLabel, queryAllByRole } from '../driver/dom-queries.js'
import type { StepArgs } from '../scenario/steps.js'
import { describeMatch, formatDuration } from '../scenario/values.js'
import { control, textShown } from './on-screen.js'
import { StepFailure } from './step-failure.js'
import { resolveTemplates } from './templates.js'
import { waitUntil } from './wait-until.js'

const quote = (text: string) => JSON.stringify(text)

function byRoleOrFail(world: World, roles: readonly string[], name: string, what: string): Promise<HTMLElement> {
  return waitUntil(
    world,
    () => roles.flatMap((role) => queryAllByRole(world.document, role, name))[0],
    `a ${what} named ${quote(name)}`,
    () => `${what}s: ${roles.flatMap((role) => queryAllByRole(world.document, role)).map(accessibleName).filter(Boolean).map(quote).join(', ') || 'none'}`,
  )
}

async function click(world: World, element: HTMLElement): Promise<void> {
  element.click()
  await world.drain()
}

export async function fill(world: World, { field, text }: StepArgs['fill']): Promise<void> {
  const value = await resolveTemplates(world, text)
  typeInto(await control(world, field), value)
  await world.drain()
}

export async function pickTab(world: World, { tab }: StepArgs['pick_tab']): Promise<void> {
  await click(world, await byRoleOrFail(world, ['tab'], tab, 'tab'))
}

export async function pick(world: World, { field, option }: StepArgs['pick']): Promise<void> {
  const box = await control(world, field)
  if (box.tagName === 'SELECT') {
    const choice = [...(box as HTMLSelectElement).options].find((item) => item.text.trim() === option)
    if (!choice) throw new StepFailure(`an option ${quote(option)} in ${quote(field)}`, `options: ${[...(box as HTMLSelectElement).options].map((item) => quote(item.text.trim())).join(', ')}`)
    typeInto(box, choice.value)
    return
  }
  if (box.getAttribute('aria-expanded') !== 'true') await click(world, box)
  const options = () => queryAllByRole(world.document, 'option')
  const chosen = await waitUntil(
    world,
    () => options().find((item) => accessibleName(item) === option) ?? singleStartingWith(options(), option),
    `an option ${quote(option)} in ${quote(field)}`,
    () => `options: ${options().slice(0, 12).map(accessibleName).map(quote).join(', ') || 'none'}${options().length > 12 ? ', …' : ''}`,
  )
  await click(world, chosen)
}

/** "United Kingdom" for the option "United Kingdom+44": the one option whose name starts with the text and then leaves words. */
function singleStartingWith(options: HTMLElement[], text: string): HTMLElement | undefined {
  const found = options.filter((item) => {
    const name = accessibleName(item)
    return name.startsWith(text) && !/[\p{L}\p{N}]/u.test(name.charAt(text.length))
  })
  return found.length === 1 ? found[0] : undefined
}

export async function clickStep(world: World, { name }: StepArgs['click']): Promise<void> {
  const target = await resolveTemplates(world, name)
  const element = await byRoleOrFail(world, ['button', 'link', 'tab', 'checkbox', 'option'], target, 'button or link')
  if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') throw new StepFailure(`the button ${quote(target)} to be enabled`, 'it is disabled')
  await click(world, element)
}

export async function check(world: World, { label }: StepArgs['check']): Promise<void> {
  const box = (await control(world, label)) as HTMLInputElement
  if (!box.checked) await click(world, box)
}

export async function paste(world: World, { field, text }: StepArgs['paste']): Promise<void> {
  pasteInto(await control(world, field), await resolveTemplates(world, text))
  await world.drain()
}

/** Types a code into one-time-code boxes (one character per box, as a person types) or a single code field. */
export async function enterCode(world: World, { code }: StepArgs['enter_code']): Promise<void> {
  const value = await resolveTemplates(world, code)
  const boxes = await waitUntil(
    world,
    () => {
      const digits = queryAllByRole(world.document, 'textbox').filter((box) => /^Digit 1 of \d+$/.test(accessibleName(box)))
      if (digits.length === 1) return [digits[0]!]
      const single = queryAllByRole(world.document, 'textbox').filter((box) => /code/i.test(accessibleName(box)) && !(box as HTMLInputElement).readOnly)
      return single.length === 1 ? single : undefined
    },
    'code boxes (Digit 1 of 6) or one code field',
    () => `fields: ${controlLabels(world.document).map(quote).join(', ') || 'none'}`,
  )
  typeInto(boxes[0]!, value)
  await world.drain()
}

export async function press(world: World, { key, field }: StepArgs['press']): Promise<void> {
  const target = field !== undefined ? await control(world, field) : (world.document.activeElement ?? world.document.body)
  pressKey(target, key)
  await world.drain()
}

export async function followLink(world: World, { handle }: StepArgs['follow_link']): Promise<void> {
  const link = await resolveTemplates(world, handle === undefined ? '{{link}}' : `{{link:${handle}}}`)
  const home = world.current
  await world.newTab(link)
  world.current = home
  await world.drain()
}

export async function open(world: World, { url }: StepArgs['open']): Promise<void> {
  await world.goto(await resolveTemplates(world, url))
}

export async function newTab(world: World, { url }: StepArgs['new_tab']): Promise<void> {
  await world.newTab(await resolveTemplates(world, url))
}

export async function switchTab(world: World, { tab }: StepArgs['switch_tab']): Promise<void> {
  if (tab > world.tabs.length) throw new StepFailure(`tab ${tab}`, `${world.tabs.length} tab(s) open`)
  world.current = tab - 1
  await world.drain()
}

export async function advance(world: World, { ms }: StepArgs['advance']): Promise<void> {
  await world.time.advance(ms)
}

export async function waitFor(world: World, { text, withinMs }: StepArgs['wait_for']): Promise<void> {
  await world.time.advance(withinMs, () => textShown(world, text))
  if (!textShown(world, text)) throw new StepFailure(`${describeMatch(text)} within ${formatDuration(withinMs)} of virtual time`, 'it did not appear')
}
