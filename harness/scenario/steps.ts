/**
 * Every step a scenario can take, with how its argument is written. The table is the one source
 * for reading files, "did you mean" on unknown steps, `--list` and the README's reference.
 * Steps act like a person (found by label, role and visible text), assert what the person sees
 * or what the browser and provider recorded, or play the provider's part.
 */
import type { ValueAt } from '../../src/shared/read-value.js'
import { readDuration, readTemplateText, readTextMatch, type TextMatch } from './values.js'

export type ValueSpec = 'present' | 'absent' | TextMatch

export interface StepArgs {
  fill: { field: string; text: string }
  pick_tab: { tab: string }
  pick: { field: string; option: string }
  click: { name: string }
  check: { label: string }
  paste: { field: string; text: string }
  enter_code: { code: string }
  press: { key: string; field: string | undefined }
  follow_link: { handle: string | undefined }
  open: { url: string }
  new_tab: { url: string }
  switch_tab: { tab: number }
  reload: Record<string, never>
  offline: Record<string, never>
  online: Record<string, never>
  advance: { ms: number }
  wait_for: { text: TextMatch; withinMs: number }
  see: { text: TextMatch }
  not_see: { text: TextMatch }
  screen: { title: string }
  page_title: { title: TextMatch }
  field_error: { field: string; text: string | undefined }
  link: { name: string; to: TextMatch }
  enabled: { name: string }
  disabled: { name: string }
  url: { url: TextMatch }
  storage: { entries: Array<[string, ValueSpec]> }
  session_storage: { entries: Array<[string, ValueSpec]> }
  signed_in: { expected: boolean; groups: string[] | undefined; org: string | undefined }
  events: { names: string[] }
  no_events: { names: string[] }
  analytics: { names: string[] }
  calls: { counts: Array<[string, number]> }
  calls_order: { calls: string[] }
  downloaded: { file: string; lines: number | undefined; contains: string | undefined }
  nav: { shown: string[]; hidden: string[] }
  fault: { rule: Record<string, unknown> }
  clear_faults: Record<string, never>
  policy: { org: string | undefined; policy: Record<string, unknown> }
  set_groups: { handle: string; groups: string[]; org: string | undefined }
  expire_challenges: Record<string, never>
  set_active: { handle: string; active: boolean }
  add_person: { person: Record<string, unknown> }
}

export type StepName = keyof StepArgs

export type StepKind = 'action' | 'assertion' | 'provider'

interface StepDefinition<N extends StepName> {
  readonly kind: StepKind
  readonly summary: string
  /** How it is written in YAML (one line, for the reference and "expected" hints). */
  readonly example: string
  readonly read: (at: ValueAt) => StepArgs[N] | undefined
}

// --- little readers -----------------------------------------------------------------------------

/** `make(value)` when the value was read, else undefined (a failed read was already reported). */
const map = <T, R>(value: T | undefined, make: (value: T) => R): R | undefined => (value === undefined ? undefined : make(value))

const none = (at: ValueAt): Record<string, never> | undefined => (at.present && at.value !== true ? at.fail('takes no value: write the step name alone (- reload)') : {})

const text = (at: ValueAt, what: string): string | undefined => (at.require(what) ? readTemplateText(at) : undefined)

const names = (at: ValueAt, what: string): string[] | undefined => {
  if (!at.require(what)) return undefined
  const items = at.listOrOne()?.map((item) => item.string())
  return items && items.every((item): item is string => item !== undefined) ? items : undefined
}

/** A mapping with the given keys (required ones first); reports the rest. */
function fields<K extends string, O extends string = never>(at: ValueAt, required: readonly K[], optional: readonly O[] = []): Record<K | O, ValueAt> | undefined {
  if (!at.require(`a mapping with ${required.join(', ')}`)) return undefined
  const entries = at.mapping([...required, ...optional])
  if (!entries) return undefined
  let ok = true
  for (const key of required) if (!at.get(key).require()) ok = false
  return ok ? (Object.fromEntries([...required, ...optional].map((key) => [key, at.get(key)])) as Record<K | O, ValueAt>) : undefined
}

const both = <A, B, R>(a: A | undefined, b: B | undefined, make: (a: A, b: B) => R): R | undefined => (a !== undefined && b !== undefined ? make(a, b) : undefined)

function valueSpec(at: ValueAt): ValueSpec | undefined {
  if (at.value === 'present' || at.value === 'absent') return at.value
  return readTextMatch(at)
}

