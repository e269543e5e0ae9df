/** Steps that check what the person sees and what the browser and the provider recorded. */
import type { World } from '../driver/browser-world.js'
import { accessibleName, elementsWithText, normalize, queryAllByRole, visibleText } from '../driver/dom-queries.js'
import type { StepArgs, ValueSpec } from '../scenario/steps.js'
import { describeMatch, type TextMatch } from '../scenario/values.js'
import { control, matches, screenText, textShown } from './on-screen.js'
import { StepFailure } from './step-failure.js'
import { resolveTemplates } from './templates.js'
import { waitUntil } from './wait-until.js'

const quote = (text: string) => JSON.stringify(text)

const shortScreen = (world: World) => {
  const text = screenText(world)
  return `the screen reads ${quote(text.length > 300 ? `${text.slice(0, 300)}…` : text)}`
}

async function resolveMatch(world: World, match: TextMatch): Promise<TextMatch> {
  return 'exact' in match ? { exact: await resolveTemplates(world, match.exact) } : match
}

export async function see(world: World, { text }: StepArgs['see']): Promise<void> {
  const match = await resolveMatch(world, text)
  await waitUntil(world, () => textShown(world, match) || undefined, `to see ${describeMatch(match)}`, () => shortScreen(world))
}

export async function notSee(world: World, { text }: StepArgs['not_see']): Promise<void> {
  const match = await resolveMatch(world, text)
  await world.drain()
  if (textShown(world, match)) throw new StepFailure(`not to see ${describeMatch(match)}`, 'it is shown')
}

export async function screen(world: World, { title }: StepArgs['screen']): Promise<void> {
  const headings = () => queryAllByRole(world.document, 'heading').map((element) => normalize(visibleText(element)))
  await waitUntil(world, () => headings().includes(title) || undefined, `the screen ${quote(title)}`, () => `headings: ${headings().map(quote).join(', ') || 'none'}`)
}

export async function pageTitle(world: World, { title }: StepArgs['page_title']): Promise<void> {
  await waitUntil(world, () => matches(title, world.document.title) || undefined, `the page title ${describeMatch(title)}`, () => quote(world.document.title))
}

export async function fieldError(world: World, { field, text }: StepArgs['field_error']): Promise<void> {
  const message = () => queryFieldError(world, field)
  const expected = text === undefined ? undefined : await resolveTemplates(world, text)
  await control(world, field)
  await waitUntil(
    world,
    () => (message() === expected ? true : undefined),
    expected === undefined ? `no error for ${quote(field)}` : `the error ${quote(expected)} for ${quote(field)}`,
    () => (message() === undefined ? 'no error shown for it' : `the error ${quote(message()!)}`),
  )
}

/** The message a field points to (aria-describedby or aria-errormessage), if shown. */
function queryFieldError(world: World, label: string): string | undefined {
  const fields = [...world.document.querySelectorAll('input, textarea, select, [role=group], [role=combobox]')].filter((element) => accessibleName(element) === label)
  for (const element of fields) {
    const ids = `${element.getAttribute('aria-describedby') ?? ''} ${element.getAttribute('aria-errormessage') ?? ''}`.split(/\s+/).filter(Boolean)
    for (const id of ids) {
      const target = world.document.getElementById(id)
      if (target && target.getAttribute('role') === 'alert') return normalize(visibleText(target))
    }
  }
  return undefined
}

async function buttonState(world: World, name: string, wanted: boolean): Promise<void> {
  const button = () => queryAllByRole(world.document, 'button', name)[0] as HTMLButtonElement | undefined
  await waitUntil(
    world,
    () => (button() && !button()!.disabled === wanted ? true : undefined),
    `the button ${quote(name)} ${wanted ? 'enabled' : 'disabled'}`,
    () => (button() ? `it is ${button()!.disabled ? 'disabled' : 'enabled'}` : `no such button; buttons: ${queryAllByRole(world.document, 'button').map(accessibleName).map(quote).join(', ')}`),
  )
}

