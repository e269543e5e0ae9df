/**
 * A blog post's front matter `date` as Docusaurus's blog takes it (`Joi.date()`): a YAML date or
 * timestamp (js-yaml makes it a Date with `Date.UTC`, so `date: 0099-01-01` is 1999-01-01), or a
 * text read by `new Date(`${text}Z`)` (quoted, or not a YAML timestamp: `'0049-06-15'` is
 * 2049-06-15, as the JavaScript engine reads a year below 100). A day that is none is a
 * mistake here, where Docusaurus would silently take a later day or fail.
 */
import type { ValueAt } from '../../shared/read-value.js'

// YAML 1.1's timestamp, a date to Docusaurus's YAML reader (js-yaml): one-digit months and days, a time without zone in UTC.
const yamlTimestamp = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[ \t]*(Z|([-+])(\d{1,2})(?::?(\d{2}))?))?)?$/

/** `quoted`: whether the value is written as a quoted (or block) text, which js-yaml leaves a text. */
export function readPostDate(at: ValueAt, quoted: () => boolean): string | undefined {
  if (at.value === undefined) return undefined
  const time = at.value instanceof Date ? at.value.getTime() : typeof at.value === 'string' ? parseDate(at.value, quoted) : Number.NaN
  if (typeof time === 'string') return at.fail(`names no day of the calendar, got ${JSON.stringify(at.value)}: ${time}`, "Write the post's real date.")
  if (Number.isNaN(time)) return at.fail(`must be a date such as 2024-01-05, got ${JSON.stringify(at.value)}`)
  return new Date(time).toISOString()
}

/** The time `written` names, NaN for none, or why the day it names is none. */
function parseDate(written: string, quoted: () => boolean): number | string {
  const match = yamlTimestamp.exec(written.trim())
  if (match === null) return written.length > 100 ? Number.NaN : Date.parse(written)
  const [, year, month, day, hour, minute = '0', second = '0', fraction = '', zone, sign, zoneHours = '0', zoneMinutes = '0'] = match
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')))
  if (Number(month) < 1 || Number(month) > 12) return `there is no month ${Number(month)}`
  const days = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()
  if (Number(day) < 1 || Number(day) > days) return `${year}-${month!.padStart(2, '0')} has ${days} days`
  const offset = zone === undefined || zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes)) * 60_000
  // Only a year below 100 is read otherwise as a text than as js-yaml's Date (Date.UTC makes every one 19xx):
  // the engine reads `0049-06-15Z` as 2049-06-15, and some (`0020-03-04Z`) as no date at all.
  const yamlDate = match[0] === written && (hour !== undefined || /^\d{4}-\d{2}-\d{2}$/.test(written)) && !quoted()
  if (Number(year) >= 100 || yamlDate) return local - offset
  const asText = Date.parse(`${written}Z`)
  return Number.isNaN(asText) ? `Docusaurus reads a year below 100 as new Date(${JSON.stringify(`${written}Z`)}) does, which is no date` : asText
}