function specEntries(at: ValueAt): Array<[string, ValueSpec]> | undefined {
  if (!at.require('a mapping of storage keys to present, absent, a text or a /regex/')) return undefined
  const entries = at.mapping()
  if (!entries) return undefined
  const out: Array<[string, ValueSpec]> = []
  for (const [key, value] of entries) {
    const spec = valueSpec(value)
    if (spec !== undefined) out.push([key, spec])
  }
  return out.length === entries.length ? out : undefined
}

function record(at: ValueAt, what: string): Record<string, unknown> | undefined {
  return at.require(what) && at.mapping() ? (at.value as Record<string, unknown>) : undefined
}

// --- the table ----------------------------------------------------------------------------------

export const STEPS: { readonly [N in StepName]: StepDefinition<N> } = {
  fill: {
    kind: 'action',
    summary: 'Type a text into the field with this label (replacing what it held).',
    example: 'fill: { field: Email address, with: ada@example.test }',
    read: (at) => {
      const f = fields(at, ['field', 'with'])
      return f && both(f.field.string(), readTemplateText(f.with), (field, text) => ({ field, text }))
    },
  },
  pick_tab: { kind: 'action', summary: 'Pick the tab with this name.', example: 'pick_tab: Phone', read: (at) => map(at.require('a tab name') ? at.string() : undefined, (tab) => ({ tab })) },
  pick: {
    kind: 'action',
    summary: 'Open the drop-down with this label and choose an option (by its visible name, or the start of it).',
    example: 'pick: { field: Authentication method, option: Code by SMS }',
    read: (at) => {
      const f = fields(at, ['field', 'option'])
      return f && both(f.field.string(), f.option.string(), (field, option) => ({ field, option }))
    },
  },
  click: { kind: 'action', summary: 'Click the button or link with this name (it must be enabled).', example: 'click: Continue', read: (at) => map(text(at, 'a button or link name'), (name) => ({ name })) },
  check: { kind: 'action', summary: 'Tick the checkbox with this label.', example: 'check: I have saved my recovery codes', read: (at) => map(text(at, 'a checkbox label'), (label) => ({ label })) },
  paste: {
    kind: 'action',
    summary: 'Paste a text into the field with this label.',
    example: "paste: { field: Digit 1 of 6, text: '{{otp}}' }",
    read: (at) => {
      const f = fields(at, ['field', 'text'])
      return f && both(f.field.string(), readTemplateText(f.text), (field, text) => ({ field, text }))
    },
  },
  enter_code: { kind: 'action', summary: 'Type a code into the one-time-code boxes, box by box.', example: "enter_code: '{{otp}}'", read: (at) => map(text(at, 'a code'), (code) => ({ code })) },
  press: {
    kind: 'action',
    summary: 'Press a key (Enter, Tab, ArrowDown, Backspace …) in the focused element, or in the field with this label.',
    example: 'press: Enter        # or press: { key: Enter, in: Email address }',
    read: (at) => {
      if (typeof at.value === 'string') return { key: at.value, field: undefined }
      const f = fields(at, ['key'], ['in'])
      return f && map(f.key.string(), (key) => ({ key, field: f.in.string() }))
    },
  },
  follow_link: {
    kind: 'action',
    summary: 'Follow the last sign-in link sent (to this handle) in a new tab, as from a mail app; the sign-in tab stays current.',
    example: 'follow_link: ada@example.test',
    read: (at) => ({ handle: at.present ? at.string() : undefined }),
  },
  open: { kind: 'action', summary: 'Open a URL or a path of the site in the current tab.', example: 'open: /docs/Private/notice', read: (at) => map(text(at, 'a URL or path'), (url) => ({ url })) },
  new_tab: { kind: 'action', summary: 'Open a URL or path in a new tab (same browser: shared storage) and make it current.', example: "new_tab: '{{link}}'", read: (at) => map(text(at, 'a URL or path'), (url) => ({ url })) },
  switch_tab: { kind: 'action', summary: 'Make tab N (1 is the first) current.', example: 'switch_tab: 1', read: (at) => map(at.require('a tab number') ? at.number({ integer: true, min: 1 }) : undefined, (tab) => ({ tab })) },
  reload: { kind: 'action', summary: 'Reload the current tab.', example: 'reload', read: none },
  offline: { kind: 'action', summary: 'Go offline: every request to the provider fails as a network error.', example: 'offline', read: none },
  online: { kind: 'action', summary: 'Come back online.', example: 'online', read: none },
  advance: { kind: 'action', summary: 'Let virtual time pass (timers, countdowns, polling and provider delays run).', example: 'advance: 30s', read: (at) => map(at.require('a duration') ? readDuration(at) : undefined, (ms) => ({ ms })) },
  wait_for: {
    kind: 'action',
    summary: 'Let virtual time pass until a text is visible (default within 60s of virtual time).',
    example: 'wait_for: { text: You are now authenticated!, within: 10s }',
    read: (at) => {
      if (typeof at.value === 'string') return map(readTextMatch(at), (match) => ({ text: match, withinMs: 60_000 }))
      const f = fields(at, ['text'], ['within'])
      return f && map(readTextMatch(f.text), (match) => ({ text: match, withinMs: f.within.present ? (readDuration(f.within) ?? 0) : 60_000 }))
    },
  },
  see: { kind: 'assertion', summary: 'A visible element reads exactly this text (or the screen matches /regex/).', example: 'see: You are now authenticated!', read: (at) => map(at.require('a text') ? readTextMatch(at) : undefined, (match) => ({ text: match })) },
  not_see: { kind: 'assertion', summary: 'No visible element reads this text (nor does the screen match /regex/).', example: 'not_see: /Resend$/', read: (at) => map(at.require('a text') ? readTextMatch(at) : undefined, (match) => ({ text: match })) },
  screen: { kind: 'assertion', summary: 'The sign-in form (or page) shows a heading that reads exactly this title.', example: 'screen: Check your email', read: (at) => map(text(at, 'a title'), (title) => ({ title })) },
  page_title: { kind: 'assertion', summary: "The document's title (browser tab).", example: 'page_title: /Sanctum/', read: (at) => map(at.require('a title') ? readTextMatch(at) : undefined, (title) => ({ title })) },
  field_error: {
    kind: 'assertion',
    summary: "The error message shown for the field with this label (text: none means no error).",
    example: 'field_error: { field: Email address, text: Please enter your email address. }',
    read: (at) => {
      const f = fields(at, ['field', 'text'])
      return f && both(f.field.string(), readTemplateText(f.text), (field, text) => ({ field, text: text === 'none' ? undefined : text }))
    },
  },
  link: {
    kind: 'assertion',
    summary: 'A visible link with this name leads to this URL (or /regex/).',
    example: 'link: { name: Sign up, to: https://example.test/request-access }',
    read: (at) => {
      const f = fields(at, ['name', 'to'])
      return f && both(f.name.string(), readTextMatch(f.to), (name, to) => ({ name, to }))
    },
  },
  enabled: { kind: 'assertion', summary: 'The button with this name can be clicked.', example: 'enabled: Continue', read: (at) => map(text(at, 'a button name'), (name) => ({ name })) },
  disabled: { kind: 'assertion', summary: 'The button with this name is disabled.', example: 'disabled: Continue', read: (at) => map(text(at, 'a button name'), (name) => ({ name })) },
  url: { kind: 'assertion', summary: 'The current tab is at this path (with its query), full URL, or /regex/ on the full URL.', example: 'url: /', read: (at) => map(at.require('a path or URL') ? readTextMatch(at) : undefined, (url) => ({ url })) },
  storage: {
    kind: 'assertion',
    summary: "localStorage keys: present, absent, an exact text or a /regex/. '{{oid}}' names the page's organization.",
    example: "storage: { '@slashid/USER_TOKEN/{{oid}}': present }",
    read: (at) => map(specEntries(at), (entries) => ({ entries })),
  },
  session_storage: { kind: 'assertion', summary: 'sessionStorage keys, as for storage.', example: "session_storage: { '@SLASHID/CSRF_TOKEN': present }", read: (at) => map(specEntries(at), (entries) => ({ entries })) },
  signed_in: {
    kind: 'assertion',
    summary: "Whether a user token is stored for the page's organization (or org), and the groups it carries.",
    example: 'signed_in: { groups: [admins] }      # or signed_in: false',
    read: (at) => {
      if (typeof at.value === 'boolean') return { expected: at.value, groups: undefined, org: undefined }
      const f = fields(at, [], ['groups', 'org'])
      if (!f) return undefined
      const groups = f.groups.present ? names(f.groups, 'a list of groups') : undefined
      return f.groups.present && groups === undefined ? undefined : { expected: true, groups, org: f.org.string() }
    },
  },
  events: { kind: 'assertion', summary: 'These SDK events were published, in this order (others may come between).', example: 'events: [idFlowStarted, otpCodeSent, idFlowSucceeded]', read: (at) => map(names(at, 'event names'), (list) => ({ names: list })) },
  no_events: { kind: 'assertion', summary: 'None of these SDK events was published.', example: 'no_events: [idFlowFailed]', read: (at) => map(names(at, 'event names'), (list) => ({ names: list })) },
  analytics: { kind: 'assertion', summary: 'The provider received these analytics events (event_name), in this order.', example: 'analytics: [idFlowSucceeded]', read: (at) => map(names(at, 'analytics event names'), (list) => ({ names: list })) },
  calls: {
    kind: 'assertion',
    summary: "How many times each provider call was made ('METHOD /path', a trailing * matches any rest).",
    example: "calls: { 'POST /id/v2': 1, 'GET /challenge/*': 3 }",
    read: (at) => {
      if (!at.require('a mapping of calls to counts')) return undefined
      const entries = at.mapping()
      const counts = entries?.map(([key, value]) => [key, value.number({ integer: true, min: 0 })] as [string, number | undefined])
      return counts && counts.every((entry): entry is [string, number] => entry[1] !== undefined) ? { counts } : undefined
    },
  },
  calls_order: { kind: 'assertion', summary: 'These provider calls were made in this order (others may come between).', example: "calls_order: ['POST /id/v2', 'POST /attestation/v3']", read: (at) => map(names(at, 'calls'), (calls) => ({ calls })) },
  downloaded: {
    kind: 'assertion',
    summary: 'A file with this name was downloaded (optionally with this many lines, or containing a text).',
    example: 'downloaded: { file: recovery-codes.txt, lines: 10 }',
    read: (at) => {
      if (typeof at.value === 'string') return { file: at.value, lines: undefined, contains: undefined }
      const f = fields(at, ['file'], ['lines', 'contains'])
      return f && map(f.file.string(), (file) => ({ file, lines: f.lines.number({ integer: true, min: 0 }), contains: readTemplateText(f.contains) }))
    },
  },
  nav: {
    kind: 'assertion',
    summary: "Links of the site's main navigation that are shown, and that are not.",
    example: 'nav: { shown: [Sanctum, Lotus Byte], hidden: [Private] }',
    read: (at) => {
      const f = fields(at, [], ['shown', 'hidden'])
      return f && { shown: f.shown.present ? (names(f.shown, 'link names') ?? []) : [], hidden: f.hidden.present ? (names(f.hidden, 'link names') ?? []) : [] }
    },
  },
  fault: {
    kind: 'provider',
    summary: 'From now on the provider misbehaves on a path: status, message, delay, drop (network error), times, skip.',
    example: 'fault: { path: /id/v2, status: 429, times: 1 }',
    read: (at) => {
      const f = fields(at, ['path'], ['method', 'status', 'message', 'delay', 'drop', 'times', 'skip'])
      if (!f) return undefined
      const rule: Record<string, unknown> = { path: f.path.string(), method: f.method.string(), status: f.status.number({ integer: true, min: 100, max: 599 }), message: f.message.string(), drop: f.drop.boolean(), times: f.times.number({ integer: true, min: 1 }), skip: f.skip.number({ integer: true, min: 0 }) }
      if (f.delay.present) rule.delayMs = readDuration(f.delay)
      return { rule: Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== undefined)) }
    },
  },
  clear_faults: { kind: 'provider', summary: 'The provider behaves again.', example: 'clear_faults', read: none },
  policy: {
    kind: 'provider',
    summary: "Change the organization's policy (fixture keys: selfRegistration, approvalRequired, maxAttempts …); org defaults to the page's.",
    example: 'policy: { selfRegistration: false }',
    read: (at) => {
      const value = record(at, 'a policy mapping')
      if (!value) return undefined
      const { org, ...policy } = value
      if (org !== undefined && typeof org !== 'string') return at.get('org').fail('must be an organization id')
      return { org: org as string | undefined, policy }
    },
  },
  set_groups: {
    kind: 'provider',
    summary: "Set a person's groups (tokens minted from now on carry them).",
    example: 'set_groups: { handle: ada@example.test, groups: [admins] }',
    read: (at) => {
      const f = fields(at, ['handle', 'groups'], ['org'])
      return f && both(f.handle.string(), names(f.groups, 'a list of groups'), (handle, groups) => ({ handle, groups, org: f.org.string() }))
    },
  },
  set_active: {
    kind: 'provider',
    summary: "Deactivate (or activate again) the person with this handle in the page's organization.",
    example: 'set_active: { handle: bob@example.test, active: false }',
    read: (at) => {
      const f = fields(at, ['handle', 'active'])
      return f && both(f.handle.string(), f.active.boolean(), (handle, active) => ({ handle, active }))
    },
  },
  expire_challenges: { kind: 'provider', summary: "Every open challenge, code and link of the provider expires (the provider's clock jumps past their lifetime).", example: 'expire_challenges', read: none },
  add_person: { kind: 'provider', summary: 'Add a person (fixture keys: email, phone, password, groups, active …).', example: 'add_person: { email: bob@example.test, password: Correct-Horse-9 }', read: (at) => map(record(at, 'a person mapping'), (person) => ({ person })) },
}

export const STEP_NAMES = Object.keys(STEPS) as StepName[]

