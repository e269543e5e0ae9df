/**
 * Small value forms of scenario files: durations (`30s`, `500ms`, `2m`), text matches (exact text
 * or `/regex/flags`) and `{{…}}` templates (codes and links from the outbox, TOTP codes, recovery
 * codes), each read through the reading kit so mistakes come back with their position.
 */
import { closest } from '../../src/shared/closest.js'
import type { ValueAt } from '../../src/shared/read-value.js'

/** Exact text of an element, or a regular expression tested against the text. */
export type TextMatch = { readonly exact: string } | { readonly pattern: string; readonly flags: string }

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }

export function readDuration(at: ValueAt): number | undefined {
  if (!at.present) return undefined
  if (typeof at.value === 'number') return at.fail(`must be a duration with a unit, such as 30s or 500ms, got ${at.value}`)
  const text = at.string()
  if (text === undefined) return undefined
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)$/.exec(text.trim())
  if (!match) return at.fail(`must be a duration such as 30s, 1.5s, 500ms or 2m, got '${text}'`)
  return Math.round(Number(match[1]) * UNITS[match[2]!]!)
}

export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`
  if (ms % 1000 === 0) return `${ms / 1000}s`
  return ms > 1000 ? `${(ms / 1000).toFixed(3).replace(/0+$/, '')}s` : `${ms}ms`
}

export function readTextMatch(at: ValueAt): TextMatch | undefined {
  const text = readTemplateText(at)
  if (text === undefined) return undefined
  const regex = /^\/(.+)\/([dgimsuy]*)$/s.exec(text)
  if (!regex) return { exact: text }
  try {
    new RegExp(regex[1]!, regex[2])
  } catch (error) {
    return at.fail(`is not a valid regular expression: ${(error as Error).message}`)
  }
  return { pattern: regex[1]!, flags: regex[2]!.replace('g', '') }
}

export function describeMatch(match: TextMatch): string {
  return 'exact' in match ? JSON.stringify(match.exact) : `/${match.pattern}/${match.flags}`
}

/** Template names and whether they take an argument (`{{otp:ada@example.test}}`). */
export const TEMPLATES = {
  otp: 'the last one-time code sent (to the handle after the colon, if given)',
  link: 'the last sign-in link sent (to the handle after the colon, if given)',
  totp: 'the authenticator code now (virtual time) for the set-up key on the screen, or for the base32 secret after the colon',
  recovery_code: 'a recovery code shown on the recovery-codes screen (the first, or number N after the colon)',
  oid: 'the organization id the page signs in to',
} as const

export type TemplateName = keyof typeof TEMPLATES

const TEMPLATE_PATTERN = /\{\{\s*([a-z_]+)(?::([^}]*))?\s*\}\}/g

/** A text that may hold `{{…}}` templates; unknown template names are reported. */
export function readTemplateText(at: ValueAt): string | undefined {
  const value = typeof at.value === 'number' ? String(at.value) : at.string()
  if (value === undefined) return undefined
  for (const [, name] of value.matchAll(TEMPLATE_PATTERN)) {
    if (!(name! in TEMPLATES)) {
      const near = closest(name!, Object.keys(TEMPLATES))
      return at.fail(`unknown template '{{${name}}}'`, near ? `Did you mean '{{${near}}}'?` : `Known templates: ${Object.keys(TEMPLATES).join(', ')}.`)
    }
  }
  return value
}

/** Replaces every template through `resolve` (which may wait for the outbox). */
export async function fillTemplates(text: string, resolve: (name: TemplateName, argument: string | undefined) => Promise<string>): Promise<string> {
  let out = ''
  let last = 0
  for (const match of text.matchAll(TEMPLATE_PATTERN)) {
    out += text.slice(last, match.index) + (await resolve(match[1] as TemplateName, match[2]?.trim() || undefined))
    last = match.index! + match[0].length
  }
  return out + text.slice(last)
}
