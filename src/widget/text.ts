/** Looking up a text by key, with the host's overrides and `{name}` placeholders filled in. */
import { DEFAULT_TEXT, type TextKey, type TextOverrides } from './default-text.js'

export type TextValues = Readonly<Record<string, string | number | undefined>>

/** Looks up `key` and fills in its placeholders. */
export type Translate = (key: TextKey, values?: TextValues) => string

/** Replaces each `{name}` with `values[name]`; a placeholder without a value stays as written. */
export function interpolate(template: string, values: TextValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    return value === undefined ? whole : String(value)
  })
}

export function createTranslate(overrides: TextOverrides = {}): Translate {
  const texts: Record<string, string> = { ...DEFAULT_TEXT, ...overrides }
  return (key, values) => interpolate(texts[key] ?? key, values)
}

/** The values a handle gives the messages: `{email}` or `{phone}`. */
export function handleValues(handle: { type: string; value: string } | undefined): TextValues {
  if (!handle) return {}
  if (handle.type === 'email_address') return { email: handle.value }
  if (handle.type === 'phone_number') return { phone: handle.value }
  return { username: handle.value }
}