export const enabled = (world: World, { name }: StepArgs['enabled']) => buttonState(world, name, true)
export const disabled = (world: World, { name }: StepArgs['disabled']) => buttonState(world, name, false)

export async function url(world: World, { url: expected }: StepArgs['url']): Promise<void> {
  const current = () => new URL(world.window.location.href as string)
  const fits = () => {
    const href = current()
    if (!('exact' in expected)) return matches(expected, href.href)
    const wanted = expected.exact
    return wanted.startsWith('/') ? decodeURI(href.pathname + href.search) === wanted || href.pathname + href.search === wanted : href.href === wanted
  }
  await waitUntil(world, () => fits() || undefined, `the URL ${describeMatch(expected)}`, () => decodeURI(current().href))
}

async function storageStep(world: World, area: 'localStorage' | 'sessionStorage', entries: Array<[string, ValueSpec]>): Promise<void> {
  await world.drain()
  for (const [rawKey, spec] of entries) {
    const key = await resolveTemplates(world, rawKey)
    const value = world.window[area].getItem(key) as string | null
    const ok = spec === 'present' ? value !== null : spec === 'absent' ? value === null : value !== null && matches(spec, value)
    if (!ok) {
      const keys = Object.keys(world.window[area]).join(', ') || 'none'
      throw new StepFailure(`${area} ${quote(key)} ${spec === 'present' || spec === 'absent' ? spec : describeMatch(spec)}`, value === null ? `no such key (keys: ${keys})` : `${quote(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`)
    }
  }
}

export const storage = (world: World, { entries }: StepArgs['storage']) => storageStep(world, 'localStorage', entries)
export const sessionStorage = (world: World, { entries }: StepArgs['session_storage']) => storageStep(world, 'sessionStorage', entries)

/** The user token stored for an organization, where the SDK and the site keep it. */
function storedToken(world: World, org: string): string | undefined {
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    for (const key of [`@slashid/USER_TOKEN/${org}`, 'MY_USER_TOKEN']) {
      const value = world.window[area].getItem(key) as string | null
      if (value) return value
    }
  }
  const cookie = /(?:^|;\s*)@slashid\/USER_TOKEN\/([^=]+)=([^;]+)/.exec(world.document.cookie)
  return cookie && decodeURIComponent(cookie[1]!) === org ? decodeURIComponent(cookie[2]!) : undefined
}

export async function signedIn(world: World, { expected, groups, org }: StepArgs['signed_in']): Promise<void> {
  const target = org ?? world.oid
  await world.drain()
  const token = storedToken(world, target)
  if (!expected) {
    if (token) throw new StepFailure(`nobody signed in to ${target}`, 'a stored user token')
    return
  }
  if (!token) throw new StepFailure(`a user signed in to ${target}`, 'no stored user token')
  if (groups === undefined) return
  let claims: { groups?: unknown }
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
  } catch {
    throw new StepFailure('a user token (a JWT)', `${quote(token.slice(0, 40))}`)
  }
  const actual = Array.isArray(claims.groups) ? (claims.groups as string[]) : []
  if ([...actual].sort().join('\n') !== [...groups].sort().join('\n')) throw new StepFailure(`the groups [${groups.join(', ')}]`, `[${actual.join(', ')}]`)
}

/** `expected` appears in `actual` in this order, others allowed between. */
function inOrder(actual: readonly string[], expected: readonly string[], fits: (actual: string, wanted: string) => boolean): boolean {
  let index = 0
  for (const item of actual) if (index < expected.length && fits(item, expected[index]!)) index++
  return index === expected.length
}

function pageEvents(world: World): string[] {
  const events = world.window.__docsgenHarnessEvents as string[] | undefined
  if (!events) throw new StepFailure('SDK events from the page', 'this page does not report its SDK events to the harness (only page: widget does today)')
  return events
}

export async function events(world: World, { names }: StepArgs['events']): Promise<void> {
  await waitUntil(world, () => inOrder(pageEvents(world), names, (a, b) => a === b) || undefined, `the events ${names.join(' → ')}`, () => pageEvents(world).join(', ') || 'no events')
}

