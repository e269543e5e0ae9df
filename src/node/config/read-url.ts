/**
 * Config values that reach a URL or a style attribute, judged as a browser reads them: the base
 * URL every href starts with, hrefs and image URLs as written, and colours.
 */
import { unsafeSchemes, urlScheme } from '../../shared/url-scheme.js'

/** A part of a URL path as it may be written in an href: encoded where it must be. */
const urlPathSegment = /^(?:[\w\-.~!$&'()*+,;=:@]|%[\da-f]{2})*$/i
// Dot segments count however they are spelt: a browser resolves "%2e%2e" as "..".
const dotSegment = /^(\.|%2e){1,2}$/i

/** What is wrong with a base URL as written, and the one to write instead; undefined when it is a plain URL path. */
export function baseUrlProblem(text: string): { message: string; suggestion: string } | undefined {
  const segments = text.split('/').filter(Boolean)
  if (!/^[a-z][a-z\d+.-]*:/i.test(text) && segments.every((segment) => !dotSegment.test(segment) && urlPathSegment.test(segment))) return undefined
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(text)?.[0]
  const pathOnly = (origin ? text.slice(origin.length) : text)
    .split(/[?#]/)[0]!
    .split('/')
    .filter((segment) => segment && !dotSegment.test(segment))
    .map((segment) => segment.replace(/[^\w\-.~!$&'()*+,;=:@%]|%(?![\da-f]{2})/gi, encodeURIComponent))
  return {
    message: `must be the URL path the site is served under, such as "/" or "/handbook/" (no origin, query, fragment, dot segments, or characters a URL path must encode, such as spaces), got "${text}"`,
    suggestion: `Write baseUrl: '${pathOnly.length === 0 ? '/' : `/${pathOnly.join('/')}/`}'${origin ? ` and url: '${origin}'` : ''}.`,
  }
}

/** Why an href or image URL may not be used (it runs code or carries a document of its own), or undefined. */
export function unsafeUrlProblem(text: string): string | undefined {
  const scheme = urlScheme(text)
  if (scheme === undefined || !unsafeSchemes.has(scheme)) return undefined
  return `must not be a ${scheme}: URL, which ${scheme === 'data' ? 'carries a document of its own' : 'runs code'}, got "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`
}

/** Hex, a keyword, a colour function of numbers, or a custom property: nothing that ends a declaration or loads a URL. */
export function isCssColor(text: string): boolean {
  return /^(#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})|[a-z]+|(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([\w\s.,%/+-]*\)|var\(--[\w-]+\))$/i.test(text)
}