export async function noEvents(world: World, { names }: StepArgs['no_events']): Promise<void> {
  await world.drain()
  const published = pageEvents(world).filter((name) => names.includes(name))
  if (published.length > 0) throw new StepFailure(`none of ${names.join(', ')}`, `${published.join(', ')} published`)
}

export async function analytics(world: World, { names }: StepArgs['analytics']): Promise<void> {
  // Analytics are sent in the background: look again while the page is still working.
  for (let still = 0; ; ) {
    const received = ((await world.control('GET', 'events')) as Array<{ event_data?: { event_name?: string } }>).map((event) => event.event_data?.event_name ?? '?')
    if (inOrder(received, names, (a, b) => a === b)) return
    if (still >= 2) throw new StepFailure(`analytics events ${names.join(' → ')}`, received.join(', ') || 'none received')
    still = (await world.drain()) ? 0 : still + 1
  }
}

const callName = (call: { method: string; path: string }) => `${call.method} ${call.path}`
const callFits = (actual: string, pattern: string) => (pattern.endsWith('*') ? actual.startsWith(pattern.slice(0, -1)) : actual === pattern)

export async function calls(world: World, { counts }: StepArgs['calls']): Promise<void> {
  await world.drain()
  const made = world.calls.map(callName)
  for (const [pattern, count] of counts) {
    const actual = made.filter((call) => callFits(call, pattern)).length
    if (actual !== count) throw new StepFailure(`${count} × ${pattern}`, `${actual} (calls: ${made.join(', ') || 'none'})`)
  }
}

export async function callsOrder(world: World, { calls: expected }: StepArgs['calls_order']): Promise<void> {
  await world.drain()
  const made = world.calls.map(callName)
  if (!inOrder(made, expected, callFits)) throw new StepFailure(`the calls ${expected.join(' → ')}`, made.join(' → ') || 'no calls')
}

export async function downloaded(world: World, { file, lines, contains }: StepArgs['downloaded']): Promise<void> {
  await world.drain()
  const download = world.downloads.filter((item) => item.file === file).at(-1)
  if (!download) throw new StepFailure(`a download named ${quote(file)}`, world.downloads.map((item) => quote(item.file)).join(', ') || 'no downloads')
  const count = download.content.split('\n').filter((line) => line.length > 0).length
  if (lines !== undefined && count !== lines) throw new StepFailure(`${lines} lines in ${file}`, `${count}`)
  if (contains !== undefined) {
    const wanted = await resolveTemplates(world, contains)
    if (!download.content.includes(wanted)) throw new StepFailure(`${file} containing ${quote(wanted)}`, quote(download.content.slice(0, 200)))
  }
}

export async function nav(world: World, { shown, hidden }: StepArgs['nav']): Promise<void> {
  const links = () => queryAllByRole(world.document, 'navigation').flatMap((navigation) => queryAllByRole(navigation, 'link').map(accessibleName))
  await waitUntil(
    world,
    () => (shown.every((name) => links().includes(name)) && hidden.every((name) => !links().includes(name)) ? true : undefined),
    `navigation links ${[...shown.map((name) => `${quote(name)} shown`), ...hidden.map((name) => `${quote(name)} hidden`)].join(', ')}`,
    () => `links shown: ${[...new Set(links())].map(quote).join(', ') || 'none'}`,
  )
}

export async function link(world: World, { name, to }: StepArgs['link']): Promise<void> {
  const href = () => (queryAllByRole(world.document, 'link', name)[0] as HTMLAnchorElement | undefined)?.href
  await waitUntil(
    world,
    () => (href() !== undefined && matches(to, href()!) ? true : undefined),
    `a link ${quote(name)} to ${describeMatch(to)}`,
    () => (href() === undefined ? `links: ${queryAllByRole(world.document, 'link').map(accessibleName).map(quote).join(', ') || 'none'}` : `it leads to ${quote(href()!)}`),
  )
}
